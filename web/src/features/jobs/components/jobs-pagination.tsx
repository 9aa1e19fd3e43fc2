import type { MouseEvent, ReactNode } from 'react';
import { useJobsSearch } from '../jobs-search-hooks';
import { jobsHref } from '../../../lib/jobs-url-state';
import { uiStateToRoute, type JobsUiState } from '../jobs-state-mapping';
import { pageItems } from '../pagination-model';
import { useJobsPagination } from '../results-widgets';
import { isPlainClick } from './use-scripted';

/**
 * Previous / next and at most seven page links, with ellipses for the pages left out. They are
 * real links to /jobb?…&page=N (they work without JavaScript, open in a new tab and can be
 * shared); a plain click turns the page in place.
 */
export function JobsPagination() {
  const { currentRefinement, nbPages, isFirstPage, isLastPage, refine } = useJobsPagination();
  const { indexUiState } = useJobsSearch();
  if (nbPages <= 1) return null;

  const current = currentRefinement + 1;
  // The hrefs come from the state by the URL's own rules, not the router: the same on the server.
  const { page: _page, ...route } = uiStateToRoute(indexUiState as JobsUiState);
  const hrefOf = (page: number): string => jobsHref({ ...route, page });
  // usePagination counts from 0, the links (and the URL) from 1.
  const goTo = (page: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    if (page === current) return;
    refine(page - 1);
    document.getElementById('main')?.scrollIntoView({ block: 'start' });
  };

  return (
    <nav className="pagination" aria-label="Sidor med jobb">
      <StepLink page={isFirstPage ? null : current - 1} hrefOf={hrefOf} goTo={goTo}>
        <span aria-hidden="true">‹</span>Föregående
      </StepLink>
      <ul className="page-numbers">
        {pageItems(current, nbPages).map((item) =>
          item.type === 'ellipsis' ? (
            <li key={`ellipsis-${item.key}`} className="page-ellipsis" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <a
                className="page-number"
                href={hrefOf(item.page)}
                aria-label={`Sida ${item.page}`}
                aria-current={item.page === current ? 'page' : undefined}
                onClick={goTo(item.page)}
              >
                {item.page}
              </a>
            </li>
          ),
        )}
      </ul>
      <StepLink page={isLastPage ? null : current + 1} hrefOf={hrefOf} goTo={goTo}>
        Nästa<span aria-hidden="true">›</span>
      </StepLink>
    </nav>
  );
}

interface StepLinkProps {
  /** The page it leads to; null on the first or last page. */
  page: number | null;
  hrefOf: (page: number) => string;
  goTo: (page: number) => (event: MouseEvent<HTMLAnchorElement>) => void;
  children: ReactNode;
}

/**
 * 'Föregående' / 'Nästa'. Where there is no such page it stays in place as a disabled link (no
 * href, role and aria-disabled kept), so the row does not shift and a screen reader hears why.
 */
function StepLink({ page, hrefOf, goTo, children }: StepLinkProps) {
  if (page === null) {
    return (
      <a className="page-step" role="link" aria-disabled="true">
        {children}
      </a>
    );
  }
  return (
    <a className="page-step" href={hrefOf(page)} onClick={goTo(page)}>
      {children}
    </a>
  );
}
