/**
 * A labelled file input for pictures (product §5: JPEG, PNG or WebP), with an optional note under it.
 *
 *     <ImageFileInput label="Image" onFiles={([file]) => setFile(file ?? null)} />
 *     <ImageFileInput label="Add banners" multiple note="Best:(1900x370)" clearAfterChoose onFiles={addFiles} />
 *
 * Props: `label` (visible), `onFiles(files)` with the files chosen, made ready to send (never
 * called with none), `onRefused(message)` when a chosen file is refused (after `onFiles` with the
 * others), `multiple`, `note` (linked with aria-describedby), `clearAfterChoose` (empties the input
 * after each choice, for lists that show the chosen files themselves, so the same file can be
 * chosen again), `disabled`, `id`, `inputRef`.
 *
 * Every file is checked and prepared when it is chosen (decisions 0196 and 0276), by
 * `prepareChosenImage`: its first bytes must be a JPEG's, PNG's or WebP's, and it is turned upright
 * and shrunk to at most 2,000 px (what the callers get, and preview, is that file). A refused file
 * is never handed on: the input is emptied, marked invalid, and `onRefused` gets the reason (the
 * caller shows it in its dialog and as a toast). With `multiple`, the accepted files still go to
 * `onFiles`. While a photo is being prepared the field says so. The server checks again on upload.
 */
import { useState, type ChangeEvent, type Ref } from 'react';
import { AdminField } from './AdminField';
import { IMAGE_INPUT_ACCEPT } from '../../../../shared/image-upload';
import { prepareChosenImage } from './prepare-image';
import './admin.css';

export interface ImageFileInputProps {
  label: string;
  onFiles: (files: File[]) => void;
  /** A chosen file was refused: the reason (the first one when several were). */
  onRefused: (message: string) => void;
  multiple?: boolean;
  note?: string;
  clearAfterChoose?: boolean;
  disabled?: boolean;
  id?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function ImageFileInput({
  label,
  onFiles,
  onRefused,
  multiple = false,
  note,
  clearAfterChoose = false,
  disabled,
  id,
  inputRef,
}: ImageFileInputProps) {
  const [refused, setRefused] = useState(false);
  const [preparing, setPreparing] = useState(false);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const files = Array.from(input.files ?? []);
    if (clearAfterChoose) input.value = '';
    if (files.length === 0) return;
    setPreparing(true);
    const prepared = await Promise.all(files.map((file) => prepareChosenImage(file))).finally(() => setPreparing(false));
    const accepted = prepared.flatMap((result) => ('file' in result ? [result.file] : []));
    const reason = prepared.flatMap((result) => ('refusal' in result ? [result.refusal] : []))[0];
    setRefused(Boolean(reason));
    // The accepted files first, so a caller clearing its error line on a good file keeps this refusal.
    if (accepted.length > 0) onFiles(accepted);
    if (reason) {
      if (!multiple) input.value = '';
      onRefused(reason);
    }
  };

  return (
    <AdminField label={label} note={note} id={id} className="admin-file">
      {(control) => (
        <>
          <input
            ref={inputRef}
            {...control}
            className="admin-file__input"
            type="file"
            accept={IMAGE_INPUT_ACCEPT}
            multiple={multiple}
            disabled={disabled}
            aria-invalid={refused || undefined}
            aria-busy={preparing || undefined}
            onChange={(event) => void onChange(event)}
          />
          <span className="admin-file__status" role="status">
            {preparing ? 'Preparing the picture…' : ''}
          </span>
        </>
      )}
    </AdminField>
  );
}
