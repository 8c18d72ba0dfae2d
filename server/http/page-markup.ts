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
  renderPage(href: string, answers: Record<string, unknown>): Promise<string>;
  renderAgeGate(): string;
}

export class PageMarkup {
  /** The server's 21+ gate, wrapped so the app finds and removes it as it starts. */
  readonly ageGate: string;

  private constructor(private readonly renderer: Renderer) {
    this.ageGate = `<div ${SERVER_AGE_GATE_ATTRIBUTE}>${renderer.renderAgeGate()}</div>`;
  }

  /** The renderer of the build in `distDir`; null when the build has none (pages are then the SPA's alone). */
  static async load(distDir: string): Promise<PageMarkup | null> {
    const file = join(distDir, SERVER_RENDER_DIR, `${SERVER_RENDER_ENTRY}.js`);
    if (!existsSync(file)) return null;
    const renderer = (await import(pathToFileURL(file).href)) as Renderer;
    return new PageMarkup(renderer);
  }

  /** #root's markup for the page at `url`'s path and query on the shop's `origin`, with the answers inlined beside it. */
  render(origin: string, url: URL, answers: Record<string, unknown>): Promise<string> {
    return this.renderer.renderPage(`${origin}${url.pathname}${url.search}`, answers);
  }
}
