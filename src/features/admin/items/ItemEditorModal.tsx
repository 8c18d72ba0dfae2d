/**
 * The Item Editor (SPEC §2, §4, §5): add mode (no item) or edit mode. Saving checks the rules of
 * item-rules.ts, uploads a newly chosen .png, then creates the item or updates it on condition
 * that nobody changed it since it was loaded; a stale save is refused and the current values are
 * loaded instead. Cancel (or Escape) drops every change. Rendered only while `open`.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/ui/Modal';
import { StoredImage } from '../../../components/ui/StoredImage';
import { SessionEndedError } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { userFacingMessage } from '../common/graphql-errors';
import { EditorActions, EditorField, EditorTextArea } from '../common/editor-parts';
import { PngFileInput } from '../common/PngFileInput';
import { useObjectUrl } from '../common/use-object-url';
import { useUploadImage } from '../common/use-upload-image';
import { useItemWrites, useTagGroups } from './api';
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
import { TagPicker } from './TagPicker';
import './admin-items.css';

export interface ItemEditorModalProps {
  open: boolean;
  /** The item to edit; null to add a new one. */
  item: AdminItem | null;
  onClose: () => void;
  /** After a successful save, with the item as stored. */
  onSaved?: (item: AdminItem) => void;
}

export function ItemEditorModal(props: ItemEditorModalProps) {
  if (!props.open) return null;
  // A fresh editor (and fresh state) for each item and each opening.
  return <ItemEditor key={props.item?.id ?? 'new'} {...props} />;
}

function ItemEditor({ item, onClose, onSaved }: ItemEditorModalProps) {
  const mode = item ? 'update' : 'create';
  const [base, setBase] = useState<AdminItem | null>(item);
  const [values, setValues] = useState<ItemFormValues>(() => (item ? formFromItem(item) : EMPTY_ITEM_FORM));
  const [file, setFile] = useState<File | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);
  const [invalid, setInvalid] = useState<ItemField | null>(null);
  const [saving, setSaving] = useState(false);
  /** The last refusal, repeated inside the dialog (the page's toasts are inert behind a modal). */
  const [formError, setFormError] = useState('');
  /** What the inline error is about: it goes once its cause is gone (issue 16). */
  const [errorCause, setErrorCause] = useState<'rules' | 'image' | null>(null);
  const preview = useObjectUrl(file);
  const { upload } = useUploadImage();
  const { create: createItem, update: updateItem } = useItemWrites();
  const tags = useTagGroups();
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

  const imageUrl = preview ?? (values.img || null);

  return (
    <Modal
      title="Item Editor"
      onEscape={saving ? undefined : onClose}
      initialFocusRef={nameRef}
      className="admin-modal admin-modal--wide item-editor"
      describedBy={formError ? errorId : undefined}
    >
      <p className="item-editor__mode">{base ? `Editing ${base.name}` : 'New item'}</p>
      <form className="item-editor__form" onSubmit={onSubmit} noValidate aria-busy={saving}>
        <div className="item-editor__fields">
          <EditorField
            label="Name"
            value={values.name}
            onChange={(value) => set('name', value)}
            invalid={invalid === 'name'}
            inputRef={refs.name}
          />
          <div className="item-editor__row">
            <EditorField
              label="Price ($)"
              inputMode="decimal"
              value={values.price}
              onChange={(value) => set('price', value)}
              invalid={invalid === 'price'}
              inputRef={refs.price}
            />
            <EditorField label="UPC" inputMode="numeric" value={values.upc} onChange={(value) => set('upc', value)} />
          </div>
          <EditorTextArea
            label="Description"
            textAreaRef={refs.description}
            rows={4}
            value={values.description}
            onChange={(value) => set('description', value)}
            invalid={invalid === 'description'}
          />
          <div className={invalid === 'img' ? 'item-editor__image item-editor__image--invalid' : 'item-editor__image'}>
            {imageUrl ? (
              preview ? (
                <img className="admin-product-image item-editor__preview" src={preview} alt="The chosen image" width={120} height={160} />
              ) : (
                <StoredImage
                  className="admin-product-image item-editor__preview"
                  url={imageUrl}
                  alt="The current image"
                  width={120}
                  height={160}
                  sizes="120px"
                />
              )
            ) : (
              <span className="admin-product-image admin-product-image--empty item-editor__preview" aria-hidden="true" />
            )}
            <PngFileInput
              key={fileInputKey}
              inputRef={refs.img}
              label={values.img ? 'Replace image (.png)' : 'Image (.png)'}
              note="Best: 600 x 800, portrait"
              onFiles={([chosen]) => {
                setFile(chosen ?? null);
                set('hasNewImage', Boolean(chosen));
                if (errorCause === 'image') clearError();
              }}
              onRefused={(message) => {
                // The input is emptied: no new image is chosen any more.
                setFile(null);
                setValues((current) => ({ ...current, hasNewImage: false }));
                refuseImage(message);
                refs.img.current?.focus();
              }}
            />
          </div>
          <label className="admin-check item-editor__promoted">
            <input type="checkbox" checked={values.promoted} onChange={(event) => set('promoted', event.target.checked)} />
            <span>Promoted (shown on the home page)</span>
          </label>
        </div>
        <TagPicker
          groups={tags.data}
          loading={tags.isPending}
          failed={tags.isError}
          selection={values.tags}
          onChange={(selection) => set('tags', selection)}
          invalid={invalid === 'tags'}
          firstCheckboxRef={refs.tags}
        />
        <EditorActions saving={saving} error={formError} errorId={errorId} onCancel={onClose} className="item-editor__actions" />
      </form>
    </Modal>
  );
}
