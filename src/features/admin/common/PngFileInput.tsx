/**
 * A labelled file input for PNG images (product §5: .png only), with an optional note under it.
 *
 *     <PngFileInput label="Image" onFiles={([file]) => setFile(file ?? null)} />
 *     <PngFileInput label="Add banners" multiple note="Best:(1900x370)" clearAfterChoose onFiles={addFiles} />
 *
 * Props: `label` (visible), `onFiles(files)` with the files chosen (never called with none),
 * `onRefused(message)` when a chosen file is refused (after `onFiles` with the others), `multiple`, `note` (linked with
 * aria-describedby), `clearAfterChoose` (empties the input after each choice, for lists that show
 * the chosen files themselves, so the same file can be chosen again), `disabled`, `id`, `inputRef`.
 *
 * Every file is checked when it is chosen (decision 0196), by the one browser check `checkChosenImage`:
 * .png name and type, at most 5 MB, and the PNG signature in its first 8 bytes. A refused file is
 * never handed on: the input is emptied, marked invalid, and `onRefused` gets the reason (the
 * caller shows it in its dialog and as a toast). With `multiple`, the accepted files still go to
 * `onFiles`. The server checks again on upload.
 */
import { useState, type ChangeEvent, type Ref } from 'react';
import { AdminField } from './AdminField';
import { PNG_MIME } from '../../../../shared/image-upload';
import { checkChosenImage } from './image-file';
import './admin.css';

export interface PngFileInputProps {
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

export function PngFileInput({
  label,
  onFiles,
  onRefused,
  multiple = false,
  note,
  clearAfterChoose = false,
  disabled,
  id,
  inputRef,
}: PngFileInputProps) {
  const [refused, setRefused] = useState(false);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const files = Array.from(input.files ?? []);
    if (clearAfterChoose) input.value = '';
    if (files.length === 0) return;
    const refusals = await Promise.all(files.map((file) => checkChosenImage(file)));
    const accepted = files.filter((_, index) => refusals[index] === null);
    const reason = refusals.find((refusal) => refusal !== null);
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
        <input
          ref={inputRef}
          {...control}
          className="admin-file__input"
          type="file"
          accept={PNG_MIME}
          multiple={multiple}
          disabled={disabled}
          aria-invalid={refused || undefined}
          onChange={(event) => void onChange(event)}
        />
      )}
    </AdminField>
  );
}
