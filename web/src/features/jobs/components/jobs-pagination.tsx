import { usePagination } from 'react-instantsearch';
import { pageItems } from '../pagination-model';

/** Previous / next and at most seven page buttons, with ellipses for the pages left out. */
export function JobsPagination() {
  const { currentRefinement, nbPages, isFirstPage, isLastPage, refine } = usePagination();
  if (nbPages <= 1) return null;

  const current = currentRefinement + 1;
  // usePagination counts from 0, the buttons (and the URL) from 1.
  const goTo = (page: number): void => {
    refine(page - 1);
    document.getElementById('main')?.scrollIntoView({ block: 'start' });
  };

  return (
    <nav className="pagination" aria-label="Sidor med jobb">
      <button type="button" className="page-step" disabled={isFirstPage} onClick={() => goTo(current - 1)}>
        <span aria-hidden="true">‹ </span>Föregående
      </button>
      <ul className="page-numbers">
        {pageItems(current, nbPages).map((item) =>
          item.type === 'ellipsis' ? (
            <li key={`ellipsis-${item.key}`} className="page-ellipsis" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <button
                type="button"
                className="page-number"
                aria-label={`Sida ${item.page}`}
                aria-current={item.page === current ? 'page' : undefined}
                onClick={() => item.page !== current && goTo(item.page)}
              >
                {item.page}
              </button>
            </li>
          ),
        )}
      </ul>
      <button type="button" className="page-step" disabled={isLastPage} onClick={() => goTo(current + 1)}>
        Nästa<span aria-hidden="true"> ›</span>
      </button>
    </nav>
  );
}
