/**
 * The local server's upload targets, the counterpart of the cloud's S3 presigned POST: `open`
 * hands an admin a random id and the URL `/uploads/<id>`; the HTTP route (upload-route.ts) takes
 * one file there before the id expires (`claim`, then `keep`); `take` gives it to
 * storeUploadedImage once and forgets it. Ids live in memory (a restart ends them, as their few
 * minutes would) and files in DATA_DIR/uploads, emptied at start.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { validationError } from '../errors';
import { UPLOAD_ID, UPLOAD_TTL_SECONDS, type ImageUploadTarget } from '../../shared/image-upload';
import type { UploadInbox } from './images';

export const UPLOAD_PATH_PREFIX = '/uploads/';
/** Open uploads at once: bounds the disk a runaway client can fill (20 x 5 MB). */
export const MAX_OPEN_UPLOADS = 20;

export const TOO_MANY_UPLOADS = 'Too many uploads in progress; try again in a few minutes';

interface OpenUpload {
  userId: string;
  expiresAt: number;
  state: 'open' | 'receiving' | 'received';
}

export class LocalUploadInbox implements UploadInbox {
  private readonly dir: string;
  private readonly uploads = new Map<string, OpenUpload>();

  /** `origin`: PUBLIC_ORIGIN, or '' to name the target by path (no request header decides a URL). */
  constructor(
    dataDir: string,
    private readonly origin: string,
    private readonly now: () => number = Date.now,
  ) {
    this.dir = join(dataDir, 'uploads');
    // One server owns a data directory: files found at start belong to ids a restart ended.
    rmSync(this.dir, { recursive: true, force: true });
    mkdirSync(this.dir, { recursive: true });
  }

  async open(userId: string): Promise<ImageUploadTarget> {
    this.forgetExpired();
    // No cap per admin: admins are trusted (one can delete the others), and the reliability
    // battery's 20 writers share one admin session.
    if (this.uploads.size >= MAX_OPEN_UPLOADS) throw validationError(TOO_MANY_UPLOADS);
    const id = randomBytes(16).toString('hex');
    const expiresAt = this.now() + UPLOAD_TTL_SECONDS * 1000;
    this.uploads.set(id, { userId, expiresAt, state: 'open' });
    return { id, url: `${this.origin}${UPLOAD_PATH_PREFIX}${id}`, fields: [], expiresAt: new Date(expiresAt).toISOString() };
  }

  /**
   * Whether a file may be posted to `id` now; if so the id is spent at once, so a second POST
   * (even a concurrent one) is refused whatever becomes of this one.
   */
  claim(id: string): boolean {
    this.forgetExpired();
    const upload = UPLOAD_ID.test(id) ? this.uploads.get(id) : undefined;
    if (!upload || upload.state !== 'open') return false;
    upload.state = 'receiving';
    return true;
  }

  /** Keeps the file of a claimed id until `take` (or expiry); false when the id expired meanwhile. */
  keep(id: string, bytes: Buffer): boolean {
    const upload = this.uploads.get(id);
    if (upload?.state !== 'receiving' || upload.expiresAt <= this.now()) return false;
    writeFileSync(this.pathOf(id), bytes);
    upload.state = 'received';
    return true;
  }

  async take(userId: string, id: string): Promise<Buffer | null> {
    this.forgetExpired();
    const upload = this.uploads.get(id);
    // Another admin's id is left alone: they may still store it.
    if (!upload || upload.userId !== userId) return null;
    this.uploads.delete(id);
    if (upload.state !== 'received') return null;
    const path = this.pathOf(id);
    try {
      return readFileSync(path);
    } finally {
      rmSync(path, { force: true });
    }
  }

  private pathOf(id: string): string {
    if (!UPLOAD_ID.test(id)) throw new Error(`not an upload id: ${id}`);
    return join(this.dir, id);
  }

  private forgetExpired(): void {
    const now = this.now();
    for (const [id, upload] of this.uploads) {
      if (upload.expiresAt > now) continue;
      this.uploads.delete(id);
      rmSync(this.pathOf(id), { force: true });
    }
  }
}
