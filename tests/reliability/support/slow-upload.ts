/**
 * An upload from a slow client: the file's POST to its upload target (/uploads/<id>) sends its
 * headers and half its body now, the rest only when `release` settles. It goes over a connection
 * that has already carried a request, so the server has surely accepted it; a shutdown in between
 * must still read it to the end and answer. The target is asked for first, over the API.
 */
import { Agent, request as httpRequest } from 'node:http';
import { makePng } from './png';
import { REQUEST_UPLOAD } from '../../support/image-upload';
import type { ImageUploadTarget } from '../../../shared/image-upload';

/** `status` of the file's POST (204 when taken); `id` the upload to store once the server is back. */
export interface SlowUploadResult {
  status: number | null;
  id: string;
  failure: string | null;
  endedAt: number;
}

function post(
  agent: Agent,
  url: string,
  headers: Record<string, string>,
  body: Buffer,
  release: Promise<void>,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'POST', agent, headers: { ...headers, 'content-length': body.length } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    const half = Math.floor(body.length / 2);
    request.write(body.subarray(0, half));
    release.then(() => request.end(body.subarray(half)), reject);
  });
}

/** The file as the browser's form sends it (no fields locally, the file last). */
async function formBody(png: Buffer): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'slow.png');
  const request = new Request('http://form/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

/**
 * Asks for a target, then starts the file's POST over the same connection. Resolves once the
 * first half is on its way, with `done` for the answer (wrapped: an async function would flatten it).
 */
export async function startSlowUpload(
  baseUrl: string,
  token: string,
  label: string,
  release: Promise<void>,
): Promise<{ done: Promise<SlowUploadResult> }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const asked = await post(
    agent,
    `${baseUrl}/graphql`,
    { 'content-type': 'application/json', authorization: token },
    Buffer.from(JSON.stringify({ query: REQUEST_UPLOAD })),
    Promise.resolve(),
  );
  const target = (JSON.parse(asked.text) as { data: { requestImageUpload: ImageUploadTarget } }).data.requestImageUpload;
  const { body, contentType } = await formBody(makePng(label, 200, true));
  const done = post(agent, new URL(target.url, baseUrl).href, { 'content-type': contentType }, body, release)
    .then(
      ({ status, text }) => ({ status, id: target.id, failure: status === 204 ? null : text.slice(0, 300), endedAt: Date.now() }),
      (error: unknown) => ({ status: null, id: target.id, failure: String(error), endedAt: Date.now() }),
    )
    .finally(() => agent.destroy());
  return { done };
}
