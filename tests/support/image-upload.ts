/**
 * The browser's image upload, from Node, for tests and the cloud seed: `requestImageUpload`, the
 * file POSTed to the target as multipart/form-data (fields, then the file), `storeUploadedImage`.
 * Works against either backend: `call` sends GraphQL, `base` resolves a target given as a path.
 *
 *     const { url, errors } = await uploadImage(call, png, server.url);
 */
import { UPLOAD_FILE_FIELD, type ImageUploadTarget } from '../../shared/image-upload';

export const REQUEST_UPLOAD = 'mutation { requestImageUpload { id url fields { name value } expiresAt } }';
export const STORE_UPLOAD = 'mutation ($id: String!) { storeUploadedImage(id: $id) }';

export interface UploadBody {
  data?: Record<string, unknown> | null;
  errors?: Array<{ errorType?: string; message: string }>;
}
export type GraphQLCaller = (query: string, variables?: Record<string, unknown>) => Promise<UploadBody>;

/** A new target, or the errors that refused it. */
export async function requestTarget(call: GraphQLCaller): Promise<{ target: ImageUploadTarget | null; body: UploadBody }> {
  const body = await call(REQUEST_UPLOAD);
  return { target: (body.data?.requestImageUpload as ImageUploadTarget | null | undefined) ?? null, body };
}

/** POSTs bytes to a target as the browser does; `fields` may be altered to try what an attacker would. */
export async function postToTarget(
  target: Pick<ImageUploadTarget, 'url' | 'fields'>,
  bytes: Buffer,
  base: string,
  type = 'image/png',
  fileName = 'image.png',
): Promise<Response> {
  const form = new FormData();
  for (const { name, value } of target.fields) form.append(name, value);
  form.append(
    UPLOAD_FILE_FIELD,
    new Blob([new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength)], { type }),
    fileName,
  );
  return fetch(new URL(target.url, base), { method: 'POST', body: form });
}

export const storeUpload = (call: GraphQLCaller, id: string) => call(STORE_UPLOAD, { id });

/** The whole upload: the stored URL, or null with the refusing errors (or the target's HTTP status). */
export async function uploadImage(
  call: GraphQLCaller,
  bytes: Buffer,
  base: string,
): Promise<{ url: string | null; body: UploadBody; postStatus?: number }> {
  const { target, body } = await requestTarget(call);
  if (!target) return { url: null, body };
  const posted = await postToTarget(target, bytes, base);
  await posted.arrayBuffer();
  if (!posted.ok) return { url: null, body: {}, postStatus: posted.status };
  const stored = await storeUpload(call, target.id);
  return { url: (stored.data?.storeUploadedImage as string | null | undefined) ?? null, body: stored, postStatus: posted.status };
}
