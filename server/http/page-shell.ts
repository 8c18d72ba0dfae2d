/**
 * index.html as built, filled in for one page: the client config inlined as a JSON data block
 * (not a script CSP would block), the page's first-screen markup (first-screen.ts), its own head
 * (page-head.ts) in place of index.html's shop-wide defaults, its chunks and stylesheets, and its
 * server-rendered body and 21+ gate (page-markup.ts) when it has them. The local server
 * (static-assets.ts) and the AWS page server (amplify/hosting/page-server.ts) send the same page.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DATA_CLIENT_PRELOAD_ATTRIBUTE,
  DRAWN_AT_ATTRIBUTE,
  FIRST_SCREEN_PLACEHOLDER,
  PAGE_HEAD_END,
  PAGE_HEAD_START,
  ROOT_ELEMENT,
  ROUTE_CHUNKS_FILE,
} from '../../shared/page-markers';
import { jsonDataBlock } from '../markup';

export const OUTPUTS_PLACEHOLDER = '<!--amplify-outputs-->';
const PAGE_HEAD = new RegExp(`${PAGE_HEAD_START}[\\s\\S]*?${PAGE_HEAD_END}`);

/** What a page brings to the shell; a page without a head (it could not be built) keeps index.html's defaults. */
export interface ShellPage {
  status: number;
  head?: string;
  route?: string;
  body?: string;
  drawnAt?: number;
  ageGate?: string;
  /** Drawn with answers the first screen leaves out: the app reads them at once, with the Amplify libraries preloaded. */
  leftOut?: boolean;
}

export class PageShell {
  /** index.html as built, and without the Amplify libraries' modulepreload for pages served with first-screen data. */
  private readonly templates: { plain: string; withData: string };
  /** Each public page's own chunks (modulepreload) and stylesheets, as links by route name (ROUTE_CHUNKS_FILE). */
  private readonly routeLinks: ReadonlyMap<string, RouteLinks>;

  /** The shell of the build in `distDir` (its index.html must exist). */
  constructor(distDir: string) {
    const plain = readFileSync(join(distDir, 'index.html'), 'utf8');
    const dataClientPreload = new RegExp(`<link [^>]*\\b${DATA_CLIENT_PRELOAD_ATTRIBUTE}\\b[^>]*>\\s*`, 'g');
    this.templates = { plain, withData: plain.replace(dataClientPreload, '') };
    this.routeLinks = readRouteLinks(join(distDir, ROUTE_CHUNKS_FILE));
  }

  /** The page's HTML. */
  html(outputsJson: string, firstScreen = '', page?: ShellPage): string {
    const template = firstScreen && !page?.leftOut ? this.templates.withData : this.templates.plain;
    const links = this.routeLinks.get(page?.route ?? '');
    return (
      template
        .replace(OUTPUTS_PLACEHOLDER, () => jsonDataBlock('amplify-outputs', outputsJson))
        // The page's own chunks download beside the first bundle, not after it has run.
        .replace(FIRST_SCREEN_PLACEHOLDER, () => (links?.preloads ?? '') + firstScreen)
        // The page's stylesheets after the app's own, in the order the app's chunk loader would add
        // them: a drawn page is styled before any script runs, and the loader, finding them there,
        // does not wait for them again. They download beside the first bundle, which waits for them
        // as for the app's own stylesheet: a few hundred bytes each (decision 0389).
        .replace('</head>', () => `${links?.styles ?? ''}</head>`)
        .replace(PAGE_HEAD, (defaults) => (page?.head !== undefined ? `${PAGE_HEAD_START}${page.head}${PAGE_HEAD_END}` : defaults))
        // The gate follows #root: the app removes it before it takes #root's markup over.
        .replace(ROOT_ELEMENT, () =>
          page?.body
            ? `<div id="root" ${DRAWN_AT_ATTRIBUTE}="${Math.trunc(page.drawnAt ?? 0)}">${page.body}</div>${page.ageGate ?? ''}`
            : ROOT_ELEMENT,
        )
    );
  }
}

/** A page's link tags: modulepreloads of its chunks, stylesheets of its CSS. */
interface RouteLinks {
  preloads: string;
  styles: string;
}

/** The build's route chunk list as link tags; none when the file is missing or not as written by vite.config.ts. */
function readRouteLinks(file: string): Map<string, RouteLinks> {
  const links = new Map<string, RouteLinks>();
  if (!existsSync(file)) return links;
  let list: unknown;
  try {
    list = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    // A damaged list costs the pages their head start, never the server its start.
    return links;
  }
  if (typeof list !== 'object' || list === null) return links;
  for (const [route, files] of Object.entries(list)) {
    if (!Array.isArray(files)) continue;
    const paths = files.filter((path): path is string => typeof path === 'string' && /^\/assets\/[\w.-]+\.(js|css)$/.test(path));
    // A stylesheet is linked, not preloaded: a server-rendered page is drawn with it (decision
    // 0388), and the app's chunk loader finds it already there.
    const tags = (extension: string, rel: string) =>
      paths
        .filter((path) => path.endsWith(extension))
        .map((path) => `<link rel="${rel}" crossorigin href="${path}">`)
        .join('');
    links.set(route, { preloads: tags('.js', 'modulepreload'), styles: tags('.css', 'stylesheet') });
  }
  return links;
}
