/**
 * What every outbox must do (decision 0366), as tests the local files (server/accounts/outbox.test.ts)
 * and the media bucket's outbox/ prefix (amplify/functions/common/s3-outbox.test.ts) both run: each
 * mail is one whole RFC 5322 message named by the time it was written, read back newest first a
 * page at a time, by staff only.
 */
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { Outbox, type OutboxFiles } from '../../server/accounts/outbox';
import { isOutboxName } from '../../server/accounts/outbox-query';
import { OUTBOX_FROM } from '../../server/accounts/mailer';
import { ROLE_ADMIN, ROLE_USER } from '../../shared/roles';

export interface OutboxUnderTest {
  files: OutboxFiles;
  /** The stored messages by name, as raw bytes (the folder's files, the bucket's objects). */
  stored: () => Promise<Map<string, Buffer>>;
}

const STAFF = { userId: 'admin-1', name: 'Ada Admin', type: ROLE_ADMIN } as const;
const START = Date.parse('2026-11-28T16:22:17.123Z');

/** A clock that moves a second each time it is read, so each mail is written at its own time. */
function ticking() {
  let at = START;
  return () => (at += 1_000);
}

export function describeOutbox(name: string, make: () => OutboxUnderTest): void {
  describe(`${name}: the outbox`, () => {
    it('keeps each message as one .eml file, a real message as SMTP would send it', async () => {
      const { files, stored } = make();
      const outbox = new Outbox(files, ticking());
      await outbox.mailer(OUTBOX_FROM).send({
        to: 'ann@example.com',
        subject: 'Confirm your email address — café',
        text: 'Hello,\n\nhttp://localhost:3000/confirm-email?token=abc_DEF-123\n',
        attachments: [{ filename: 'tasting.ics', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', contentType: 'text/calendar' }],
      });
      const messages = await stored();
      expect(messages.size).toBe(1);
      const [fileName, raw] = [...messages][0]!;
      expect(fileName).toBe(fileName.match(/^2026-11-28T16-22-18\.123Z-[0-9a-f]{8}\.eml$/)?.[0]);
      expect(isOutboxName(fileName)).toBe(true);
      const text = raw.toString('utf8');
      // RFC 5322: CRLF lines, the headers a mail server expects, then MIME.
      expect(text.split('\r\n').length).toBeGreaterThan(10);
      expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
      for (const header of ['From', 'To', 'Subject', 'Message-ID', 'Date', 'MIME-Version'])
        expect(text).toMatch(new RegExp(`^${header}: `, 'm'));
      const parsed = await simpleParser(raw);
      expect(parsed.from?.text).toBe('"Patterson Wine & Liquor" <outbox@shop.invalid>');
      expect(parsed.subject).toBe('Confirm your email address — café');
      expect(parsed.text).toContain('http://localhost:3000/confirm-email?token=abc_DEF-123');
      expect(parsed.attachments.map((file) => file.filename)).toEqual(['tasting.ics']);
    });

    it('reads the mails back newest first, a page at a time, for staff only', async () => {
      const { files, stored } = make();
      const outbox = new Outbox(files, ticking());
      const mailer = outbox.mailer(OUTBOX_FROM);
      for (const n of [1, 2, 3, 4, 5])
        await mailer.send({ to: `p${n}@example.com`, subject: `Mail ${n}`, text: `Text ${n}\nhttps://shop.example.com/x?n=${n}` });
      // File names sort by time: in name order they are in the order written.
      const names = [...(await stored()).keys()].sort();
      expect(await Promise.all(names.map(async (fileName) => (await simpleParser((await stored()).get(fileName)!)).subject))).toEqual([
        'Mail 1',
        'Mail 2',
        'Mail 3',
        'Mail 4',
        'Mail 5',
      ]);

      const first = await outbox.list({ limit: 2, nextToken: null }, STAFF);
      expect(first.mails.map((mail) => mail.subject)).toEqual(['Mail 5', 'Mail 4']);
      expect(first.mails[0]).toEqual({
        id: names[4],
        at: '2026-11-28T16:22:22.123Z',
        to: 'p5@example.com',
        subject: 'Mail 5',
        text: 'Text 5\nhttps://shop.example.com/x?n=5',
        attachments: [],
      });
      const second = await outbox.list({ limit: 2, nextToken: first.nextToken }, STAFF);
      expect(second.mails.map((mail) => mail.subject)).toEqual(['Mail 3', 'Mail 2']);
      const last = await outbox.list({ limit: 2, nextToken: second.nextToken }, STAFF);
      expect(last).toEqual({ mails: [expect.objectContaining({ subject: 'Mail 1' })], nextToken: null });
      expect((await outbox.list({ limit: 5, nextToken: null }, STAFF)).nextToken).toBeNull();

      await expect(
        outbox.list({ limit: 2, nextToken: null }, { userId: 'c-1', name: 'Cal Customer', type: ROLE_USER }),
      ).rejects.toMatchObject({ errorType: 'Unauthorized' });
      await expect(outbox.list({ limit: 2, nextToken: null }, null)).rejects.toMatchObject({ errorType: 'Unauthorized' });
    });

    it('passes over what is not a mail of its own', async () => {
      const { files } = make();
      const outbox = new Outbox(files, ticking());
      await files.put('notes.txt', Buffer.from('not a mail'));
      await outbox.mailer(OUTBOX_FROM).send({ to: 'ann@example.com', subject: 'Only this', text: 'Hello' });
      expect((await outbox.list({ limit: 10, nextToken: null }, STAFF)).mails.map((mail) => mail.subject)).toEqual(['Only this']);
      expect(await files.get('../notes.txt')).toBeNull();
      expect(await files.get('notes.txt')).toBeNull();
    });
  });
}
