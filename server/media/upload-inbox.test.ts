import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LocalUploadInbox, MAX_OPEN_UPLOADS, TOO_MANY_UPLOADS } from './upload-inbox';

const inbox = () => new LocalUploadInbox(mkdtempSync(join(tmpdir(), 'upload-inbox-')), '');

describe('open upload targets', () => {
  it('all admins together hold at most MAX_OPEN_UPLOADS', async () => {
    const uploads = inbox();
    for (let i = 0; i < MAX_OPEN_UPLOADS; i += 1) await uploads.open(`admin-${i}`);
    await expect(uploads.open('admin-new')).rejects.toThrow(TOO_MANY_UPLOADS);
  });
});
