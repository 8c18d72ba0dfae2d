/**
 * Puts a page's head (shared/page-head.ts) into `document.head` on client-side navigation: the
 * title, description, robots, canonical link, Open Graph and Twitter tags and JSON-LD that the
 * local server writes into the HTML of the page first opened (decision 0214). Static hosting serves
 * index.html's shop-wide defaults, which this replaces once the SPA runs. Loaded after the first
 * render (usePageHead imports it), so its builders stay out of the first screen's scripts.
 */
import { pageHead, shopFactsOf, type HeadMeta, type PageHead, type PageHeadInput, type ShopSettingsLike } from '../../shared/page-head';
import type { EventFacts } from '../../shared/event-structured-data';
import { shopDefaults } from '../../shared/shop';
import { siteOrigin } from './page-origin';

const CARD_SELECTOR = 'meta[property^="og:"], meta[property^="product:"], meta[name^="twitter:"]';
const JSON_LD_SELECTOR = 'script[type="application/ld+json"]';

/**
 * The one element of its kind (`<meta name="robots">`, `<link rel="canonical">`) set to `value`,
 * created when missing, removed when there is no value.
 */
function setSingle(
  head: HTMLHeadElement,
  tag: 'meta' | 'link',
  [key, name]: [string, string],
  valueAttribute: string,
  value: string | null | undefined,
): void {
  const selector = `${tag}[${key}="${name}"]`;
  if (!value) return remove(head, selector);
  let element = head.querySelector(selector);
  if (!element) {
    element = head.ownerDocument.createElement(tag);
    element.setAttribute(key, name);
    head.appendChild(element);
  }
  element.setAttribute(valueAttribute, value);
}

function remove(head: HTMLHeadElement, selector: string): void {
  for (const element of head.querySelectorAll(selector)) element.remove();
}

function metaElement(doc: Document, meta: HeadMeta): HTMLMetaElement {
  const element = doc.createElement('meta');
  if (meta.property) element.setAttribute('property', meta.property);
  else element.name = meta.name ?? '';
  element.content = meta.content;
  return element;
}

/** What the head holds now, to leave an unchanged head alone (the page the server just wrote). */
function written(head: HTMLHeadElement): string {
  const cards = [...head.querySelectorAll<HTMLMetaElement>(CARD_SELECTOR)].map(
    (meta) => `${meta.getAttribute('property') ?? meta.name}=${meta.content}`,
  );
  const blocks = [...head.querySelectorAll(JSON_LD_SELECTOR)].map((script) => script.textContent ?? '');
  return JSON.stringify([cards, blocks]);
}

export function applyPageHead(head: PageHead, doc: Document = document): void {
  doc.title = head.title;
  const root = doc.head;
  setSingle(root, 'meta', ['name', 'description'], 'content', head.description);
  setSingle(root, 'meta', ['name', 'robots'], 'content', head.robots);
  setSingle(root, 'link', ['rel', 'canonical'], 'href', head.canonical);

  const wanted = JSON.stringify([
    head.meta.map((meta) => `${meta.property ?? meta.name}=${meta.content}`),
    head.jsonLd.map((block) => JSON.stringify(block)),
  ]);
  if (written(root) === wanted) return;
  remove(root, CARD_SELECTOR);
  remove(root, JSON_LD_SELECTOR);
  for (const meta of head.meta) root.appendChild(metaElement(doc, meta));
  for (const block of head.jsonLd) {
    const script = doc.createElement('script');
    script.type = 'application/ld+json';
    script.textContent = JSON.stringify(block);
    root.appendChild(script);
  }
}

/** What a page says of itself; the rest (origin, time, the shop's facts) is filled in here. */
export type PageHeadRequest = Omit<PageHeadInput, 'origin' | 'now' | 'shop' | 'eventsHead'> & {
  settings: ShopSettingsLike | null | undefined;
  /** The events of /events, as loaded. */
  events?: readonly EventFacts[];
};

/**
 * Builds the page's head with the server's own functions and writes it into `document.head`. The
 * Event builders load only for a page that has events (/events, decision 0355).
 */
export async function writePageHead({ settings, events, ...page }: PageHeadRequest, isCurrent: () => boolean = () => true): Promise<void> {
  const builder = events ? await import('../../shared/event-structured-data') : undefined;
  // The page may have moved on while the builders loaded: a late head must not replace its own.
  if (!isCurrent()) return;
  const origin = siteOrigin();
  const now = new Date();
  const shop = shopFactsOf(settings, shopDefaults);
  const eventsHead = builder && events ? builder.eventsHeadOf(events, shop, origin, now) : undefined;
  applyPageHead(pageHead({ ...page, origin, now, shop, eventsHead }));
}
