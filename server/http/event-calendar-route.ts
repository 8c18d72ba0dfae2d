/**
 * The shop's events for calendars (decisions 0208 and 0231): `GET /events.ics`, a feed of the upcoming events
 * (from today in New York on) that a calendar app subscribes to, and `GET /events/<id>.ics`, one
 * event's file to download and open. Both are built by shared/event-calendar.ts (the same builder
 * the events page uses where no server serves these, the AWS build).
 *
 * The data is read through the engine as the public API key reads it (as first-screen.ts does),
 * so a calendar sees exactly what the storefront may. Answers are cached with the GraphQL answers
 * (any write invalidates them); the feed's key carries New York's date, since "upcoming" changes
 * at midnight without a write. Only an id that could be one (at most 64 of [A-Za-z0-9_-]) is
 * looked up; anything else is a 404 before any query.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { buildEventCalendar, buildEventsCalendar, CALENDAR_CONTENT_TYPE, type CalendarShop } from '../../shared/event-calendar';
import {
  eventFileName,
  eventUnicodeFileName,
  EVENTS_FEED_PATH,
  isPlausibleEventId,
  parseEventTime,
  type CalendarEventSource,
} from '../../shared/event-schedule';
import { MAX_PAGE_SIZE } from '../../shared/catalogue';
import { newYorkTime, SHOP_SETTINGS_ID } from '../../shared/shop-hours';
import { shop as shopFallback, shopAddressLine } from '../../shared/shop';
import type { ModelStore } from '../db/model-store';
import type { GraphQLEngine } from '../graphql/engine';
import { newRowBudget, PUBLIC_API_KEY_CALLER } from '../graphql/request-context';
import { sendJson } from './respond';
import type { ResponseCache } from './response-cache';

/**
 * The feed lists at most the soonest this many events (a file a calendar app reads whole). Read
 * in full with one list filtered by their ids: at most 200 conditions (MAX_FILTER_TERMS).
 */
export const MAX_FEED_EVENTS = 200;
/** ...chosen from at most this many pages of MAX_PAGE_SIZE upcoming events, read with only what orders them. */
const MAX_FEED_PAGES = 20;

const EVENT_FIELDS = 'id name date time description createdAt updatedAt';
/** What decides whether an event is upcoming and where it goes in the feed (byStart). */
const EVENT_ORDER_FIELDS = 'id name date time';
const EVENT_FILE_PATH = /^\/events\/([^/]*)\.ics$/;

export interface EventCalendarDeps {
  engine: GraphQLEngine;
  store: ModelStore;
  cache: ResponseCache;
  /** The site's origin (PUBLIC_ORIGIN, else the address announced at start; never the Host header): each event's URL is its /events page. */
  origin: () => string | null;
  now?: () => number;
}

/** Whether the path is one of ours: the feed, or anything that looks like an event's file (unknown ones get a 404, not the app). */
export const isEventCalendarPath = (path: string): boolean =>
  path === EVENTS_FEED_PATH || (path.startsWith('/events/') && path.endsWith('.ics'));

class QueryFailed extends Error {}

async function query(deps: EventCalendarDeps, text: string, variables: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { response } = await deps.engine.execute(
    { query: text, variables },
    { auth: PUBLIC_API_KEY_CALLER, clientIp: 'event-calendar', store: deps.store, rowBudget: newRowBudget() },
  );
  if (response.errors?.length || !response.data)
    throw new QueryFailed(response.errors?.map((error) => error.message).join('; ') ?? 'no data');
  return response.data;
}

async function shopOf(deps: EventCalendarDeps): Promise<CalendarShop> {
  const data = await query(deps, 'query EventCalendarShop($id: ID!) { getShopSettings(id: $id) { name address } }', {
    id: SHOP_SETTINGS_ID,
  });
  const record = data.getShopSettings as { name?: string | null; address?: string | null } | null;
  return {
    name: record?.name?.trim() || shopFallback.name,
    address: record?.address?.trim() || shopAddressLine,
  };
}

/** Soonest first; on one day, by start time (no time last), then by name: the events page's order. */
function byStart(a: EventOrder, b: EventOrder): number {
  const start = (event: EventOrder) => parseEventTime(event.time)?.start ?? 24 * 60;
  return a.date.localeCompare(b.date) || start(a) - start(b) || a.name.localeCompare(b.name);
}

type EventOrder = Pick<CalendarEventSource, 'id' | 'name' | 'date' | 'time'>;

/**
 * The soonest MAX_FEED_EVENTS upcoming events, in the feed's order. Two steps, so no description
 * is read for an event the feed leaves out: every upcoming event's id, name, date and time (pages
 * come in key order, not by date, so every page is read), then the chosen ones in full.
 */
async function upcomingEvents(deps: EventCalendarDeps, today: string): Promise<CalendarEventSource[]> {
  const upcoming: EventOrder[] = [];
  let nextToken: string | null = null;
  for (let page = 0; page < MAX_FEED_PAGES; page++) {
    const data = await query(
      deps,
      `query EventCalendarUpcoming($filter: ModelEventFilterInput, $nextToken: String) { listEvents(filter: $filter, limit: ${MAX_PAGE_SIZE}, nextToken: $nextToken) { items { ${EVENT_ORDER_FIELDS} } nextToken } }`,
      { filter: { date: { ge: today } }, nextToken },
    );
    const list = data.listEvents as { items: EventOrder[]; nextToken: string | null };
    upcoming.push(...list.items);
    nextToken = list.nextToken;
    if (!nextToken) break;
  }
  const chosen = upcoming.sort(byStart).slice(0, MAX_FEED_EVENTS);
  if (chosen.length === 0) return [];
  const data = await query(
    deps,
    `query EventCalendarFeed($filter: ModelEventFilterInput) { listEvents(filter: $filter, limit: ${MAX_PAGE_SIZE}) { items { ${EVENT_FIELDS} } nextToken } }`,
    { filter: { or: chosen.map(({ id }) => ({ id: { eq: id } })) } },
  );
  // Ordered again as read: one deleted in between is left out, one edited in between is as it is now.
  return (data.listEvents as { items: CalendarEventSource[] }).items.filter((event) => event.date >= today).sort(byStart);
}

/** A file as served: its bytes, the ETag made once with them, and its Content-Disposition. */
interface Answer {
  body: Buffer;
  etag: string;
  disposition: string;
}

const etagOf = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/**
 * A cache entry: one JSON line of the answer's headers (ETag, Content-Disposition), then the
 * file. The ETag is made once per build, not per request (the feed can be 2 MB).
 */
function entryOf(answer: Answer): Buffer {
  return Buffer.concat([Buffer.from(`${JSON.stringify({ etag: answer.etag, disposition: answer.disposition })}\n`), answer.body]);
}

function answerOf(cached: Buffer | string): Answer {
  // Always bytes (entryOf); the cache also holds the API's short answers as text.
  const entry = typeof cached === 'string' ? Buffer.from(cached) : cached;
  const split = entry.indexOf(0x0a);
  const { etag, disposition } = JSON.parse(entry.subarray(0, split).toString('utf8')) as { etag: string; disposition: string };
  return { body: entry.subarray(split + 1), etag, disposition };
}

/** Characters RFC 5987 lets stand in an ext-value (attr-char); every other byte is percent-encoded. */
const ATTR_CHAR = /^[A-Za-z0-9!#$&+\-.^_`|~]$/;

/**
 * A Content-Disposition (RFC 6266): `filename` an ASCII fallback, quoted, and `filename*` the
 * name in UTF-8 (RFC 5987), for any script. Nothing of either name can end the quoted string or
 * the header: the fallback keeps printable ASCII other than `"` and `\`, the other is percent-encoded.
 */
export function contentDisposition(type: 'inline' | 'attachment', asciiName: string, unicodeName = asciiName): string {
  const fallback = asciiName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  // eslint-disable-next-line no-control-regex -- control characters have no place in a file name
  const encoded = Array.from(Buffer.from(unicodeName.replace(/[\x00-\x1f\x7f]/g, ''), 'utf8'))
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return ATTR_CHAR.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

const pageUrlOf = (deps: EventCalendarDeps) => {
  const origin = deps.origin();
  return origin ? `${origin}/events` : null;
};

const FEED_FILE_NAME = 'events.ics';

async function feed(deps: EventCalendarDeps): Promise<Answer> {
  const today = newYorkTime(new Date((deps.now ?? Date.now)())).date;
  const key = `event-calendar:feed:${today}`;
  const version = deps.store.version;
  const cached = deps.cache.get(key, version);
  if (cached) return answerOf(cached);
  const [shop, events] = await Promise.all([shopOf(deps), upcomingEvents(deps, today)]);
  const body = Buffer.from(buildEventsCalendar(events, { shop, pageUrl: pageUrlOf(deps) }));
  const answer: Answer = { body, etag: etagOf(body), disposition: `inline; filename="${FEED_FILE_NAME}"` };
  deps.cache.set(key, version, entryOf(answer));
  return answer;
}

/** One event's file, or null for an id that names no event (or one without a real date). */
async function single(deps: EventCalendarDeps, id: string): Promise<Answer | null> {
  const key = `event-calendar:event:${id}`;
  const version = deps.store.version;
  const cached = deps.cache.get(key, version);
  if (cached) return answerOf(cached);
  const data = await query(deps, `query EventCalendarEvent($id: ID!) { getEvent(id: $id) { ${EVENT_FIELDS} } }`, { id });
  const event = data.getEvent as CalendarEventSource | null;
  if (!event) return null;
  const text = buildEventCalendar(event, { shop: await shopOf(deps), pageUrl: pageUrlOf(deps) });
  if (text === null) return null;
  const body = Buffer.from(text);
  const answer: Answer = {
    body,
    etag: etagOf(body),
    disposition: contentDisposition('attachment', eventFileName(event), eventUnicodeFileName(event)),
  };
  // Only events that exist are cached: made-up ids cost a lookup each, and push no answer out.
  deps.cache.set(key, version, entryOf(answer));
  return answer;
}

const notFound = (res: ServerResponse) => sendJson(res, 404, { error: 'Not found' });

export async function serveEventCalendar(req: IncomingMessage, res: ServerResponse, path: string, deps: EventCalendarDeps): Promise<void> {
  let answer: Answer | null;
  try {
    if (path === EVENTS_FEED_PATH) {
      answer = await feed(deps);
    } else {
      const id = EVENT_FILE_PATH.exec(path)?.[1];
      answer = id !== undefined && isPlausibleEventId(id) ? await single(deps, id) : null;
    }
  } catch (error) {
    if (!(error instanceof QueryFailed)) throw error;
    sendJson(res, 503, { error: 'The events could not be read; try again shortly' }, { 'Retry-After': '5' });
    return;
  }
  if (!answer) return notFound(res);

  const { etag } = answer;
  const headers: Record<string, string | number> = {
    'Content-Type': CALENDAR_CONTENT_TYPE,
    'Content-Disposition': answer.disposition,
    // Calendars ask again on their own schedule; each asking revalidates, and an unchanged feed costs a 304.
    'Cache-Control': 'no-cache',
    ETag: etag,
  };
  const ifNoneMatch = req.headers['if-none-match'];
  if (typeof ifNoneMatch === 'string' && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
    res.writeHead(304, { 'Cache-Control': 'no-cache', ETag: etag });
    res.end();
    return;
  }
  res.writeHead(200, { ...headers, 'Content-Length': answer.body.length });
  res.end(req.method === 'HEAD' ? undefined : answer.body);
}
