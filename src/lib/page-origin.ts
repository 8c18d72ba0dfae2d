/**
 * The shop's origin as a page names it in absolute links (a calendar entry's link back): the one
 * the server announces (PUBLIC_ORIGIN, or the address it listens on), on both sides, so a page the
 * server drew and the app took over name the same one (decision 0388). In the browser it is read
 * from the page's canonical link; the server's renderer sets it for the page. Kept apart from
 * lib/page-head.ts, which loads after the first render: a page that links back draws at once.
 */
import { renderingOnServer } from './hydration';

let origin: string | undefined;

/**
 * Where absolute URLs point: the origin of the canonical link the server wrote (PUBLIC_ORIGIN or
 * the address it announces), so both sides name the same URLs; else this page's own origin
 * (static hosting, the dev server).
 */
export function siteOrigin(doc: Document = document): string {
  if (origin) return origin;
  const written = doc.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  try {
    origin = written ? new URL(written).origin : doc.location.origin;
  } catch {
    origin = doc.location.origin;
  }
  return origin;
}

let renderingOrigin = '';

export const pageOrigin = (): string => (renderingOnServer() ? renderingOrigin : siteOrigin());

/** Set by the server's renderer (app/server-render.tsx) for the page it draws. */
export function setRenderingOrigin(announced: string): void {
  renderingOrigin = announced;
}
