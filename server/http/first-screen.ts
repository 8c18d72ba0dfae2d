/**
 * The first screen's public data, inlined into the HTML of a storefront page
 * (shared/first-screen.ts says what each page gets and why). Runs the page's queries through the
 * engine as the public API key would, and answers with a JSON data block plus a preload hint for
 * the picture the page shows first. A page gets all of its answers or none: when one does not fit
 * (a list longer than one page, an error, answers over the size cap) the SPA fetches them as
 * usual, with the Amplify libraries preloaded.
 */
import { firstScreenQueries, FIRST_SCREEN_ELEMENT_ID, type FirstScreenQuery } from '../../shared/first-screen';
import { responsiveImage } from '../../shared/media';
import type { ModelStore } from '../db/model-store';
import { newRowBudget, type GraphQLEngine, type RequestAuth } from '../graphql/engine';
import type { ResponseCache } from './response-cache';

/** Inlined answers beyond this are left to the SPA: a huge menu would delay the page's first byte more than it saves. */
export const MAX_FIRST_SCREEN_BYTES = 96 * 1024;

const PUBLIC_CALLER: RequestAuth = { mode: 'apiKey', principal: null, deniedFields: new Set(), token: null };

export interface FirstScreenDeps {
  engine: GraphQLEngine;
  store: ModelStore;
  cache: ResponseCache;
}

/** `<`, `>` and `&` escaped, so no text in the data can end the element (`</script>`) or start markup. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function preloadLink(img: string, sizes: string): string {
  const { src, srcSet } = responsiveImage(img);
  // Only stored pictures (same origin, served with variants); the page's CSP allows nothing else anyway.
  if (!srcSet) return '';
  return `<link rel="preload" as="image" href="${escapeAttribute(src)}" imagesrcset="${escapeAttribute(srcSet)}" imagesizes="${escapeAttribute(sizes)}" fetchpriority="high">`;
}

async function answer(query: FirstScreenQuery, deps: FirstScreenDeps): Promise<{ found: boolean; value?: unknown }> {
  const { response } = await deps.engine.execute(
    { query: query.query, variables: query.variables },
    { auth: PUBLIC_CALLER, clientIp: 'first-screen', store: deps.store, rowBudget: newRowBudget() },
  );
  if (response.errors?.length || !response.data) return { found: false };
  const value = response.data[query.field];
  if (query.kind === 'get') return { found: true, value: value ?? null };
  const page = value as { items?: unknown[]; nextToken?: string | null } | null;
  if (!page?.items || page.nextToken) return { found: false };
  return { found: true, value: page.items };
}

/** The data block and preload hints for a page's queries; empty unless every answer could be inlined. */
async function render(queries: FirstScreenQuery[], deps: FirstScreenDeps): Promise<string> {
  const data: Record<string, unknown> = {};
  const links: string[] = [];
  for (const query of queries) {
    const { found, value } = await answer(query, deps);
    if (!found) return '';
    data[query.key] = value;
    const img = query.preloadImage?.pick(value);
    if (img) links.push(preloadLink(img, query.preloadImage!.sizes));
  }
  const json = jsonForHtml(data);
  if (json.length > MAX_FIRST_SCREEN_BYTES) return '';
  return `${links.join('')}<script id="${FIRST_SCREEN_ELEMENT_ID}" type="application/json">${json}</script>`;
}

/**
 * The first-screen markup, cached with the GraphQL answers (the same invalidation: any write).
 * Keyed by what is asked, not by the URL, so made-up query strings add no entries.
 */
export async function firstScreenMarkup(url: URL, deps: FirstScreenDeps): Promise<string> {
  const queries = firstScreenQueries(url.pathname, url.searchParams);
  if (queries.length === 0) return '';
  const key = `first-screen:${JSON.stringify(queries.map(({ key, variables }) => [key, variables]))}`;
  const version = deps.store.version;
  const cached = deps.cache.get(key, version);
  if (cached) return cached.toString('utf8');
  const markup = await render(queries, deps);
  deps.cache.set(key, version, Buffer.from(markup));
  return markup;
}
