/**
 * POST /uploads/<id>: the local server's upload target, taking what the browser sends to an S3
 * presigned POST in the cloud: multipart/form-data with the target's fields, then the file in the
 * field `file`. The id is the capability (from `requestImageUpload`, admins only) and is spent by
 * the first POST. Nothing is read before the id is claimed, and the body is refused (413) while it
 * streams once it passes the 5 MB limit plus the form's own few bytes. 204 on success, as S3.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { IMAGE_UPLOAD_MESSAGES, MAX_IMAGE_BYTES, UPLOAD_FILE_FIELD } from '../../shared/image-upload';
import type { LocalUploadInbox } from '../media/upload-inbox';
import { BodyTooLargeError, readBody, sendJson } from './respond';

/** Room for the form around the file: boundaries, part headers, a file name. */
export const FORM_OVERHEAD_BYTES = 16 * 1024;
/** Refusals sent before the body is read end the connection, so no client reuses it mid-body. */
const CLOSE_CONNECTION = { Connection: 'close' };

export async function handleUpload(req: IncomingMessage, res: ServerResponse, inbox: LocalUploadInbox, id: string): Promise<void> {
  const refuse = (status: number, error: string, headers: Record<string, string> = CLOSE_CONNECTION) =>
    sendJson(res, status, { error }, headers);
  if (req.method !== 'POST') return refuse(405, 'Uploads must be POST', { Allow: 'POST', ...CLOSE_CONNECTION });
  const contentType = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data;/i.test(contentType)) return refuse(415, 'Uploads must be sent as multipart/form-data');
  if (!inbox.claim(id)) return refuse(403, 'This upload has expired or was already used');
  let body: Buffer;
  try {
    body = await readBody(req, MAX_IMAGE_BYTES + FORM_OVERHEAD_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return refuse(413, IMAGE_UPLOAD_MESSAGES.tooLarge);
    // A client that hangs up mid-file is no server failure: nobody is left to answer, the id is spent.
    if (req.destroyed || (error as NodeJS.ErrnoException).code === 'ECONNRESET') return;
    throw error;
  }
  let file: ReturnType<FormData['get']>;
  try {
    // The body is bounded above, so the platform's own multipart parser may hold it whole.
    file = (
      await new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), {
        headers: { 'content-type': contentType },
      }).formData()
    ).get(UPLOAD_FILE_FIELD);
  } catch {
    return refuse(400, 'The upload is not a readable multipart form', {});
  }
  if (!(file instanceof Blob)) return refuse(400, `The upload has no file in the field "${UPLOAD_FILE_FIELD}"`, {});
  if (file.size > MAX_IMAGE_BYTES) return refuse(413, IMAGE_UPLOAD_MESSAGES.tooLarge, {});
  if (!inbox.keep(id, Buffer.from(await file.arrayBuffer()))) return refuse(403, 'This upload has expired or was already used', {});
  res.writeHead(204, { 'Cache-Control': 'no-store' });
  res.end();
}
