/**
 * Uploads a chosen image (product §5, design §3), as ImageFileInput prepared it (decision 0276):
 * checks 5 MB, asks for an upload target (`requestImageUpload`, as the signed-in admin), POSTs the
 * file there (S3 in the cloud, the local server's /uploads/<id>: this code does not care which),
 * has it stored (`storeUploadedImage`) and gives back the stored URL (`/media/<sha256>.jpg`,
 * `.png` or `.webp`) to put in a record's `img`.
 *
 *     const { upload, uploading } = useUploadImage();
 *     const url = await upload(file); // the URL, or null once the reason has been toasted
 *     if (url) save({ ...values, img: url });
 *
 * On failure `upload` shows an Error toast itself and resolves to null: the client-side reason
 * (over 5 MB) or the server's ValidationError message (not really a JPEG, PNG or WebP, too many
 * pixels, ...). An ended session is not toasted here (the app is already going to /login).
 * Never create a record when it returns null. `upload(file, { onRefused })` also hands the
 * message to the caller, for example to repeat it inside a modal dialog (where the page's toasts
 * are inert, so screen readers would not hear them).
 */
import { useCallback, useState } from 'react';
import { SessionEndedError } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { userFacingMessage } from './graphql-errors';
import { checkImageToSend, IMAGE_MESSAGES, sendToUploadTarget } from './image-file';
import { adminClient } from './admin-client';

export interface UploadOptions {
  /** Called with the message of the Error toast when the file is refused or the upload fails. */
  onRefused?: (message: string) => void;
}

export interface UploadImage {
  /** Uploads one file; the stored URL, or null after an Error toast. */
  upload: (file: File, options?: UploadOptions) => Promise<string | null>;
  /** True while at least one upload is running. */
  uploading: boolean;
}

export function useUploadImage(): UploadImage {
  const [running, setRunning] = useState(0);

  const upload = useCallback(async (file: File, options: UploadOptions = {}): Promise<string | null> => {
    const refuse = (message: string) => {
      notify.error(message);
      options.onRefused?.(message);
      return null;
    };
    const refusal = checkImageToSend(file);
    if (refusal) return refuse(refusal);
    setRunning((n) => n + 1);
    try {
      const target = await adminClient.mutations.requestImageUpload();
      if (target.errors?.length || !target.data) return refuse(userFacingMessage(target.errors, IMAGE_MESSAGES.uploadFailed));
      const { id, url, fields } = target.data;
      if (!(await sendToUploadTarget({ url, fields: fields.filter((field) => field !== null) }, file)))
        return refuse(IMAGE_MESSAGES.uploadFailed);
      const stored = await adminClient.mutations.storeUploadedImage({ id });
      if (stored.errors?.length || !stored.data) return refuse(userFacingMessage(stored.errors, IMAGE_MESSAGES.uploadFailed));
      return stored.data;
    } catch (error) {
      if (error instanceof SessionEndedError) return null;
      return refuse(userFacingMessage(error, IMAGE_MESSAGES.uploadFailed));
    } finally {
      setRunning((n) => n - 1);
    }
  }, []);

  return { upload, uploading: running > 0 };
}
