/**
 * GET/HEAD /media/<name>: a stored image, content-addressed, so cached for a year.
 */
import { createReadStream, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import type { MediaStore } from '../media/media-store';
import { mediaContentType } from '../../shared/media';
import { sendJson } from './respond';

export function serveMedia(req: IncomingMessage, res: ServerResponse, media: MediaStore, name: string): void {
  const path = media.pathFor(name);
  let size = 0;
  try {
    if (path) size = statSync(path).size;
  } catch {
    /* reported as 404 below */
  }
  if (!path || size === 0) {
    sendJson(res, 404, { error: 'Not found' });
    return;
  }
  res.writeHead(200, {
    'Content-Type': mediaContentType(name),
    'Content-Length': size,
    // Content-addressed: a name never changes meaning.
    'Cache-Control': 'public, max-age=31536000, immutable',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  pipeline(createReadStream(path), res, (error) => {
    if (error) res.destroy();
  });
}
