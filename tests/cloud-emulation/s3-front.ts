/**
 * The media bucket's front: S3's check of a browser's POST upload against its policy, which
 * s3rver lacks (it takes any presigned POST: design §8, decision 0289). A POST of a form to a
 * bucket must carry a policy signed (Signature Version 4) with the emulation's key, not expired,
 * whose conditions every form field and the file's size meet, and that names every form field;
 * otherwise it is refused as S3 refuses it (403 AccessDenied / SignatureDoesNotMatch, 400
 * EntityTooLarge / EntityTooSmall / InvalidPolicyDocument). What passes, and every other request,
 * goes on to s3rver unchanged.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { listenOnLoopback } from './loopback';

/** The most a POST may carry here before it is refused unread (S3 streams; 5 GB is its own cap). */
const MAX_POST_BYTES = 64 * 1024 * 1024;
/** Form fields a policy need not name (S3's POST Object documentation). */
const UNNAMED_FIELDS = new Set(['policy', 'x-amz-signature', 'file']);

export interface PolicyRefusal {
  status: number;
  code: string;
  message: string;
}

export interface PostUpload {
  bucket: string;
  /** The form's text fields, as sent (S3 matches their names without regard to case). */
  fields: Array<[string, string]>;
  fileBytes: number;
}

/** A POST policy's Signature Version 4 (hex) for `credential` (`<key id>/<date>/<region>/<service>/aws4_request`). */
export function signPolicy(policy: string, credential: string, secretAccessKey: string): string {
  const [, date = '', region = '', service = ''] = credential.split('/');
  const key = [date, region, service, 'aws4_request'].reduce<Buffer | string>(
    (signingKey, part) => createHmac('sha256', signingKey).update(part).digest(),
    `AWS4${secretAccessKey}`,
  );
  return createHmac('sha256', key).update(policy).digest('hex');
}

/** Why S3 would refuse this POST upload, or null when its policy lets it through. */
export function checkPostPolicy(
  upload: PostUpload,
  credentials: { accessKeyId: string; secretAccessKey: string },
  now: number,
): PolicyRefusal | null {
  const field = (name: string) => upload.fields.find(([candidate]) => candidate.toLowerCase() === name.toLowerCase())?.[1];
  const denied = (message: string): PolicyRefusal => ({ status: 403, code: 'AccessDenied', message });
  const policy = field('policy');
  if (policy === undefined) return denied('Access Denied');
  const [accessKeyId, date, region, service, terminal] = (field('x-amz-credential') ?? '').split('/');
  const signature = field('x-amz-signature') ?? '';
  if (field('x-amz-algorithm') !== 'AWS4-HMAC-SHA256' || terminal !== 'aws4_request' || !date || !region || !service)
    return { status: 400, code: 'InvalidArgument', message: 'POST form fields for Signature Version 4 are missing or malformed' };
  if (accessKeyId !== credentials.accessKeyId) return denied('The AWS Access Key Id you provided does not exist in our records.');
  const expected = Buffer.from(signPolicy(policy, `${accessKeyId}/${date}/${region}/${service}/aws4_request`, credentials.secretAccessKey));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return {
      status: 403,
      code: 'SignatureDoesNotMatch',
      message: 'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    };

  let document: { expiration?: unknown; conditions?: unknown };
  try {
    document = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as typeof document;
  } catch {
    return { status: 400, code: 'InvalidPolicyDocument', message: 'Invalid Policy: Invalid JSON.' };
  }
  const expires = typeof document.expiration === 'string' ? Date.parse(document.expiration) : NaN;
  if (!Array.isArray(document.conditions) || Number.isNaN(expires))
    return {
      status: 400,
      code: 'InvalidPolicyDocument',
      message: 'Invalid Policy: Invalid Simple-Condition: missing expiration or conditions.',
    };
  if (now > expires) return denied('Invalid according to Policy: Policy expired.');

  const valueOf = (name: string) => (name.toLowerCase() === 'bucket' ? upload.bucket : field(name));
  const named = new Set<string>();
  for (const condition of document.conditions as unknown[]) {
    const failed = denied(`Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`);
    if (Array.isArray(condition) && condition[0] === 'content-length-range') {
      const [, min, max] = condition as [string, number, number];
      if (upload.fileBytes > max)
        return { status: 400, code: 'EntityTooLarge', message: 'Your proposed upload exceeds the maximum allowed size' };
      if (upload.fileBytes < min)
        return { status: 400, code: 'EntityTooSmall', message: 'Your proposed upload is smaller than the minimum allowed size' };
      continue;
    }
    let operator: string;
    let name: string;
    let expected: unknown;
    if (Array.isArray(condition) && condition.length === 3 && typeof condition[1] === 'string' && condition[1].startsWith('$'))
      [operator, name, expected] = [String(condition[0]).toLowerCase(), condition[1].slice(1), condition[2]];
    else if (condition && typeof condition === 'object' && !Array.isArray(condition) && Object.keys(condition).length === 1) {
      operator = 'eq';
      [name, expected] = Object.entries(condition)[0]!;
    } else
      return { status: 400, code: 'InvalidPolicyDocument', message: `Invalid Policy: Invalid Condition: ${JSON.stringify(condition)}` };
    named.add(name.toLowerCase());
    const actual = valueOf(name);
    if (typeof expected !== 'string' || actual === undefined) return failed;
    if (operator === 'eq' ? actual !== expected : operator === 'starts-with' ? !actual.startsWith(expected) : true) return failed;
  }
  const extra = upload.fields
    .map(([name]) => name)
    .filter(
      (name) => !UNNAMED_FIELDS.has(name.toLowerCase()) && !name.toLowerCase().startsWith('x-ignore-') && !named.has(name.toLowerCase()),
    );
  if (extra.length) return denied(`Invalid according to Policy: Extra input fields: ${extra.join(', ')}`);
  return null;
}

/** Listens on 127.0.0.1:`port` in front of the S3 server at `upstream` (http://host:port). */
export async function startS3Front(
  port: number,
  upstream: URL,
  credentials: { accessKeyId: string; secretAccessKey: string },
  now: () => number = Date.now,
): Promise<Server> {
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('s3 front:', error);
      if (!res.headersSent) refuse(req, res, { status: 500, code: 'InternalError', message: 'We encountered an internal error.' });
    });
  });
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://s3').pathname;
    const bucket = /^\/([^/]+)\/?$/.exec(path)?.[1];
    const isFormPost =
      req.method === 'POST' && bucket && /^multipart\/form-data/i.test(req.headers['content-type'] ?? '') && !(req.url ?? '').includes('?');
    if (!isFormPost) {
      // S3 serves an object whole, the old or the new; s3rver writes a PUT's bytes in place and its
      // length apart, so a GET during a PUT may promise bytes it never sends. One request per key
      // at a time here (a copy's source too) keeps the emulation to S3's word.
      const keys = [path, copySourcePath(req)].filter((key): key is string => key !== null && /^\/[^/]+\/.+/.test(key));
      return oneAtATime(keys, () => forward(req, res, upstream));
    }
    if (Number(req.headers['content-length'] ?? 0) > MAX_POST_BYTES) {
      req.resume();
      return refuse(req, res, { status: 400, code: 'EntityTooLarge', message: 'Your proposed upload exceeds the maximum allowed size' });
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_POST_BYTES)
        return refuse(req, res, { status: 400, code: 'EntityTooLarge', message: 'Your proposed upload exceeds the maximum allowed size' });
      chunks.push(chunk as Buffer);
    }
    const body = Buffer.concat(chunks);
    let form: FormData;
    try {
      form = await new Request('http://s3/', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type']! },
        body,
      }).formData();
    } catch {
      return refuse(req, res, {
        status: 400,
        code: 'MalformedPOSTRequest',
        message: 'The body of your POST request is not well-formed multipart/form-data.',
      });
    }
    const fields: Array<[string, string]> = [];
    let fileBytes = 0;
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') fields.push([name, value]);
      else if (name.toLowerCase() === 'file') fileBytes = value.size;
    }
    const refusal = checkPostPolicy({ bucket: decodeURIComponent(bucket), fields, fileBytes }, credentials, now());
    if (refusal) return refuse(req, res, refusal);
    await forward(req, res, upstream, body);
  };
  await listenOnLoopback(server, port);
  return server;
}

/** The object a CopyObject reads (`x-amz-copy-source: bucket/key`), as a path; null for any other request. */
const copySourcePath = (req: IncomingMessage): string | null => {
  const source = req.headers['x-amz-copy-source'];
  return typeof source === 'string' ? `/${decodeURIComponent(source.replace(/^\//, '').split('?')[0]!)}` : null;
};

/** The last request on each object path; a request waits for those before it on any of its paths. */
const lastOnKey = new Map<string, Promise<void>>();

function oneAtATime(keys: string[], run: () => Promise<void>): Promise<void> {
  const decoded = keys.map((key) => decodeURIComponent(key));
  const before = Promise.all(decoded.map((key) => lastOnKey.get(key) ?? Promise.resolve()));
  const done = before.then(run, run);
  const settled = done.catch(() => undefined);
  for (const key of decoded) lastOnKey.set(key, settled);
  void settled.then(() => {
    for (const key of decoded) if (lastOnKey.get(key) === settled) lastOnKey.delete(key);
  });
  return done;
}

/** Forwards the request to s3rver; settles once the answer is sent (or the client is gone). */
function forward(req: IncomingMessage, res: ServerResponse, upstream: URL, body?: Buffer): Promise<void> {
  const sent = new Promise<void>((resolve) => res.once('close', resolve));
  const proxied = request(
    { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  proxied.on('error', (error) => {
    console.error('s3 front:', error);
    if (!res.headersSent) res.writeHead(502).end();
  });
  if (body) proxied.end(body);
  else req.pipe(proxied);
  return sent;
}

/** S3's XML error, readable by the page that posted (the bucket's CORS rule allows the site). */
function refuse(req: IncomingMessage, res: ServerResponse, refusal: PolicyRefusal) {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const headers: Record<string, string> = { 'content-type': 'application/xml', connection: 'close' };
  if (req.headers.origin) headers['access-control-allow-origin'] = req.headers.origin;
  res
    .writeHead(refusal.status, headers)
    .end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code><Message>${escape(refusal.message)}</Message></Error>`,
    );
}
