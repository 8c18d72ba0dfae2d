/**
 * The event editor (product §2, §4, §5): "Event Creator" for a new event, "Event Editor" pre-filled
 * for an existing one. Name, date and description are required in both modes ('Please fill out
 * all fields'); the time and an image (JPEG, PNG or WebP) are optional. Without an image the pages show the
 * shop's logo (img stays null). A chosen image is uploaded first, on Save. Below, whether the event
 * takes RSVPs (capacity, places per customer, waiting list) and whether it is a tasting (decision 0351).
 */
import { useId, useRef, useState } from 'react';
import logoUrl from '../../../assets/logo.svg';
import { Modal } from '../../../components/ui/Modal';
import { StoredImage } from '../../../components/ui/StoredImage';
import { IMAGE_MESSAGES } from '../common/image-file';
import { ImageFileInput } from '../common/ImageFileInput';
import { useObjectUrl } from '../common/use-object-url';
import { useUploadImage } from '../common/use-upload-image';
import '../../../components/ui/events.css';
import { DEFAULT_RSVP_PARTY_LIMIT, RSVP_FIELD_RANGES } from '../../../../shared/rsvp-rules';
import { EditorActions, EditorField, useEditorSave } from '../common/editor-parts';
import {
  EMPTY_EVENT_FORM,
  EVENT_MESSAGES,
  eventInput,
  eventToForm,
  missingEventField,
  rsvpSettingsProblem,
  type AdminEvent,
  type EventField,
  type EventFields,
  type EventForm,
} from './event-form';

export interface EventEditorProps {
  /** The event to edit; absent to create one. */
  event?: AdminEvent;
  /** Saves; resolves null when saved (the editor then closes), else the failure's message. */
  onSave: (input: EventFields & { img: string | null }) => Promise<string | null>;
  onCancel: () => void;
}

export function EventEditor({ event, onSave, onCancel }: EventEditorProps) {
  const [form, setForm] = useState<EventForm>(event ? eventToForm(event) : EMPTY_EVENT_FORM);
  const [invalid, setInvalid] = useState<EventField | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [keepImage, setKeepImage] = useState(true);
  const { saving, error, refuse, clear, onSubmit } = useEditorSave();
  /** Whether the inline error is about the image (it goes when a good image is chosen or the image cleared). */
  const [imageRefused, setImageRefused] = useState(false);
  const { upload } = useUploadImage();
  const fileInputRef = useRef<HTMLInputElement>(null);
  const fieldRefs = {
    name: useRef<HTMLInputElement>(null),
    date: useRef<HTMLInputElement>(null),
    time: useRef<HTMLInputElement>(null),
    description: useRef<HTMLTextAreaElement>(null),
    capacity: useRef<HTMLInputElement>(null),
    partyLimit: useRef<HTMLInputElement>(null),
  };
  const descriptionId = useId();
  const preview = useObjectUrl(file);
  const currentImage = keepImage ? (event?.img ?? null) : null;

  const set = (field: EventField, value: string) => {
    setForm({ ...form, [field]: value });
    if (invalid === field) setInvalid(null);
  };
  const setFlag = (flag: 'takesRsvp' | 'waitingList' | 'isTasting', value: boolean) => setForm({ ...form, [flag]: value });

  /** The image was refused when chosen (ImageFileInput's check); the previous choice stays. */
  const refuseFile = (message: string) => {
    setImageRefused(true);
    refuse({ message, focus: fileInputRef.current });
  };

  const forgetImageRefusal = () => {
    if (!imageRefused) return;
    setImageRefused(false);
    clear();
  };

  const chooseFile = (chosen: File | undefined) => {
    if (!chosen) return;
    forgetImageRefusal();
    setFile(chosen);
  };

  const clearImage = () => {
    forgetImageRefusal();
    setFile(null);
    setKeepImage(false);
    if (fileInputRef.current) fileInputRef.current.value = '';
  };

  const refusal = () => {
    setImageRefused(false);
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
  const saveEvent = async () => {
    // A newly chosen image is uploaded first; useUploadImage has toasted why when it fails.
    const img = file ? await upload(file) : currentImage;
    if (file && !img) return IMAGE_MESSAGES.uploadFailed;
    return onSave({ ...eventInput(form), img });
  };

  /** The props of the field's input: its value, its change, its invalid mark and its ref. */
  const fieldProps = (field: 'name' | 'date' | 'time' | 'capacity' | 'partyLimit') => ({
    value: form[field],
    onChange: (value: string) => set(field, value),
    invalid: invalid === field,
    inputRef: fieldRefs[field],
  });
  const shownImage = preview ?? currentImage;

  return (
    <Modal
      title={event ? 'Event Editor' : 'Event Creator'}
      onEscape={saving ? undefined : onCancel}
      className="admin-modal admin-modal--wide"
    >
      <form noValidate onSubmit={onSubmit(refusal, saveEvent)} className="event-editor">
        <div className="event-editor__fields">
          <EditorField label="Name" {...fieldProps('name')} />
          <div className="field-columns">
            <EditorField label="Date" type="date" {...fieldProps('date')} />
            <EditorField label="Time" type="time" note="Optional" {...fieldProps('time')} />
          </div>
          <div className="admin-field">
            <label className="admin-field__label" htmlFor={descriptionId}>
              Description
            </label>
            <textarea
              ref={fieldRefs.description}
              id={descriptionId}
              className="admin-textarea"
              rows={4}
              value={form.description}
              onChange={(e) => set('description', e.target.value)}
              aria-invalid={invalid === 'description' || undefined}
            />
          </div>
          <fieldset className="event-editor__rsvp">
            <legend>RSVPs and tastings</legend>
            <label className="admin-check">
              <input type="checkbox" checked={form.takesRsvp} onChange={(e) => setFlag('takesRsvp', e.target.checked)} />
              Takes RSVPs
            </label>
            {form.takesRsvp ? (
              <>
                <div className="field-columns">
                  <EditorField
                    label="Capacity"
                    note={`Places in all, ${RSVP_FIELD_RANGES.rsvpCapacity.min} to ${RSVP_FIELD_RANGES.rsvpCapacity.max}`}
                    type="number"
                    inputMode="numeric"
                    min={RSVP_FIELD_RANGES.rsvpCapacity.min}
                    max={RSVP_FIELD_RANGES.rsvpCapacity.max}
                    {...fieldProps('capacity')}
                  />
                  <EditorField
                    label="Places per customer"
                    note={`Default ${DEFAULT_RSVP_PARTY_LIMIT}, at most ${RSVP_FIELD_RANGES.rsvpPartyLimit.max}`}
                    type="number"
                    inputMode="numeric"
                    min={RSVP_FIELD_RANGES.rsvpPartyLimit.min}
                    max={RSVP_FIELD_RANGES.rsvpPartyLimit.max}
                    {...fieldProps('partyLimit')}
                  />
                </div>
                <label className="admin-check">
                  <input type="checkbox" checked={form.waitingList} onChange={(e) => setFlag('waitingList', e.target.checked)} />
                  Waiting list when full
                </label>
              </>
            ) : null}
            <label className="admin-check">
              <input type="checkbox" checked={form.isTasting} onChange={(e) => setFlag('isTasting', e.target.checked)} />
              Tasting (shows the tasting rules from Shop settings)
            </label>
          </fieldset>
        </div>
        <div className="event-editor__image">
          <ImageFileInput
            label="Image"
            note="Optional: JPEG, PNG or WebP. Without one, the shop's logo is shown."
            inputRef={fileInputRef}
            onFiles={([chosen]) => chooseFile(chosen)}
            onRefused={refuseFile}
          />
          <figure className="event-editor__preview">
            {shownImage ? (
              preview ? (
                <img src={preview} alt="Chosen image" width={800} height={500} className="event__image" />
              ) : (
                <StoredImage url={shownImage} alt="Current image" width={800} height={500} sizes="16rem" className="event__image" />
              )
            ) : (
              <img src={logoUrl} alt="Shop logo (no image)" width={218} height={64} className="event__image event__image--logo" />
            )}
            {shownImage ? (
              <button type="button" className="button button--ghost button--small" onClick={clearImage}>
                Remove image
              </button>
            ) : null}
          </figure>
        </div>
        <div className="full-row">
          <EditorActions saving={saving} error={error} onCancel={onCancel} />
        </div>
      </form>
    </Modal>
  );
}
