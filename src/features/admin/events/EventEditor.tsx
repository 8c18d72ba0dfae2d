/**
 * The event editor (product §2, §4, §5): "Event Creator" for a new event, "Event Editor" pre-filled
 * for an existing one. Name, date and description are required in both modes ('Please fill out
 * all fields'); the time and an image (JPEG, PNG or WebP) are optional. Without an image the pages show the
 * shop's logo (img stays null). A chosen image is uploaded first, on Save. Below, whether the event
 * takes RSVPs (capacity, places per customer, waiting list) and whether it is a tasting (decision 0351).
 */
import { useId } from 'react';
import { Modal } from '../../../components/ui/Modal';
import { IMAGE_MESSAGES } from '../common/image-file';
import '../../../components/ui/events.css';
import { EditorActions, EditorField, useEditorSave } from '../common/editor-parts';
import { EventImageField } from './EventImageField';
import { EventRsvpFields } from './EventRsvpFields';
import { eventInput, type AdminEvent, type EventFields } from './event-form';
import { useEventForm } from './use-event-form';
import { useEventImage } from './use-event-image';

export interface EventEditorProps {
  /** The event to edit; absent to create one. */
  event?: AdminEvent;
  /** Saves; resolves null when saved (the editor then closes), else the failure's message. */
  onSave: (input: EventFields & { img: string | null }) => Promise<string | null>;
  onCancel: () => void;
}

export function EventEditor({ event, onSave, onCancel }: EventEditorProps) {
  const editor = useEventForm(event);
  const { form, fieldProps } = editor;
  const { saving, error, refuse, clear, onSubmit } = useEditorSave();
  const image = useEventImage(event?.img ?? null, { refuse, clear });
  const descriptionId = useId();

  const refusal = () => {
    image.releaseError();
    return editor.refusal();
  };
  const saveEvent = async () => {
    const img = await image.imageToSave();
    if (img === undefined) return IMAGE_MESSAGES.uploadFailed;
    return onSave({ ...eventInput(form), img });
  };

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
              ref={editor.descriptionRef}
              id={descriptionId}
              className="admin-textarea"
              rows={4}
              value={form.description}
              onChange={(e) => editor.set('description', e.target.value)}
              aria-invalid={editor.invalid === 'description' || undefined}
            />
          </div>
          <EventRsvpFields form={editor} />
        </div>
        <EventImageField image={image} />
        <div className="full-row">
          <EditorActions saving={saving} error={error} onCancel={onCancel} />
        </div>
      </form>
    </Modal>
  );
}
