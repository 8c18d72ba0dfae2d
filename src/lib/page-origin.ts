/**
 * The shop's origin as a page names it in absolute links (a calendar entry's link back): the one
 * the server announces (PUBLIC_ORIGIN, or the address it listens on), on both sides, so a page the
 * server drew and the app took over name the same one (decision 0388). In the browser it is read
 * from the page's canonical link (lib/page-head.ts); the server's renderer sets it for the page.
 */
import { renderingOnServer } from './hydration';
import { siteOrigin } from './page-head';

let renderingOrigin = '';

export const pageOrigin = (): string => (renderingOnServer() ? renderingOrigin : siteOrigin());

/** Set by the server's renderer (app/server-render.tsx) for the page it draws. */
export function setRenderingOrigin(origin: string): void {
  renderingOrigin = origin;
}
