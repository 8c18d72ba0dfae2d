/**
 * The events' iCalendar text (event-calendar.ts), read back with a real iCalendar library
 * (ical.js, Mozilla's parser behind Thunderbird's calendar): UIDs, New York times in summer and
 * winter, escaping and line folding; and the time reading and Google link (event-schedule.ts).
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildEventCalendar, buildEventsCalendar, eventSequence, NEW_YORK_VTIMEZONE, type CalendarShop } from './event-calendar';
import {
  DEFAULT_EVENT_MINUTES,
  eventFileName,
  eventSchedule,
  eventUnicodeFileName,
  eventUid,
  googleCalendarUrl,
  isPlausibleEventId,
  newYorkInstant,
  newYorkOffsetMinutes,
  parseEventTime,
  type CalendarEventSource,
} from './event-schedule';

const SHOP: CalendarShop = { name: 'Patterson Wine & Liquor', address: '3140 Route 22, Patterson, NY 12563' };
const PAGE = 'https://shop.example/events';

const event = (overrides: Partial<CalendarEventSource> = {}): CalendarEventSource => ({
  id: '6f1c2a9e-0b7d-4c1e-9a51-2f0d8f6c3b11',
  name: 'Bourbon & Rye Night',
  date: '2026-07-10',
  time: '19:00',
  description: 'Six small-batch pours.',
  createdAt: '2026-06-01T12:00:00.000Z',
  updatedAt: '2026-06-02T12:00:00.000Z',
  ...overrides,
});

/** Parses with ical.js and registers the file's own VTIMEZONEs, as a calendar client does. */
function parse(text: string) {
  const root = new ICAL.Component(ICAL.parse(text));
  for (const zone of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const events = root.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
  return { root, events };
}

const only = (text: string) => {
  const { events } = parse(text);
  expect(events).toHaveLength(1);
  return events[0]!;
};

describe('an event as iCalendar, read back by ical.js', () => {
  it("has a stable UID, whatever the source, the clock, the page URL or the record's later edits", () => {
    const first = only(buildEventCalendar(event(), { shop: SHOP, pageUrl: PAGE })!);
    const elsewhere = only(
      buildEventCalendar(event(), { shop: { name: 'Other', address: '' }, pageUrl: null, now: new Date('2030-01-01') })!,
    );
    const edited = only(
      buildEventCalendar(event({ name: 'Bourbon Night', time: '20:00', updatedAt: '2026-06-05T09:30:00.000Z' }), { shop: SHOP })!,
    );
    const inFeed = parse(buildEventsCalendar([event({ id: 'other-id' }), event()], { shop: SHOP })).events[1]!;
    expect(first.uid).toBe('event-6f1c2a9e-0b7d-4c1e-9a51-2f0d8f6c3b11@pattersonwine.example');
    expect(first.uid).toBe(eventUid(event().id));
    for (const copy of [elsewhere, edited, inFeed]) expect(copy.uid).toBe(first.uid);
    // An edit is a newer revision of the same event: a higher SEQUENCE and a later LAST-MODIFIED and DTSTAMP.
    expect(edited.sequence).toBeGreaterThan(first.sequence);
    const lastModified = (e: ICAL.Event) => e.component.getFirstPropertyValue('last-modified') as ICAL.Time;
    expect(lastModified(edited).toJSDate().toISOString()).toBe('2026-06-05T09:30:00.000Z');
    expect(lastModified(edited).compare(lastModified(first))).toBe(1);
    expect((edited.component.getFirstPropertyValue('dtstamp') as ICAL.Time).toJSDate().toISOString()).toBe('2026-06-05T09:30:00.000Z');
    expect(eventSequence({ createdAt: '2026-06-01T12:00:00Z', updatedAt: '2026-06-01T12:00:00Z' })).toBe(0);
    expect(eventSequence({ createdAt: null, updatedAt: 'garbage' })).toBe(0);
  });

  it('gives the same bytes for the same record (cacheable, and no needless update in a calendar)', () => {
    const options = { shop: SHOP, pageUrl: PAGE };
    expect(buildEventCalendar(event(), options)).toBe(buildEventCalendar(event(), { ...options, now: new Date(0) }));
  });

  it('writes summer times in New York as EDT (UTC-4), with the zone in the file', () => {
    const text = buildEventCalendar(event({ date: '2026-07-10', time: '19:00' }), { shop: SHOP })!;
    expect(text).toContain('DTSTART;TZID=America/New_York:20260710T190000\r\n');
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n');
    const parsed = only(text);
    expect(parsed.startDate.zone?.tzid).toBe('America/New_York');
    expect(parsed.startDate.toJSDate().toISOString()).toBe('2026-07-10T23:00:00.000Z');
    expect(parsed.endDate.toJSDate().toISOString()).toBe('2026-07-11T01:00:00.000Z');
    expect(parsed.duration.toSeconds()).toBe(DEFAULT_EVENT_MINUTES * 60);
  });

  it('writes winter times in New York as EST (UTC-5)', () => {
    const parsed = only(buildEventCalendar(event({ date: '2026-12-12', time: '15:00' }), { shop: SHOP })!);
    expect(parsed.startDate.toJSDate().toISOString()).toBe('2026-12-12T20:00:00.000Z');
    expect(parsed.endDate.toJSDate().toISOString()).toBe('2026-12-12T22:00:00.000Z');
  });

  it("gets both 2026 changes right, in whatever zone the builder runs (it runs in visitors' browsers)", () => {
    // Spring forward on Sunday March 8, 2026 at 2:00 EST; fall back on Sunday November 1 at 2:00 EDT.
    const utcOf = (date: string, time: string) =>
      only(buildEventCalendar(event({ date, time }), { shop: SHOP })!)
        .startDate.toJSDate()
        .toISOString();
    expect(utcOf('2026-03-08', '01:30')).toBe('2026-03-08T06:30:00.000Z');
    expect(utcOf('2026-03-08', '03:30')).toBe('2026-03-08T07:30:00.000Z');
    expect(utcOf('2026-03-07', '19:00')).toBe('2026-03-08T00:00:00.000Z');
    expect(utcOf('2026-11-01', '00:30')).toBe('2026-11-01T04:30:00.000Z');
    expect(utcOf('2026-11-01', '03:00')).toBe('2026-11-01T08:00:00.000Z');
    expect(utcOf('2026-10-31', '19:00')).toBe('2026-10-31T23:00:00.000Z');
  });

  it('holds a VTIMEZONE that agrees with the zone database on every day from 1987 to 2040', () => {
    const zone = new ICAL.Timezone(new ICAL.Component(ICAL.parse(NEW_YORK_VTIMEZONE)));
    const mismatches: string[] = [];
    for (let day = Date.UTC(1987, 0, 1); day < Date.UTC(2041, 0, 1); day += 86_400_000) {
      const date = new Date(day).toISOString().slice(0, 10);
      // Not 1:00: on the autumn change it happens twice, and readers differ on which one it means.
      for (const hour of [0, 3]) {
        const wall = ICAL.Time.fromData({
          year: Number(date.slice(0, 4)),
          month: Number(date.slice(5, 7)),
          day: Number(date.slice(8, 10)),
          hour,
          minute: 0,
          second: 0,
          isDate: false,
        });
        const fromFile = zone.utcOffset(wall) / 60;
        const fromIntl = newYorkOffsetMinutes(newYorkInstant({ date, minutes: hour * 60 }));
        if (fromFile !== fromIntl) mismatches.push(`${date} ${hour}:00 file ${fromFile} intl ${fromIntl}`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 60_000);

  it('makes an event without a time (or with an unreadable one) an all-day event', () => {
    for (const time of [null, '', 'TBA', 'all evening']) {
      const parsed = only(buildEventCalendar(event({ date: '2026-11-28', time }), { shop: SHOP })!);
      expect(parsed.startDate.isDate, String(time)).toBe(true);
      expect(parsed.startDate.toString()).toBe('2026-11-28');
      expect(parsed.endDate.toString()).toBe('2026-11-29');
    }
  });

  it('carries the summary, description, shop location and page URL', () => {
    const parsed = only(buildEventCalendar(event(), { shop: SHOP, pageUrl: PAGE })!);
    expect(parsed.summary).toBe('Bourbon & Rye Night');
    expect(parsed.description).toBe('Six small-batch pours.');
    expect(parsed.location).toBe('Patterson Wine & Liquor, 3140 Route 22, Patterson, NY 12563');
    expect(parsed.component.getFirstPropertyValue('url')).toBe(PAGE);
    expect(only(buildEventCalendar(event(), { shop: SHOP })!).component.getFirstPropertyValue('url')).toBeNull();
  });

  it('escapes commas, semicolons, backslashes and newlines in text, and reads them back unchanged', () => {
    const description = 'Cheese, chocolate; and bread.\nSecond line\\ with a backslash\r\nThird line';
    const text = buildEventCalendar(event({ name: 'Wine; Cheese, and more', description }), { shop: SHOP })!;
    const unfolded = text.replace(/\r\n[ \t]/g, '');
    expect(unfolded).toContain('SUMMARY:Wine\\; Cheese\\, and more\r\n');
    expect(unfolded).toContain('DESCRIPTION:Cheese\\, chocolate\\; and bread.\\nSecond line\\\\ with a backslash\\nThird line\r\n');
    const parsed = only(text);
    expect(parsed.summary).toBe('Wine; Cheese, and more');
    expect(parsed.description).toBe(description.replace('\r\n', '\n'));
  });

  it('cannot be made to hold another property or event by what an admin types', () => {
    const text = buildEventCalendar(
      event({
        name: 'Tasting\r\nBEGIN:VEVENT\r\nUID:evil',
        description: 'x\r\nEND:VEVENT\r\nBEGIN:VEVENT\u0000\u001b[31m',
      }),
      { shop: { name: 'Shop\nATTACH:http://evil', address: 'Main St\r\nX-EVIL:1' } },
    )!;
    const { root, events } = parse(text);
    expect(events).toHaveLength(1);
    expect(events[0]!.summary).toBe('Tasting BEGIN:VEVENT UID:evil');
    expect(events[0]!.description).toBe('x\nEND:VEVENT\nBEGIN:VEVENT[31m');
    expect(events[0]!.location).toBe('Shop ATTACH:http://evil, Main St X-EVIL:1');
    expect(
      root
        .getAllSubcomponents('vevent')[0]!
        .getAllProperties()
        .map((p) => p.name),
    ).not.toContain('attach');
    // eslint-disable-next-line no-control-regex -- the test looks for control characters
    expect(text).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
  });

  it('folds lines at 75 octets, multi-byte characters never split, and unfolds to the same text', () => {
    const description = `${'Rosé from Provence, 🍷 and more. '.repeat(12)}Ünïcödé ending`;
    const text = buildEventCalendar(event({ description, name: 'Château 🍷 '.repeat(10).trim() }), {
      shop: SHOP,
      pageUrl: `${PAGE}?${'x'.repeat(200)}`,
    })!;
    const lines = text.split('\r\n');
    expect(lines.length).toBeGreaterThan(20);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    expect(text).not.toContain('\uFFFD');
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const parsed = only(text);
    expect(parsed.description).toBe(description);
    expect(parsed.summary).toBe('Château 🍷 '.repeat(10).trim());
  });

  it("lists a feed's events with its name and refresh interval, and leaves out events with no real date", () => {
    const text = buildEventsCalendar([event({ id: 'a' }), event({ id: 'b', date: '2026-02-30' }), event({ id: 'c', time: null })], {
      shop: SHOP,
      pageUrl: PAGE,
    });
    const { root, events } = parse(text);
    expect(events.map((e) => e.uid)).toEqual([eventUid('a'), eventUid('c')]);
    expect(root.getFirstPropertyValue('x-wr-calname')).toBe('Patterson Wine & Liquor events');
    expect(root.getFirstPropertyValue('version')).toBe('2.0');
    expect(text).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT6H\r\n');
    expect(root.getAllSubcomponents('vtimezone')).toHaveLength(1);
    expect(buildEventCalendar(event({ date: 'soon' }), { shop: SHOP })).toBeNull();
    // An empty feed is still a calendar.
    expect(parse(buildEventsCalendar([], { shop: SHOP })).events).toEqual([]);
  });
});

describe("reading an event's time", () => {
  it.each([
    ['19:00', 19 * 60, null],
    ['9:05', 9 * 60 + 5, null],
    ['19:00:00', 19 * 60, null],
    ['00:00', 0, null],
    ['7 PM', 19 * 60, null],
    ['7:30 pm', 19 * 60 + 30, null],
    ['7 p.m.', 19 * 60, null],
    ['12 PM', 12 * 60, null],
    ['12:15 AM', 15, null],
    ['noon', 12 * 60, null],
    ['19:00-21:00', 19 * 60, 21 * 60],
    ['19:00 – 21:30', 19 * 60, 21 * 60 + 30],
    ['7 PM - 9 PM', 19 * 60, 21 * 60],
    ['7-9 PM', 19 * 60, 21 * 60],
    ['7 to 9 pm', 19 * 60, 21 * 60],
    ['11-1 PM', 11 * 60, 13 * 60],
    ['10 AM - 2 PM', 10 * 60, 14 * 60],
    ['22:00-01:00', 22 * 60, 60],
  ])('%s', (text, start, end) => {
    expect(parseEventTime(text)).toEqual({ start, end });
  });

  it.each([
    null,
    undefined,
    '',
    '  ',
    'TBA',
    '7',
    '25:00',
    '13 PM',
    '0 AM',
    '19:60',
    '7-9',
    '1-2-3 PM',
    `${'1'.repeat(30)}:00`,
    '19:00'.padEnd(60, ' '),
    '７ PM',
  ])('reads %j as no time', (text) => {
    expect(parseEventTime(text as string | null)).toBeNull();
  });

  it('ends a late event on the next day', () => {
    expect(eventSchedule({ date: '2026-12-31', time: '23:00' })).toEqual({
      allDay: false,
      start: { date: '2026-12-31', minutes: 23 * 60 },
      end: { date: '2027-01-01', minutes: 60 },
    });
    expect(eventSchedule({ date: '2026-07-10', time: '22:00-01:00' })).toMatchObject({ end: { date: '2026-07-11', minutes: 60 } });
    expect(eventSchedule({ date: '2026-02-29', time: '19:00' })).toBeNull();
  });
});

describe('the Google Calendar link', () => {
  const params = (url: string | null) => {
    expect(url).toMatch(/^https:\/\/calendar\.google\.com\/calendar\/render\?/);
    return new URL(url!).searchParams;
  };

  it('fills in the event in New York time', () => {
    const link = params(googleCalendarUrl(event({ description: 'Pours, pairings & more' }), SHOP, PAGE));
    expect(link.get('action')).toBe('TEMPLATE');
    expect(link.get('text')).toBe('Bourbon & Rye Night');
    expect(link.get('dates')).toBe('20260710T190000/20260710T210000');
    expect(link.get('ctz')).toBe('America/New_York');
    expect(link.get('details')).toBe(`Pours, pairings & more\n\n${PAGE}`);
    expect(link.get('location')).toBe('Patterson Wine & Liquor, 3140 Route 22, Patterson, NY 12563');
  });

  it('gives an all-day event whole days, and keeps a long description short', () => {
    const link = params(googleCalendarUrl(event({ time: null, description: 'Long. '.repeat(2000) }), SHOP));
    expect(link.get('dates')).toBe('20260710/20260711');
    expect(link.get('details')!.length).toBeLessThanOrEqual(1500);
    expect(googleCalendarUrl(event({ date: '' }), SHOP)).toBeNull();
  });
});

describe('ids and file names', () => {
  it('accepts only ids the API could have made', () => {
    expect(isPlausibleEventId('6f1c2a9e-0b7d-4c1e-9a51-2f0d8f6c3b11')).toBe(true);
    for (const id of ['', 'a'.repeat(65), '../etc', 'a.b', 'é', 'a b', '%41']) expect(isPlausibleEventId(id), id).toBe(false);
  });

  it('names a file after the event', () => {
    expect(eventFileName({ name: 'Bourbon & Rye Night' })).toBe('bourbon-rye-night.ics');
    expect(eventFileName({ name: 'Saturday Evening Rosé Pop-Up' })).toBe('saturday-evening-rose-pop-up.ics');
    expect(eventFileName({ name: '🍷🍷' })).toBe('event.ics');
    expect(eventFileName({ name: 'x'.repeat(200) })).toBe(`${'x'.repeat(60)}.ics`);
  });

  it("names it in the name's own script too (a download's UTF-8 file name)", () => {
    expect(eventUnicodeFileName({ name: 'Bourbon & Rye Night' })).toBe('bourbon-rye-night.ics');
    expect(eventUnicodeFileName({ name: 'Saturday Evening Rosé Pop-Up' })).toBe('saturday-evening-rosé-pop-up.ics');
    expect(eventUnicodeFileName({ name: 'Дегустация вин 🍷' })).toBe('дегустация-вин-🍷.ics');
    expect(eventUnicodeFileName({ name: '品酒会' })).toBe('品酒会.ics');
    expect(eventUnicodeFileName({ name: '"\r\n\\/' })).toBe('event.ics');
    // Cut at 60 characters, never inside one.
    const long = eventUnicodeFileName({ name: '🍷'.repeat(100) });
    expect(Array.from(long.slice(0, -4))).toHaveLength(60);
    expect(long).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });
});
