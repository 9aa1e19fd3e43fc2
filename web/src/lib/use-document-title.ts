import { useSiteConfig } from './config';
import { usePageHead } from './page-head';

/** Sets `<title>` to "Page – Site" (or just the site name) while the page is shown. */
export function useDocumentTitle(pageTitle: string | null): void {
  const { siteName } = useSiteConfig();
  usePageHead({ title: pageTitle ? `${pageTitle} – ${siteName}` : siteName });
}
