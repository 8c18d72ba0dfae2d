/**
 * An upload from a slow client: the request's headers and half its body go out now, the rest only
 * when `release` settles. It goes over a connection that has already carried a request, so the
 * server has surely accepted it; a shutdown in between must still read it to the end and answer.
 */
import { Agent, request as httpRequest } from 'node:http';
import { makePng, pngDataUrl } from './png';
import { UPLOAD_IMAGE } from './writers';

export interface SlowUploadResult { status: number | null; url: string | null; failure: string | null; endedAt: number }

function post(agent: Agent, url: string, headers: Record<string, string>, body: string, release: Promise<void>): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    const half = Math.floor(body.length / 2);
    request.write(body.slice(0, half));
    release.then(() => request.end(body.slice(half)), reject);
  });
}

/**
 * Opens the connection with a small request, then starts the upload over it. Resolves once the
 * first half is on its way, with `done` for the answer (wrapped: an async function would flatten it).
 */
export async function startSlowUpload(baseUrl: string, token: string, label: string, release: Promise<void>): Promise<{ done: Promise<SlowUploadResult> }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const headers = { 'content-type': 'application/json', authorization: token };
  await post(agent, `${baseUrl}/graphql`, headers, JSON.stringify({ query: '{ __typename }' }), Promise.resolve());
  const body = JSON.stringify({ query: UPLOAD_IMAGE, variables: { dataUrl: pngDataUrl(makePng(label, 200, true)) } });
  const done = post(agent, `${baseUrl}/graphql`, headers, body, release).then(({ status, text }) => {
    const parsed = JSON.parse(text) as { data?: { uploadImage?: string | null }; errors?: unknown[] };
    const url = status === 200 && !parsed.errors?.length ? parsed.data?.uploadImage ?? null : null;
    return { status, url, failure: url ? null : text.slice(0, 300), endedAt: Date.now() };
  }, (error: unknown) => ({ status: null, url: null, failure: String(error), endedAt: Date.now() })).finally(() => agent.destroy());
  return { done };
}
