/**
 * The Item Editor's state and Save (product §4, §5): the form values, the field to mark, the inline
 * error and what caused it, a newly chosen image, and Save: the rules of item-rules.ts, the image
 * upload, then a create, or an update on condition that nobody changed the item since it was
 * loaded (a stale save shows the current values instead).
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { SessionEndedError } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { userFacingMessage } from '../common/graphql-errors';
import { useObjectUrl } from '../common/use-object-url';
import { useUploadImage } from '../common/use-upload-image';
import { useItemWrites } from './api';
import {
  buildCreateInput,
  buildUpdateInput,
  EMPTY_ITEM_FORM,
  formFromItem,
  ITEM_MESSAGES,
  validateItemSave,
  type AdminItem,
  type ItemField,
  type ItemFormValues,
} from './item-rules';

export function useItemEditor(item: AdminItem | null, { onClose, onSaved }: { onClose: () => void; onSaved?: (item: AdminItem) => void }) {
  const mode = item ? 'update' : 'create';
  const [base, setBase] = useState<AdminItem | null>(item);
  const [values, setValues] = useState<ItemFormValues>(() => (item ? formFromItem(item) : EMPTY_ITEM_FORM));
  const [file, setFile] = useState<File | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);
  const [invalid, setInvalid] = useState<ItemField | null>(null);
  const [saving, setSaving] = useState(false);
  /** The last refusal, repeated inside the dialog (the page's toasts are inert behind a modal). */
  const [formError, setFormError] = useState('');
  /** What the inline error is about: it goes once its cause is gone (decision 0197). */
  const [errorCause, setErrorCause] = useState<'rules' | 'image' | null>(null);
  const preview = useObjectUrl(file);
  const { upload } = useUploadImage();
  const { create: createItem, update: updateItem } = useItemWrites();
  const id = useId();
  const errorId = `${id}-error`;

  const refs = {
    name: useRef<HTMLInputElement>(null),
    price: useRef<HTMLInputElement>(null),
    description: useRef<HTMLTextAreaElement>(null),
    img: useRef<HTMLInputElement>(null),
    tags: useRef<HTMLInputElement>(null),
  } satisfies Record<ItemField, unknown>;
  const nameRef = refs.name;

  const clearError = () => {
    setFormError('');
    setErrorCause(null);
  };

  const set = <K extends keyof ItemFormValues>(key: K, value: ItemFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (invalid === key || (key === 'hasNewImage' && invalid === 'img')) setInvalid(null);
    // "Missing Required Fields" and the like go once every rule is met.
    if (errorCause === 'rules' && !validateItemSave({ ...values, [key]: value }, mode)) clearError();
  };

  const fail = (message: string) => {
    notify.error(message);
    setFormError(message);
    setErrorCause(null);
  };

  const refuse = (message: string, field: ItemField) => {
    fail(message);
    setErrorCause('rules');
    setInvalid(field);
    refs[field].current?.focus();
  };

  /** A chosen image refused (when chosen, or by the server at Save): it goes with a good image. */
  const refuseImage = (message: string) => {
    notify.error(message);
    setFormError(message);
    setErrorCause('image');
    setInvalid('img');
  };

  /** The item changed under us: show its current values and say so; the admin decides again. */
  const reloadCurrent = (current: AdminItem) => {
    setBase(current);
    setValues(formFromItem(current));
    setFile(null);
    setFileInputKey((key) => key + 1);
    setInvalid(null);
    nameRef.current?.focus();
  };

  const save = async () => {
    const refusal = validateItemSave(values, mode);
    if (refusal) return refuse(refusal.message, refusal.field);
    clearError();
    setSaving(true);
    try {
      let img = values.img;
      if (file) {
        const stored = await upload(file, {
          onRefused: (message) => {
            setFormError(message);
            setErrorCause('image');
          },
        });
        if (!stored) {
          setInvalid('img');
          refs.img.current?.focus();
          return;
        }
        // Stored once: a retry after a failed save does not upload it again.
        img = stored;
        setValues((current) => ({ ...current, img: stored, hasNewImage: false }));
        setFile(null);
      }
      if (!base) {
        try {
          const created = await createItem.mutateAsync(buildCreateInput(values, img));
          notify.success(ITEM_MESSAGES.created);
          onSaved?.(created);
          onClose();
        } catch (error) {
          if (!(error instanceof SessionEndedError)) fail(userFacingMessage(error, ITEM_MESSAGES.createError));
        }
        return;
      }
      const outcome = await updateItem.mutateAsync({ input: buildUpdateInput(base.id, values, img), expectedUpdatedAt: base.updatedAt });
      if (outcome.ok) {
        notify.success(ITEM_MESSAGES.updated);
        onSaved?.(outcome.item);
        onClose();
      } else if (outcome.stale) {
        fail(ITEM_MESSAGES.staleEdit);
        if (outcome.current) reloadCurrent(outcome.current);
        else onClose();
      } else {
        fail(userFacingMessage(outcome.errors, ITEM_MESSAGES.updateError));
      }
    } catch (error) {
      if (!(error instanceof SessionEndedError)) fail(base ? ITEM_MESSAGES.updateError : ITEM_MESSAGES.createError);
    } finally {
      setSaving(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!saving) void save();
  };

  /** A file chosen in the image input (or none). */
  const chooseImage = (chosen: File | null) => {
    setFile(chosen);
    set('hasNewImage', Boolean(chosen));
    if (errorCause === 'image') clearError();
  };

  /** The input refused the chosen file and emptied itself: no new image is chosen any more. */
  const refuseChosenImage = (message: string) => {
    setFile(null);
    setValues((current) => ({ ...current, hasNewImage: false }));
    refuseImage(message);
    refs.img.current?.focus();
  };

  return { base, values, set, refs, invalid, saving, formError, errorId, preview, fileInputKey, chooseImage, refuseChosenImage, onSubmit };
}
