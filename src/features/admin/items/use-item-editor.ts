/**
 * The Item Editor's state and Save (product §4, §5): the form values, the field to mark, the inline
 * error and what caused it, a newly chosen image, and Save: the rules of item-rules.ts, the image
 * upload, then a create, or an update on condition that nobody changed the item since it was
 * loaded (a stale save shows the current values instead).
 */
import { saleWriteOf } from '../../../../shared/sale-rule';
import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
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

type ItemFieldRefs = {
  name: RefObject<HTMLInputElement | null>;
  price: RefObject<HTMLInputElement | null>;
  description: RefObject<HTMLTextAreaElement | null>;
  img: RefObject<HTMLInputElement | null>;
  tags: RefObject<HTMLInputElement | null>;
  size: RefObject<HTMLInputElement | null>;
  abv: RefObject<HTMLInputElement | null>;
  vintage: RefObject<HTMLInputElement | null>;
  stock: RefObject<HTMLInputElement | null>;
  limitPerCustomer: RefObject<HTMLInputElement | null>;
};

/** The field to mark, and the inline error with what caused it (it goes once its cause is gone, decision 0197). */
function useItemFeedback(refs: ItemFieldRefs) {
  const [invalid, setInvalid] = useState<ItemField | null>(null);
  /** The last refusal, repeated inside the dialog (the page's toasts are inert behind a modal). */
  const [formError, setFormError] = useState('');
  const [errorCause, setErrorCause] = useState<'rules' | 'image' | null>(null);

  const clearError = () => {
    setFormError('');
    setErrorCause(null);
  };

  const fail = (message: string) => {
    notify.error(message);
    setFormError(message);
    setErrorCause(null);
  };

  /** A rule of item-rules.ts refused the form: mark and focus its field. */
  const refuse = (message: string, field: ItemField) => {
    fail(message);
    setErrorCause('rules');
    setInvalid(field);
    refs[field].current?.focus();
  };

  /** An image refused at upload (already toasted): said inline until a good image is chosen. */
  const showImageError = (message: string) => {
    setFormError(message);
    setErrorCause('image');
  };

  /** A chosen image refused (when chosen, or by the server at Save): it goes with a good image. */
  const refuseImage = (message: string) => {
    notify.error(message);
    showImageError(message);
    setInvalid('img');
  };

  return { invalid, setInvalid, formError, errorCause, clearError, fail, refuse, showImageError, refuseImage };
}

interface SaveItemDeps {
  mode: 'create' | 'update';
  /** The item as loaded (or as reloaded after a stale save); null in add mode. */
  base: AdminItem | null;
  values: ItemFormValues;
  /** A newly chosen image, not stored yet. */
  file: File | null;
  refs: ItemFieldRefs;
  feedback: ReturnType<typeof useItemFeedback>;
  /** The chosen image is stored at `url`: a retry after a failed save does not upload it again. */
  onImageStored: (url: string) => void;
  /** The item changed under us: show its current values. */
  reloadCurrent: (current: AdminItem) => void;
  onClose: () => void;
  onSaved?: (item: AdminItem) => void;
}

/** Save: the rules of item-rules.ts, the image upload, then a create, or an update on condition. */
function useSaveItem({ mode, base, values, file, refs, feedback, onImageStored, reloadCurrent, onClose, onSaved }: SaveItemDeps) {
  const [saving, setSaving] = useState(false);
  const { upload } = useUploadImage();
  const { create: createItem, update: updateItem } = useItemWrites();
  const { fail } = feedback;

  /** The image to save: the stored one, or the chosen file once uploaded; null when the upload was refused. */
  const imageToSave = async (): Promise<string | null> => {
    if (!file) return values.img;
    const stored = await upload(file, { onRefused: feedback.showImageError });
    if (!stored) {
      feedback.setInvalid('img');
      refs.img.current?.focus();
      return null;
    }
    onImageStored(stored);
    return stored;
  };

  const create = async (img: string) => {
    try {
      const created = await createItem.mutateAsync(buildCreateInput(values, img));
      notify.success(ITEM_MESSAGES.created);
      onSaved?.(created);
      onClose();
    } catch (error) {
      if (!(error instanceof SessionEndedError)) fail(userFacingMessage(error, ITEM_MESSAGES.createError));
    }
  };

  /** An update on condition that nobody changed the item since `current` was loaded (else its current values show). */
  const update = async (current: AdminItem, img: string) => {
    const outcome = await updateItem.mutateAsync({
      input: buildUpdateInput(current.id, values, img, current),
      expectedUpdatedAt: current.updatedAt,
    });
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
  };

  const save = async () => {
    const refusal = validateItemSave(values, mode);
    if (refusal) return feedback.refuse(refusal.message, refusal.field);
    // New York's Sale rule, as the server judges it (decision 0292): said at once, nothing sent.
    if (values.onSale) {
      const input = base ? buildUpdateInput(base.id, values, values.img, base) : buildCreateInput(values, values.img);
      const { problem } = saleWriteOf(base ? 'update' : 'create', base, input, new Date());
      if (problem) return fail(problem);
    }
    feedback.clearError();
    setSaving(true);
    try {
      const img = await imageToSave();
      if (img === null) return;
      if (!base) await create(img);
      else await update(base, img);
    } catch (error) {
      if (!(error instanceof SessionEndedError)) fail(base ? ITEM_MESSAGES.updateError : ITEM_MESSAGES.createError);
    } finally {
      setSaving(false);
    }
  };

  return { saving, save };
}

export function useItemEditor(item: AdminItem | null, { onClose, onSaved }: { onClose: () => void; onSaved?: (item: AdminItem) => void }) {
  const mode = item ? 'update' : 'create';
  const [base, setBase] = useState<AdminItem | null>(item);
  const [values, setValues] = useState<ItemFormValues>(() => (item ? formFromItem(item) : EMPTY_ITEM_FORM));
  const [file, setFile] = useState<File | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);
  const preview = useObjectUrl(file);
  const errorId = `${useId()}-error`;
  const refs = {
    name: useRef<HTMLInputElement>(null),
    price: useRef<HTMLInputElement>(null),
    description: useRef<HTMLTextAreaElement>(null),
    img: useRef<HTMLInputElement>(null),
    tags: useRef<HTMLInputElement>(null),
    size: useRef<HTMLInputElement>(null),
    abv: useRef<HTMLInputElement>(null),
    vintage: useRef<HTMLInputElement>(null),
    stock: useRef<HTMLInputElement>(null),
    limitPerCustomer: useRef<HTMLInputElement>(null),
  } satisfies ItemFieldRefs & Record<ItemField, unknown>;
  const feedback = useItemFeedback(refs);
  const { invalid, setInvalid, errorCause, clearError } = feedback;

  const set = <K extends keyof ItemFormValues>(key: K, value: ItemFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (invalid === key || (key === 'hasNewImage' && invalid === 'img')) setInvalid(null);
    // "Missing Required Fields" and the like go once every rule is met.
    if (errorCause === 'rules' && !validateItemSave({ ...values, [key]: value }, mode)) clearError();
  };

  /** The item changed under us: show its current values and say so; the admin decides again. */
  const reloadCurrent = (current: AdminItem) => {
    setBase(current);
    setValues(formFromItem(current));
    setFile(null);
    setFileInputKey((key) => key + 1);
    setInvalid(null);
    refs.name.current?.focus();
  };

  const onImageStored = (stored: string) => {
    setValues((current) => ({ ...current, img: stored, hasNewImage: false }));
    setFile(null);
  };
  const { saving, save } = useSaveItem({ mode, base, values, file, refs, feedback, onImageStored, reloadCurrent, onClose, onSaved });

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
    feedback.refuseImage(message);
    refs.img.current?.focus();
  };

  const { formError } = feedback;
  return { base, values, set, refs, invalid, saving, formError, errorId, preview, fileInputKey, chooseImage, refuseChosenImage, onSubmit };
}
