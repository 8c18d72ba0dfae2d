/**
 * The public pages' body, rendered on the server (decision 0388) by the renderer the build makes
 * from the SPA's own components (src/app/server-render.tsx, built into SERVER_RENDER_DIR): a
 * crawler, an assistant or a link preview that runs no script reads the page's bottles, prices,
 * events and hours, and the browser takes the markup over with the same first-screen answers.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_AGE_GATE_ATTRIBUTE, SERVER_RENDER_DIR, SERVER_RENDER_ENTRY } from '../../shared/page-markers';
import type { SpaRouteName } from '../../shared/spa-routes';

/** The pages rendered on the server: the storefront's public pages. Sign-in, account and admin screens stay the SPA's. */
export const SERVER_RENDERED_ROUTES: ReadonlySet<SpaRouteName> = new Set(['home', 'menu', 'item', 'search', 'events', 'aboutus']);

interface Renderer {
  renderPage(href: string, answers: Record<string, unknown>, drawnAt: number, localServer: boolean): Promise<string>;
  renderAgeGate(): string;
}

/**
 * Pages drawn at once at most; past it a page goes without its body (the app draws it, as before
 * decision 0388) rather than waiting: renders run one at a time, and a flood of distinct menu
 * searches must not make every visitor's page wait behind them.
 */
export const MAX_PENDING_RENDERS = 8;

export class PageMarkup {
  /** The server's 21+ gate, wrapped so the app finds and removes it as it starts. */
  readonly ageGate: string;
  private pending = 0;

  private constructor(
    private readonly renderer: Renderer,
    private readonly localServer: boolean,
  ) {
    this.ageGate = `<div ${SERVER_AGE_GATE_ATTRIBUTE}>${renderer.renderAgeGate()}</div>`;
  }

  /**
   * The renderer of the build in `distDir`; null when the build has none or it cannot be loaded
   * (pages are then the SPA's alone, as before: `log` says why). `localServer` false: for AWS's
   * page server (decision 0392), which has no routes beyond the pages.
   */
  static async load(
    distDir: string,
    log: (message: string, error?: unknown) => void,
    { localServer = true }: { localServer?: boolean } = {},
  ): Promise<PageMarkup | null> {
    const file = join(distDir, SERVER_RENDER_DIR, `${SERVER_RENDER_ENTRY}.js`);
    if (!existsSync(file)) return null;
    try {
      return new PageMarkup((await import(pathToFileURL(file).href)) as Renderer, localServer);
    } catch (error) {
      log(`the page renderer in ${file} could not be loaded; pages go out without their body`, error);
      return null;
    }
  }

  /** Whether a render asked now would be drawn (fewer than MAX_PENDING_RENDERS under way). */
  hasRoom(): boolean {
    return this.pending < MAX_PENDING_RENDERS;
  }

  /**
   * #root's markup for the page at `path` (with the query string it is drawn with) on the shop's
   * `origin`, with the answers inlined beside it, as at `drawnAt` (ms); null when
   * MAX_PENDING_RENDERS are under way.
   */
  async render(origin: string, path: string, answers: Record<string, unknown>, drawnAt: number): Promise<string | null> {
    if (!this.hasRoom()) return null;
    this.pending += 1;
    try {
      return await this.renderer.renderPage(`${origin}${path}`, answers, drawnAt, this.localServer);
    } finally {
      this.pending -= 1;
    }
  }
}
