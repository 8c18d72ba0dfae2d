/**
 * The first screen's public data, inlined into the HTML of a storefront page
 * (shared/first-screen.ts says what each page gets and why). Runs the page's queries through the
 * engine as the public API key would, and answers with a JSON data block plus a preload hint for
 * the picture the page shows first. A page gets all of its answers or none: when one does not fit
 * (a list longer than one page, an error, answers over the size cap) the SPA fetches them as
 * usual, with the Amplify libraries preloaded. A list longer than one page is still read whole
 * (up to MAX_DRAWN_LIST_PAGES), for drawing the page without inlining it (decision 0391).
 */
import { firstScreenQueries, type FirstScreenQuery } from '../../shared/first-screen';
import { FIRST_SCREEN_ELEMENT_ID, FIRST_SCREEN_LEFT_OUT_ATTRIBUTE } from '../../shared/page-markers';
import { responsiveImage } from '../../shared/media';
import type { ModelStore } from '../db/model-store';
import { escapeXml, jsonDataBlock } from '../markup';
import type { GraphQLEngine } from '../graphql/engine';
import { newRowBudget, PUBLIC_API_KEY_CALLER } from '../graphql/request-context';
import type { ResponseCache } from './response-cache';

/** Inlined answers beyond this many bytes are left to the SPA: a huge menu would delay the page's first byte more than it saves. */
export const MAX_FIRST_SCREEN_BYTES = 96 * 1024;

/** A GraphQL answer as the page reads it. */
export interface PublicAnswer {
  data?: Record<string, unknown> | null;
  errors?: readonly unknown[] | null;
}

/**
 * Runs a query as a visitor with the public API key would: in-process on the local server
 * (localPublicQuery), through AppSync on AWS (decision 0392, amplify/hosting/page-server.ts).
 */
export type PublicQuery = (query: string, variables: Record<string, unknown> | undefined) => Promise<PublicAnswer>;

export interface FirstScreenDeps {
  query: PublicQuery;
  /** The data's version: a page kept at another is built again (the store's writes; on AWS, a time window). */
  version: () => string;
  cache: ResponseCache;
}

/** The local server's public query: its engine, as the public API key, with a request's row budget. */
export const localPublicQuery =
  (engine: GraphQLEngine, store: ModelStore): PublicQuery =>
  async (query, variables) =>
    (
      await engine.execute(
        { query, variables },
        { auth: PUBLIC_API_KEY_CALLER, clientIp: 'first-screen', store, rowBudget: newRowBudget() },
      )
    ).response;

function preloadLink(img: string, sizes: string): string {
  const { src, srcSet } = responsiveImage(img);
  // Only stored pictures (same origin, served with variants); the page's CSP allows nothing else anyway.
  if (!srcSet) return '';
  return `<link rel="preload" as="image" href="${escapeXml(src)}" imagesrcset="${escapeXml(srcSet)}" imagesizes="${escapeXml(sizes)}" fetchpriority="high">`;
}

/**
 * The most pages of a list read for drawing a page: 10,000 records, twice the catalogue the
 * budgets are measured with (design §4). A longer list leaves the page to the app.
 */
export const MAX_DRAWN_LIST_PAGES = 10;

/**
 * An answer: its value, and whether it may be inlined (a list of more than one page may not: the
 * page is drawn with it but the app reads it itself); `refused` when there is none to draw with
 * (a list past MAX_DRAWN_LIST_PAGES, a query after a missing answer), `failed` on an error (worth
 * trying again).
 */
type Answer = { value: unknown; inlinable: boolean } | 'refused' | 'failed';

async function answer(
  query: FirstScreenQuery,
  deps: FirstScreenDeps,
  earlier: Record<string, unknown>,
  wholeLists: boolean,
): Promise<Answer> {
  let { variables } = query;
  if (query.after) {
    // An earlier answer that is missing (it failed or did not fit) leaves this one unasked: the page is not inlined anyway.
    if (!(query.after.key in earlier)) return 'refused';
    const made = query.after.variables(earlier[query.after.key]);
    if (!made) return { value: query.after.none, inlinable: true };
    variables = made;
  }
  const items: unknown[] = [];
  for (let pages = 0, nextToken: string | null | undefined; ;) {
    const response = await deps.query(query.query, nextToken ? { ...variables, nextToken } : variables);
    if (response.errors?.length || !response.data) return 'failed';
    const value = response.data[query.field];
    if (query.kind === 'get') return { value: value ?? null, inlinable: true };
    const page = value as { items?: unknown[]; nextToken?: string | null } | null;
    if (!page?.items) return 'failed';
    items.push(...page.items);
    pages += 1;
    nextToken = page.nextToken;
    if (!nextToken) return { value: items, inlinable: pages === 1 };
    if (!wholeLists || pages === MAX_DRAWN_LIST_PAGES) return 'refused';
  }
}

/** What a page's queries gave: the markup to inline (empty unless every answer fits) and each answer there was. */
export interface FirstScreen {
  markup: string;
  /**
   * For a page drawn from whole lists (`wholeLists`) whose answers cannot all be inlined: the block
   * of those that fit, naming the ones left out, which the app reads itself (decision 0393). Empty
   * otherwise.
   */
  partialMarkup: string;
  /** Every answer by key, also those of a page that could not be inlined: the page's head reads them. */
  answers: Record<string, unknown>;
  /** False after an error, so the next request tries again. */
  cacheable: boolean;
  /** Every query answered (lists whole): the page can be drawn with `answers`, inlined or not. */
  complete: boolean;
}

/**
 * The data block and preload hints for a page's queries; empty unless every answer could be
 * inlined. `wholeLists`: a list of more than one page is read to its end (for a page drawn
 * without inlining it); otherwise its first page is all that is read. Uncached:
 * server/http/page-head.ts caches the whole page (head and first screen).
 */
export async function firstScreenOf(queries: FirstScreenQuery[], deps: FirstScreenDeps, wholeLists = false): Promise<FirstScreen> {
  const data: Record<string, unknown> = {};
  const links: string[] = [];
  let inline = true;
  let complete = true;
  let cacheable = true;
  for (const query of queries) {
    const result = await answer(query, deps, data, wholeLists);
    if (typeof result === 'string') {
      inline = complete = false;
      if (result === 'failed') cacheable = false;
      continue;
    }
    data[query.key] = result.value;
    if (!result.inlinable) inline = false;
    const img = query.preloadImage?.pick(result.value);
    if (img) links.push(preloadLink(img, query.preloadImage!.sizes));
  }
  const notInlined = { markup: '', partialMarkup: '', answers: data, cacheable, complete: complete && queries.length > 0 };
  if (queries.length === 0) return notInlined;
  const block = jsonDataBlock(FIRST_SCREEN_ELEMENT_ID, JSON.stringify(data));
  if (inline && Buffer.byteLength(block) <= MAX_FIRST_SCREEN_BYTES) return { ...notInlined, markup: `${links.join('')}${block}` };
  return wholeLists && notInlined.complete ? { ...notInlined, partialMarkup: partialBlock(data) } : notInlined;
}

/**
 * The answers that fit in the inlining cap, the largest left out first, in a block naming those
 * left out; empty when none fits. The page's preload hints are left out too: the picture a
 * left-out list would show first is not known to be drawn first.
 */
function partialBlock(data: Record<string, unknown>): string {
  const sized = Object.entries(data).map(([key, value]) => ({ key, value, bytes: JSON.stringify(value).length }));
  sized.sort((a, b) => a.bytes - b.bytes);
  const leftOut: string[] = [];
  while (sized.length) {
    const block = jsonDataBlock(FIRST_SCREEN_ELEMENT_ID, JSON.stringify(Object.fromEntries(sized.map(({ key, value }) => [key, value]))), {
      [FIRST_SCREEN_LEFT_OUT_ATTRIBUTE]: leftOut.join(' '),
    });
    if (leftOut.length && Buffer.byteLength(block) <= MAX_FIRST_SCREEN_BYTES) return block;
    leftOut.push(sized.pop()!.key);
  }
  return '';
}

/** The queries of the page at `url` (shared/first-screen.ts). */
export const firstScreenQueriesOf = (url: URL) => firstScreenQueries(url.pathname, url.searchParams);
