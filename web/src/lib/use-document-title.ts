import { useEffect } from 'react';
import { useSiteConfig } from './config';

/** Sets `<title>` to "Page – Site" (or just the site name) while the page is shown. */
export function useDocumentTitle(pageTitle: string | null): void {
  const { siteName } = useSiteConfig();
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} – ${siteName}` : siteName;
  }, [pageTitle, siteName]);
}
