/**
 * `/events.ics` and `/events/<id>.ics` on a real server (event-calendar-route.ts), read back with
 * ical.js: exactly the upcoming events, one event's file, the shop's details, updates that
 * replace, caching, HEAD, and requests made to hurt.
 */
import { request as httpRequest } from 'node:http';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_ADMIN } from '../../shared/roles';
import { eventUid } from '../../shared/event-schedule';
import { addDays, newYorkTime } from '../../shared/shop-hours';
import { shop as shopFallback, shopAddressLine } from '../../shared/shop';
import { postGraphQL, startTestServer, type TestServer } from '../../tests/support/test-server';
import { contentDisposition, MAX_FEED_EVENTS } from './event-calendar-route';

let server: TestServer;
let admin: Record<string, string>;
const today = newYorkTime(new Date()).date;
const ids: Record<string, string> = {};

async function adminCall(query: string, variables: Record<string, unknown>) {
  const { body } = await postGraphQL(server, { query, variables }, admin);
  expect(body.errors).toBeUndefined();
  return body.data!;
}

const createEvent = async (input: Record<string, unknown>) =>
  ((await adminCall('mutation ($input: CreateEventInput!) { createEvent(input: $input) { id } }', { input })).createEvent as { id: string })
    .id;

beforeAll(async () => {
  server = await startTestServer();
  admin = { authorization: (await server.sessionFor(ROLE_ADMIN)).token };
  ids.yesterday = await createEvent({ name: 'Last night', date: addDays(today, -1), time: '19:00', description: 'Over.' });
  ids.longAgo = await createEvent({ name: 'Long ago', date: '2020-01-04', time: '15:00', description: 'Over.' });
  ids.later = await createEvent({
    name: 'Summer, later; tasting',
    date: addDays(today, 40),
    time: '15:00',
    description: 'Line one\nLine two, with comma',
  });
  ids.todayAllDay = await createEvent({ name: 'Open house', date: today, description: 'All day.' });
  ids.today = await createEvent({ name: 'Tonight', date: today, time: '18:30', description: 'Tonight.' });
  ids.tomorrow = await createEvent({ name: 'Tomorrow', date: addDays(today, 1), time: '7 PM - 9 PM', description: 'Tomorrow.' });
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

async function get(path: string, init: RequestInit = {}) {
  const response = await fetch(`${server.url}${path}`, init);
  return { response, text: await response.text() };
}

function parse(text: string) {
  const root = new ICAL.Component(ICAL.parse(text));
  for (const zone of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return { root, events: root.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component)) };
}

describe('GET /events.ics', () => {
  it('lists exactly the events from today in New York on, soonest first, as an inline calendar', async () => {
    const { response, text } = await get('/events.ics');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('inline; filename="events.ics"');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const { root, events } = parse(text);
    expect(events.map((event) => event.summary)).toEqual(['Tonight', 'Open house', 'Tomorrow', 'Summer, later; tasting']);
    expect(events.map((event) => event.uid)).toEqual([ids.today, ids.todayAllDay, ids.tomorrow, ids.later].map((id) => eventUid(id!)));
    expect(root.getFirstPropertyValue('x-wr-calname')).toBe(`${shopFallback.name} events`);

    const tomorrow = events[2]!;
    expect(tomorrow.startDate.zone?.tzid).toBe('America/New_York');
    expect(tomorrow.startDate.toString()).toBe(`${addDays(today, 1)}T19:00:00`);
    expect(tomorrow.endDate.toString()).toBe(`${addDays(today, 1)}T21:00:00`);
    expect(events[1]!.startDate.isDate).toBe(true);
    expect(events[3]!.description).toBe('Line one\nLine two, with comma');
    // No PUBLIC_ORIGIN: the address the server announces, never the request's Host header.
    expect(events[0]!.component.getFirstPropertyValue('url')).toBe(`${server.url}/events`);
    expect(events[0]!.location).toBe(`${shopFallback.name}, ${shopAddressLine}`);
  });

  it('answers HEAD with the same headers and no body, and a matching If-None-Match with 304', async () => {
    const full = await get('/events.ics');
    const head = await get('/events.ics', { method: 'HEAD' });
    expect(head.response.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.response.headers.get('content-length')).toBe(String(Buffer.byteLength(full.text)));
    expect(head.response.headers.get('etag')).toBe(full.response.headers.get('etag'));
    const again = await get('/events.ics', { headers: { 'if-none-match': full.response.headers.get('etag')! } });
    expect(again.response.status).toBe(304);
    expect(again.text).toBe('');
    // A made-up query string changes nothing (and adds no cache entry: the key is the day).
    const queried = await get(`/events.ics?${'utm=%F0%9F%8D%B7&'.repeat(400)}`);
    expect(queried.response.status).toBe(200);
    expect(queried.text).toBe(full.text);
    const post = await get('/events.ics', { method: 'POST', body: 'x' });
    expect(post.response.status).toBe(405);
  });

  it("follows every write: an edited event replaces itself (same UID, higher SEQUENCE), the shop's details show", async () => {
    const before = parse((await get('/events.ics')).text).events.find((event) => event.uid === eventUid(ids.tomorrow!))!;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await adminCall('mutation ($input: UpdateEventInput!) { updateEvent(input: $input) { id } }', {
      input: { id: ids.tomorrow, name: 'Tomorrow, moved', time: '20:00' },
    });
    await adminCall('mutation ($input: CreateShopSettingsInput!) { createShopSettings(input: $input) { id } }', {
      input: { id: 'shop', name: 'Test Cellar', address: '1 Main St, Patterson, NY 12563' },
    });
    const { events } = parse((await get('/events.ics')).text);
    const after = events.filter((event) => event.uid === eventUid(ids.tomorrow!));
    expect(after).toHaveLength(1);
    expect(after[0]!.summary).toBe('Tomorrow, moved');
    expect(after[0]!.startDate.toString()).toBe(`${addDays(today, 1)}T20:00:00`);
    expect(after[0]!.sequence).toBeGreaterThan(before.sequence);
    expect(after[0]!.location).toBe('Test Cellar, 1 Main St, Patterson, NY 12563');
  });
});

describe('GET /events/<id>.ics', () => {
  it('gives one event as an attachment named after it, which ical.js reads', async () => {
    const { response, text } = await get(`/events/${ids.later}.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="summer-later-tasting.ics"; filename*=UTF-8\'\'summer-later-tasting.ics',
    );
    const { events } = parse(text);
    expect(events).toHaveLength(1);
    expect(events[0]!.uid).toBe(eventUid(ids.later!));
    expect(events[0]!.summary).toBe('Summer, later; tasting');
    expect(events[0]!.startDate.toString()).toBe(`${addDays(today, 40)}T15:00:00`);
    // A cached answer is the same file.
    const again = await get(`/events/${ids.later}.ics`);
    expect(again.text).toBe(text);
    expect(again.response.headers.get('content-disposition')).toBe(response.headers.get('content-disposition'));
    // Past events keep their file (a link someone saved), though the feed leaves them out.
    expect(
      parse((await get(`/events/${ids.longAgo}.ics`)).text)
        .events[0]!.startDate.toJSDate()
        .toISOString(),
    ).toBe('2020-01-04T20:00:00.000Z');
  });

  it('answers an unknown or deleted id with 404', async () => {
    expect((await get('/events/00000000-0000-4000-8000-000000000000.ics')).response.status).toBe(404);
    await adminCall('mutation ($input: DeleteEventInput!) { deleteEvent(input: $input) { id } }', { input: { id: ids.yesterday } });
    expect((await get(`/events/${ids.yesterday}.ics`)).response.status).toBe(404);
  });

  it('refuses paths that hold no plausible id with 404, and stays quick and alive', async () => {
    const hostile = [
      '/events/.ics',
      '/events/%2e%2e.ics',
      '/events/..%2F..%2Fetc%2Fpasswd.ics',
      '/events/a.b.ics',
      '/events/a/b.ics',
      `/events/${'a'.repeat(65)}.ics`,
      `/events/${'a'.repeat(8000)}.ics`,
      '/events/%E2%9C%93.ics',
      '/events/\u00e9v\u00e9nement.ics',
      '/events/%00.ics',
      '/events/a%0d%0aX-Evil:1.ics',
      "/events/1'%20OR%20'1'='1.ics",
      '/events/%F0%9F%8D%B7.ics',
      '/events/%ff%fe.ics',
      '/events/__proto__.ics',
      '/events/constructor.ics',
    ];
    const started = performance.now();
    for (const path of hostile) {
      const { response, text } = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(text, path).not.toContain('X-Evil');
    }
    // A path beyond Node's header limit is refused by Node itself (431), and the server goes on.
    const huge = await rawStatus(`/events/${'a'.repeat(20_000)}.ics`);
    expect(huge).toBe(431);
    const burst = await Promise.all(Array.from({ length: 200 }, (_, i) => get(`/events/missing-${i}.ics`)));
    expect(burst.every(({ response }) => response.status === 404)).toBe(true);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect((await get('/events.ics')).response.status).toBe(200);
    // Not ours: still the app's routes.
    expect((await get('/events')).response.headers.get('content-type')).not.toMatch(/calendar/);
  });
});

/** A Content-Disposition as RFC 6266 and 5987 allow it, nothing more: its type, a quoted ASCII name, a percent-encoded UTF-8 one. */
const DISPOSITION = /^attachment; filename="[\x20\x21\x23-\x5b\x5d-\x7e]+"; filename\*=UTF-8''[A-Za-z0-9!#$&+\-.^_`|~%]+$/;

/** The `filename*` of a Content-Disposition, decoded. */
const utf8Name = (disposition: string) => decodeURIComponent(/filename\*=UTF-8''(.*)$/.exec(disposition)![1]!);

describe('file names in any script', () => {
  it("names a Cyrillic or emoji event's file in UTF-8 (filename*), with an ASCII fallback (filename)", async () => {
    const cyrillic = await createEvent({ name: 'Дегустация вин 🍷', date: addDays(today, 3), time: '18:00', description: 'Вино.' });
    const emoji = await createEvent({ name: '🍷🥂', date: addDays(today, 4), description: 'Cheers.' });
    const accented = await createEvent({ name: 'Rosé « Été »', date: addDays(today, 5), description: 'x' });
    for (const [id, fallback, name] of [
      [cyrillic, 'event.ics', 'дегустация-вин-🍷.ics'],
      [emoji, 'event.ics', '🍷🥂.ics'],
      [accented, 'rose-ete.ics', 'rosé-été.ics'],
    ] as const) {
      const { response } = await get(`/events/${id}.ics`);
      expect(response.status, name).toBe(200);
      const disposition = response.headers.get('content-disposition')!;
      expect(disposition, name).toMatch(DISPOSITION);
      expect(disposition, name).toContain(`filename="${fallback}"`);
      expect(utf8Name(disposition), name).toBe(name);
    }
  });

  it('lets no quote, backslash, CR or LF of a name into the header', async () => {
    const id = await createEvent({ name: 'Evil"\\\r\nX-Injected: 1; filename="x.exe', date: addDays(today, 6), description: 'x' });
    const { response } = await get(`/events/${id}.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-injected')).toBeNull();
    const disposition = response.headers.get('content-disposition')!;
    expect(disposition).toMatch(DISPOSITION);
    expect(disposition.match(/"/g)).toHaveLength(2);
    expect(utf8Name(disposition)).toBe('evil-x-injected-1-filename-x-exe.ics');
    // The builder itself, given the worst names (the file names the server makes are already tame).
    const built = contentDisposition('attachment', 'a"b\\c\r\nSet-Cookie: x=1\u00e9.ics', 'ü"\\\r\n\u0000;\'() *.ics');
    expect(built).toMatch(DISPOSITION);
    expect(built).toBe('attachment; filename="a_b_c__Set-Cookie: x=1_.ics"; filename*=UTF-8\'\'%C3%BC%22%5C%3B%27%28%29%20%2A.ics');
    expect(utf8Name(built)).toBe('ü"\\;\'() *.ics');
  });
});

describe('the feed reads little', () => {
  it('chooses the soonest upcoming events from ids, dates and times alone, then reads only those in full', async () => {
    const big = await startTestServer();
    try {
      const date0 = newYorkTime(new Date()).date;
      big.store.transaction(() => {
        // Key order is not date order: the soonest are spread over the table.
        for (let i = 0; i < MAX_FEED_EVENTS + 150; i += 1) {
          big.store.create('Event', {
            name: `Event ${String(i).padStart(3, '0')}`,
            date: addDays(date0, (i * 37) % 400),
            time: '18:00',
            description: `About event ${i}. ${'x'.repeat(2000)}`,
          });
        }
        big.store.create('Event', { name: 'Past', date: addDays(date0, -2), description: 'x' });
      });
      const calls: Array<{ query: string; items: Array<Record<string, unknown>> }> = [];
      const execute = big.engine.execute.bind(big.engine);
      big.engine.execute = async (request, context) => {
        const result = await execute(request, context);
        const { query } = request as { query: string };
        const list = result.response.data?.listEvents as { items?: Array<Record<string, unknown>> } | undefined;
        if (list?.items) calls.push({ query, items: list.items });
        return result;
      };
      const text = await (await fetch(`${big.url}/events.ics`)).text();
      const { events } = parse(text);
      expect(events).toHaveLength(MAX_FEED_EVENTS);
      const dates = events.map((event) => event.startDate.toString().slice(0, 10));
      expect(dates).toEqual([...dates].sort());
      // The 200 soonest.
      const expected = Array.from({ length: MAX_FEED_EVENTS + 150 }, (_, i) => addDays(date0, (i * 37) % 400))
        .sort()
        .slice(0, MAX_FEED_EVENTS);
      expect(dates).toEqual(expected);

      // Descriptions are read for the chosen events only.
      const withDescriptions = calls.filter((call) => /\bdescription\b/.test(call.query));
      expect(withDescriptions.reduce((sum, call) => sum + call.items.length, 0)).toBeLessThanOrEqual(MAX_FEED_EVENTS);
      const light = calls.filter((call) => !/\bdescription\b/.test(call.query));
      expect(light.reduce((sum, call) => sum + call.items.length, 0)).toBe(MAX_FEED_EVENTS + 150);
    } finally {
      await big.stop();
    }
  });

  it("keeps the feed's ETag with its cached body", async () => {
    const { response } = await get('/events.ics');
    const entry = Buffer.from(server.responseCache.get(`event-calendar:feed:${today}`, server.store.version)!);
    expect(entry).toBeDefined();
    const header = JSON.parse(entry.subarray(0, entry.indexOf(0x0a)).toString('utf8')) as { etag: string };
    expect(header.etag).toBe(response.headers.get('etag'));
  });
});

describe('"upcoming" is a day in New York', () => {
  it('still lists an event of July 9 at 11 PM in New York, when it is already July 10 in UTC', async () => {
    // 2026-07-10T03:30Z is 11:30 PM on July 9 in New York (EDT).
    const clocked = await startTestServer({ overrides: { now: () => Date.parse('2026-07-10T03:30:00Z') } });
    try {
      const token = (await clocked.sessionFor(ROLE_ADMIN)).token;
      for (const [name, date] of [
        ['The day before', '2026-07-08'],
        ['New York today', '2026-07-09'],
        ['UTC today', '2026-07-10'],
      ]) {
        const { body } = await postGraphQL(
          clocked,
          {
            query: 'mutation ($input: CreateEventInput!) { createEvent(input: $input) { id } }',
            variables: { input: { name, date, time: '19:00', description: 'x' } },
          },
          { authorization: token },
        );
        expect(body.errors).toBeUndefined();
      }
      const text = await (await fetch(`${clocked.url}/events.ics`)).text();
      expect(parse(text).events.map((event) => event.summary)).toEqual(['New York today', 'UTC today']);
    } finally {
      await clocked.stop();
    }
  });
});

/** The status of a GET sent as is (fetch refuses some paths before sending them). */
function rawStatus(path: string): Promise<number> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}
