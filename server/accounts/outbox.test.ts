/**
 * The local outbox (decision 0366): the contract every outbox meets, on DATA_DIR/outbox's files,
 * then what is the folder's own (whole files only, kept 30 days, readable by the server alone),
 * listOutbox's arguments, the choice between SMTP and the outbox, and the start log's line.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeOutbox } from '../../tests/support/outbox-contract';
import { mailStartLine, OUTBOX_FROM, shopMail, smtpSettingsFrom } from './mailer';
import { Outbox } from './outbox';
import { LocalOutboxFiles, outboxDir } from './outbox-files';
import { outboxName, outboxQueryOf } from './outbox-query';
import { ROLE_ADMIN } from '../../shared/roles';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'outbox-'));
  dirs.push(dir);
  return outboxDir(dir);
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describeOutbox('LocalOutboxFiles', () => {
  const dir = freshDir();
  const files = new LocalOutboxFiles(dir);
  return {
    files,
    stored: async () => new Map(readdirSync(dir).map((name) => [name, readFileSync(join(dir, name))])),
  };
});

const DAY = 24 * 60 * 60_000;
const STAFF = { userId: 'admin-1', name: 'Ada Admin', type: ROLE_ADMIN } as const;

describe('the local outbox folder', () => {
  it('holds whole files readable by the server alone, and passes over a file still being written', async () => {
    const dir = freshDir();
    const outbox = new Outbox(new LocalOutboxFiles(dir));
    await outbox.mailer(OUTBOX_FROM).send({ to: 'ann@example.com', subject: 'Kept', text: 'Hello' });
    writeFileSync(join(dir, `.${outboxName(Date.now())}.part`), 'From: half');
    const [name] = readdirSync(dir).filter((file) => file.endsWith('.eml'));
    expect(statSync(join(dir, name!)).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect((await outbox.list({ limit: 10, nextToken: null }, STAFF)).mails.map((mail) => mail.subject)).toEqual(['Kept']);
  });

  it('deletes mails older than 30 days as new ones come', async () => {
    const dir = freshDir();
    let now = Date.parse('2026-11-28T12:00:00Z');
    const old = outboxName(now - 31 * DAY);
    const recent = outboxName(now - 29 * DAY);
    const files = new LocalOutboxFiles(dir, () => now);
    await files.put(old, Buffer.from('From: a'));
    await files.put(recent, Buffer.from('From: b'));
    now += 2 * 60 * 60_000;
    const outbox = new Outbox(files, () => now);
    await outbox.mailer(OUTBOX_FROM).send({ to: 'ann@example.com', subject: 'New', text: 'Hello' });
    expect(readdirSync(dir).sort()).toEqual([recent, expect.stringMatching(/^2026-11-28T14-00-00\.000Z-[0-9a-f]{8}\.eml$/)]);
  });

  it('fails a mail, rather than making the folder again, once the data directory is gone', async () => {
    const dir = freshDir();
    const outbox = new Outbox(new LocalOutboxFiles(dir));
    rmSync(dir, { recursive: true });
    await expect(outbox.mailer(OUTBOX_FROM).send({ to: 'ann@example.com', subject: 'Lost', text: 'Hello' })).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });
});

describe('listOutbox arguments', () => {
  it('takes a limit from 1 to 100 (20 when none) and only a nextToken that is a mail name', () => {
    expect(outboxQueryOf({})).toEqual({ limit: 20, nextToken: null });
    const name = outboxName(Date.now());
    expect(outboxQueryOf({ limit: 100, nextToken: name })).toEqual({ limit: 100, nextToken: name });
    for (const limit of [0, 101, 2.5, '10']) expect(() => outboxQueryOf({ limit })).toThrow('The limit must be between 1 and 100');
    for (const nextToken of ['../shop.sqlite3', `${name}/../x`, 7]) expect(() => outboxQueryOf({ nextToken })).toThrow('Invalid nextToken');
  });
});

describe('where the mail goes', () => {
  const smtp = smtpSettingsFrom({
    SMTP_HOST: 'smtp.example.com',
    SMTP_PORT: '465',
    SMTP_USER: 'shop',
    SMTP_PASSWORD: 'S3cret-Pa55',
    SMTP_FROM: 'Shop <shop@example.com>',
  });

  it('goes over SMTP when it is set, into the outbox when it is not', () => {
    const kept = { send: async () => undefined };
    expect(shopMail(smtp, () => kept)).toMatchObject({ delivery: 'smtp', from: 'Shop <shop@example.com>' });
    expect(shopMail(null, () => kept)).toEqual({ delivery: 'outbox', transport: kept, from: OUTBOX_FROM });
  });

  it('says so at start: the outbox and its page, or the mail server without its password', () => {
    expect(mailStartLine(null, '/srv/shop/data/outbox', 'http://localhost:3000/admin-outbox')).toBe(
      'No mail server set (SMTP_HOST): e-mails are kept in /srv/shop/data/outbox, and admins read them at http://localhost:3000/admin-outbox',
    );
    const line = mailStartLine(smtp, '/srv/shop/data/outbox', 'http://localhost:3000/admin-outbox');
    expect(line).toBe('E-mails go out through smtp.example.com:465 (TLS) from Shop <shop@example.com>');
    expect(line).not.toMatch(/S3cret|outbox/);
  });
});
