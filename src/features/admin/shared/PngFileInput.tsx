/**
 * A labelled file input for PNG images (SPEC §5: .png only), with an optional note under it.
 *
 *     <PngFileInput label="Image" onFiles={([file]) => setFile(file ?? null)} />
 *     <PngFileInput label="Add banners" multiple note="Best:(1900x370)" clearAfterChoose onFiles={addFiles} />
 *
 * Props: `label` (visible), `onFiles(files)` with the files chosen (never called with none),
 * `multiple`, `note` (linked with aria-describedby), `clearAfterChoose` (empties the input after
 * each choice, for lists that show the chosen files themselves, so the same file can be chosen
 * again), `disabled`, `id`, `inputRef`. It does not check the files: `useUploadImage` does.
 */
import type { ChangeEvent, Ref } from 'react';
import { AdminField } from './AdminField';
import { PNG_ACCEPT } from './image-file';
import './admin.css';

export interface PngFileInputProps {
  label: string;
  onFiles: (files: File[]) => void;
  multiple?: boolean;
  note?: string;
  clearAfterChoose?: boolean;
  disabled?: boolean;
  id?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function PngFileInput({ label, onFiles, multiple = false, note, clearAfterChoose = false, disabled, id, inputRef }: PngFileInputProps) {
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    if (clearAfterChoose) event.target.value = '';
    if (files.length > 0) onFiles(files);
  };

  return (
    <AdminField label={label} note={note} id={id} className="admin-file">
      {(control) => (
        <input
          ref={inputRef}
          {...control}
          className="admin-file__input"
          type="file"
          accept={PNG_ACCEPT}
          multiple={multiple}
          disabled={disabled}
          onChange={onChange}
        />
      )}
    </AdminField>
  );
}
