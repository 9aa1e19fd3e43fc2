import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { OccupationLexicon } from '@jobbportalen/contracts';

/**
 * The web app's server renderer (web/src/entry-server.tsx, built by `vite build --ssr` into
 * web/dist-server). Its types are restated here rather than imported: the server never compiles
 * the web's sources, it loads the built file.
 */
export interface PrefetchedAnswer {
  status: number;
  body: unknown;
}

export interface RenderedHead {
  title: string;
  description?: string;
  robots?: string;
  canonicalPath?: string;
}

export interface RenderedPage {
  status: number;
  html: string;
  head: RenderedHead | null;
  pageData: unknown;
  renderMs: number;
  passes: number;
}

export interface PageRenderer {
  renderPage(request: {
    url: string;
    fetchApi: (path: string) => Promise<PrefetchedAnswer>;
    searchHttpClient: (url: string | URL | Request, init?: RequestInit) => Promise<unknown>;
    occupationLexicon: OccupationLexicon;
  }): Promise<RenderedPage>;
}

/** Loads the built renderer; null when the web app was built without it (or not at all). */
export async function loadPageRenderer(file: string): Promise<PageRenderer | null> {
  if (!fs.existsSync(file)) return null;
  const loaded = (await import(pathToFileURL(file).href)) as Partial<PageRenderer>;
  return typeof loaded.renderPage === 'function' ? (loaded as PageRenderer) : null;
}
