/**
 * /robots.txt (RFC 9309): everything may be crawled except the admin portal's routes, and the
 * sitemap is named by its absolute URL (the protocol allows no relative one). The local server
 * writes it with its site origin; on AWS `npm run build:hosting` writes it with the shop's origin
 * into the hosting bundle, whose page server serves the sitemap (decision 0392). The build's
 * public/robots.txt, for a host that serves the files alone, has no Sitemap line (robotsTxt(null);
 * a test keeps the two equal).
 *
 * Two rules, one for each kind of page not worth indexing:
 * - The admin routes are disallowed. A disallowed page is never fetched, so its noindex is never
 *   read, and a link from elsewhere could still get its bare URL listed; that is accepted here
 *   because no public page links to them (the header shows "Admin Portal" only to a signed-in
 *   admin), they have nothing for a crawler and the rule spares crawling them at all. They say
 *   noindex too, for a crawler that ignores this file.
 * - /login and /signup are not disallowed: the storefront links them on every page, so a crawler
 *   finds them; left crawlable, their noindex (in their head) is read and keeps them out.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SPA_ROUTES } from '../../shared/spa-routes';
import { SITEMAP_PATH } from './sitemap';

/** The admin portal's routes, from the SPA's own list (shared/spa-routes.ts, which src/app/router.tsx declares its routes with). */
export const ADMIN_ROUTES: readonly string[] = Object.entries(SPA_ROUTES)
  .filter(([name]) => name.startsWith('admin'))
  .map(([, path]) => path);

/** The robots.txt text; `origin` null leaves out the Sitemap line (static hosting without a sitemap). */
export function robotsTxt(origin: string | null): string {
  const lines = ['User-agent: *', 'Allow: /', ...ADMIN_ROUTES.map((route) => `Disallow: ${route}`)];
  if (origin !== null) lines.push('', `Sitemap: ${origin}${SITEMAP_PATH}`);
  return `${lines.join('\n')}\n`;
}

/** Answers GET or HEAD for /robots.txt, naming the sitemap at `origin` (siteOrigin in config.ts, never the request's Host). */
export function serveRobots(req: IncomingMessage, res: ServerResponse, origin: string): void {
  const body = Buffer.from(robotsTxt(origin));
  res.writeHead(200, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': body.length,
    'Cache-Control': 'public, max-age=3600',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
