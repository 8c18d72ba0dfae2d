/**
 * The shop's origin as the page names it in absolute links (a calendar entry's link back): the
 * address bar's in the browser, the one the server announces while it renders a page
 * (decision 0388), which is the address visitors use (PUBLIC_ORIGIN).
 */
let renderingOrigin = '';

export const pageOrigin = (): string => (typeof window === 'undefined' ? renderingOrigin : window.location.origin);

/** Set by the server's renderer (app/server-render.tsx) for the page it draws. */
export function setRenderingOrigin(origin: string): void {
  renderingOrigin = origin;
}
