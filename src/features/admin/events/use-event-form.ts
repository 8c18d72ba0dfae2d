/**
 * The Event editor's form (product §2, §4, §5; decision 0351): the fields as typed, which one was
 * refused, and the check before saving: the first required field left empty, then the RSVP
 * settings by the server's own rules (event-form.ts). A refused field is marked invalid until it
 * changes, and the refusal puts focus on it.
 */
import { useRef, useState } from 'react';
import type { Refusal } from '../common/editor-parts';
import {
  EMPTY_EVENT_FORM,
  EVENT_MESSAGES,
  eventToForm,
  missingEventField,
  rsvpSettingsProblem,
  type AdminEvent,
  type EventField,
  type EventForm,
} from './event-form';

/** The ticks of the form: RSVPs taken, a waiting list when full, a tasting. */
export type EventFlag = 'takesRsvp' | 'waitingList' | 'isTasting';

/** The fields drawn by EditorField (the description is a text area of its own). */
export type EventInputField = Exclude<EventField, 'description'>;

export function useEventForm(event: AdminEvent | undefined) {
  const [form, setForm] = useState<EventForm>(event ? eventToForm(event) : EMPTY_EVENT_FORM);
  const [invalid, setInvalid] = useState<EventField | null>(null);
  const fieldRefs = {
    name: useRef<HTMLInputElement>(null),
    date: useRef<HTMLInputElement>(null),
    time: useRef<HTMLInputElement>(null),
    description: useRef<HTMLTextAreaElement>(null),
    capacity: useRef<HTMLInputElement>(null),
    partyLimit: useRef<HTMLInputElement>(null),
  };

  const set = (field: EventField, value: string) => {
    setForm({ ...form, [field]: value });
    if (invalid === field) setInvalid(null);
  };

  /** Why the form cannot be saved, with the field to focus; null when it can. */
  const refusal = (): Refusal | null => {
    const missing = missingEventField(form);
    if (missing) {
      setInvalid(missing);
      return { message: EVENT_MESSAGES.missingFields, focus: fieldRefs[missing].current };
    }
    const rsvp = rsvpSettingsProblem(form);
    if (!rsvp) return null;
    setInvalid(rsvp.field);
    return { message: rsvp.message, focus: fieldRefs[rsvp.field].current };
  };

  return {
    form,
    invalid,
    set,
    setFlag: (flag: EventFlag, value: boolean) => setForm({ ...form, [flag]: value }),
    descriptionRef: fieldRefs.description,
    /** The props of the field's input: its value, its change, its invalid mark and its ref. */
    fieldProps: (field: EventInputField) => ({
      value: form[field],
      onChange: (value: string) => set(field, value),
      invalid: invalid === field,
      inputRef: fieldRefs[field],
    }),
    refusal,
  };
}

export type EventFormState = ReturnType<typeof useEventForm>;
