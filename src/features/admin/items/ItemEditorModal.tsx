/**
 * The Item Editor (product §2, §4, §5): add mode (no item) or edit mode. Its state and Save are
 * use-item-editor.ts; this draws the form. Cancel (or Escape) drops every change. Rendered only
 * while `open`.
 */
import type { RefObject } from 'react';
import { stockCountedPhrase } from '../../../../shared/stock';
import { Modal } from '../../../components/ui/Modal';
import { StoredImage } from '../../../components/ui/StoredImage';
import { EditorActions, EditorField, EditorTextArea } from '../common/editor-parts';
import { ImageFileInput } from '../common/ImageFileInput';
import { useTagGroups } from './api';
import type { AdminItem } from './item-rules';
import { TagPicker } from './TagPicker';
import { useItemEditor } from './use-item-editor';
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
  const editor = useItemEditor(item, { onClose, onSaved });
  const { base, values, set, refs, invalid, saving, formError, errorId } = editor;
  const tags = useTagGroups();
  const saleHintId = `${errorId}-sale`;
  return (
    <Modal
      title="Item Editor"
      onEscape={saving ? undefined : onClose}
      initialFocusRef={refs.name}
      className="admin-modal admin-modal--wide item-editor"
      describedBy={formError ? errorId : undefined}
    >
      <p className="item-editor__mode">{base ? `Editing ${base.name}` : 'New item'}</p>
      <form className="item-editor__form" onSubmit={editor.onSubmit} noValidate aria-busy={saving}>
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
          <ItemFactFields
            editor={editor}
            countedAt={base?.stock === null ? null : (base?.stockCountedAt ?? null)}
            held={base?.heldStock ?? 0}
          />
          <EditorTextArea
            label="Description"
            textAreaRef={refs.description}
            rows={4}
            value={values.description}
            onChange={(value) => set('description', value)}
            invalid={invalid === 'description'}
          />
          <ItemImageField
            invalid={invalid === 'img'}
            preview={editor.preview}
            storedUrl={values.img || null}
            inputKey={editor.fileInputKey}
            inputRef={refs.img}
            onChoose={editor.chooseImage}
            onRefused={editor.refuseChosenImage}
          />
          <label className="admin-check item-editor__promoted">
            <input type="checkbox" checked={values.promoted} onChange={(event) => set('promoted', event.target.checked)} />
            <span>Promoted (shown on the home page)</span>
          </label>
          <label className="admin-check item-editor__promoted">
            <input
              type="checkbox"
              checked={values.onSale}
              aria-describedby={saleHintId}
              onChange={(event) => set('onSale', event.target.checked)}
            />
            <span>Sale (badge on the menu and the item page)</span>
          </label>
          <p className="admin-field__note" id={saleHintId}>
            New York allows it only while the price is below the lowest price of the two previous months.
          </p>
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

/**
 * The item's facts (decision 0275): the size in one box as on the label or the till ("750 mL",
 * "1.75L", "4 × 250 mL"), ABV, vintage, and units in stock with when they were last counted.
 */
/** The count is of the shelf, held bottles included (decision 0367): staff see what is held besides. */
function stockNote(counted: string | null, held: number): string {
  const base = counted ? `Empty: not counted. ${counted}.` : 'Empty: not counted. Saving a count records the time.';
  return held ? `The bottles on the shelf, ${held} held for reservations among them. ${base}` : base;
}

function ItemFactFields({ editor, countedAt, held }: { editor: ReturnType<typeof useItemEditor>; countedAt: string | null; held: number }) {
  const { values, set, refs, invalid } = editor;
  const counted = stockCountedPhrase(countedAt);
  return (
    <>
      <div className="item-editor__row">
        <EditorField
          label="Size"
          note="As on the label: 750 mL, 1.75 L, 4 × 250 mL"
          value={values.size}
          onChange={(value) => set('size', value)}
          invalid={invalid === 'size'}
          inputRef={refs.size}
        />
        <EditorField
          label="ABV (%)"
          inputMode="decimal"
          value={values.abv}
          onChange={(value) => set('abv', value)}
          invalid={invalid === 'abv'}
          inputRef={refs.abv}
        />
      </div>
      <div className="item-editor__row">
        <EditorField
          label="Vintage"
          note="A year, or NV"
          value={values.vintage}
          onChange={(value) => set('vintage', value)}
          invalid={invalid === 'vintage'}
          inputRef={refs.vintage}
        />
        <EditorField
          label="Units in stock"
          inputMode="numeric"
          note={stockNote(counted, held)}
          value={values.stock}
          onChange={(value) => set('stock', value)}
          invalid={invalid === 'stock'}
          inputRef={refs.stock}
        />
      </div>
      <div className="item-editor__row">
        <EditorField
          label="Limit per customer"
          inputMode="numeric"
          note="Most one customer may hold in open reservations (1 to 99); empty: no limit"
          value={values.limitPerCustomer}
          onChange={(value) => set('limitPerCustomer', value)}
          invalid={invalid === 'limitPerCustomer'}
          inputRef={refs.limitPerCustomer}
        />
      </div>
    </>
  );
}

interface ItemImageFieldProps {
  invalid: boolean;
  /** The chosen file's object URL, shown instead of the stored image. */
  preview: string | null;
  storedUrl: string | null;
  /** Changes to empty the file input. */
  inputKey: number;
  inputRef: RefObject<HTMLInputElement | null>;
  onChoose: (file: File | null) => void;
  onRefused: (message: string) => void;
}

/** The item's image: the chosen or stored one (or an empty frame), and the file input (JPEG, PNG or WebP). */
function ItemImageField({ invalid, preview, storedUrl, inputKey, inputRef, onChoose, onRefused }: ItemImageFieldProps) {
  return (
    <div className={invalid ? 'item-editor__image item-editor__image--invalid' : 'item-editor__image'}>
      {preview ? (
        <img
          className="product-photo admin-product-image item-editor__preview"
          src={preview}
          alt="The chosen image"
          width={120}
          height={160}
        />
      ) : storedUrl ? (
        <StoredImage
          className="admin-product-image item-editor__preview"
          url={storedUrl}
          alt="The current image"
          width={120}
          height={160}
          sizes="120px"
        />
      ) : (
        <span className="admin-product-image admin-product-image--empty item-editor__preview" aria-hidden="true" />
      )}
      <ImageFileInput
        key={inputKey}
        inputRef={inputRef}
        label={storedUrl ? 'Replace image' : 'Image'}
        note="JPEG, PNG or WebP; a phone photo is fine. Best: 600 x 800, portrait"
        onFiles={([chosen]) => onChoose(chosen ?? null)}
        onRefused={onRefused}
      />
    </div>
  );
}
