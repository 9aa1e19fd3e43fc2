import { createContext, useContext, useEffect } from 'react';

/**
 * What a page puts in the document head besides its body: the title always; the description,
 * robots and canonical path for pages that crawlers should read differently (the search pages).
 * In the browser only the title changes as the visitor moves on (crawlers read the server's HTML);
 * on the server the last page head rendered is what the HTML head gets.
 */
export interface PageHead {
  /** The whole title ("Page – Site"). */
  title: string;
  description?: string;
  /** e.g. 'noindex, follow' for a filtered search. */
  robots?: string;
  /** A path on this site ('/jobb?city=Malmö'); the server makes it absolute. */
  canonicalPath?: string;
}

/** Server: receives the head of the page being rendered. */
export interface PageHeadCollector {
  record(head: PageHead): void;
}

export const PageHeadCollectorContext = createContext<PageHeadCollector | null>(null);

/** Server: a collector whose `head` is the last one recorded during a render. */
export function createPageHeadCollector(): PageHeadCollector & { readonly head: PageHead | null } {
  let head: PageHead | null = null;
  return {
    record: (next) => {
      head = next;
    },
    get head() {
      return head;
    },
  };
}

/** Declares the page's head: recorded while the server renders, set as document.title in the browser. */
export function usePageHead(head: PageHead): void {
  // Rendering on the server: the collector keeps it for the HTML (the effect never runs there).
  useContext(PageHeadCollectorContext)?.record(head);
  const { title } = head;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
