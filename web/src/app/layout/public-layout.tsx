import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function PublicLayout({ children }: { children: ReactNode }) {
  const mainRef = useMainFocusOnNavigation();
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        Hoppa till innehållet
      </a>
      <SiteHeader />
      <main id="main" ref={mainRef} tabIndex={-1} className="site-main">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

/**
 * After a client-side navigation, screen-reader and keyboard users would otherwise stay on the link
 * they used in the old page: move focus to the new page's content and scroll to its top.
 */
export function useMainFocusOnNavigation() {
  const [path] = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const firstPath = useRef(path);

  useEffect(() => {
    if (firstPath.current === path) return;
    firstPath.current = '';
    window.scrollTo(0, 0);
    mainRef.current?.focus({ preventScroll: true });
  }, [path]);

  return mainRef;
}
