import { JOB_QUERY_PARAM_NAMES } from '@jobbportalen/contracts';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useJobsSearch, useJobsSearchBox } from '../jobs-search-hooks';
import { useEntryKnowledge } from '../api/query-knowledge';
import { routeToUiState, uiStateToRoute, type JobsUiState } from '../jobs-state-mapping';
import { rememberInterpretation } from '../query-interpretation-store';
import { JOBS_PATH, understandEntryRoute } from '../../../lib/jobs-url-state';

/**
 * Free-text search, and the form of the whole filter panel (`children`: the other filters). It
 * searches on submit rather than per key press: every search is a request to a rate-limited proxy,
 * and a finished term makes one clean history entry.
 *
 * Without JavaScript the form is a plain GET to /jobb: every control is named as its URL
 * parameter, so 'Sök' opens the same search the script would have refined to. With JavaScript the
 * submit stays in the page and the other filters refine as they change.
 */
export function QueryForm({ children }: { children?: ReactNode }) {
  const id = useId();
  const { query, refine } = useJobsSearchBox();
  const { indexUiState, setIndexUiState } = useJobsSearch();
  const knowledge = useEntryKnowledge();
  const [draft, setDraft] = useState(query);
  // 'Sök exakt' carried through a submit without JavaScript, so an unchanged form opens the same
  // search (the script's submit drops it for a newly typed text; a plain form cannot tell).
  const searchesExactly = uiStateToRoute(indexUiState as JobsUiState).exact === true;
  const [shownQuery, setShownQuery] = useState(query);

  // The query can change from outside (back button, 'Tillbaka till bläddra bland jobb'): follow it.
  if (query !== shownQuery) {
    setShownQuery(query);
    setDraft(query);
  }

  const onSubmit = (event: FormEvent): void => {
    event.preventDefault();
    const term = draft.trim();
    // A term naming a main category or a place is that filter, and 'lärarjobb malmö' is 'lärare'
    // in Malmö, as in a link and on /api/jobs: what the page shows is what its URL means wherever
    // it is opened again.
    // A newly typed text is understood again ('Sök exakt' was about the previous one).
    const { page: _page, exact, ...current } = uiStateToRoute(indexUiState as JobsUiState);
    const typed = { ...current, text: term || undefined };
    const { route: resolved, interpretation } = understandEntryRoute(typed, knowledge);
    rememberInterpretation(resolved, interpretation);
    const shown = resolved.text ?? '';
    setShownQuery(shown);
    setDraft(shown);
    if (resolved.text === (term || undefined) && !exact && !interpretation) {
      refine(term);
      return;
    }
    setIndexUiState((previous: JobsUiState) => ({
      ...previous,
      query: '',
      menu: undefined,
      titleOnly: undefined,
      page: undefined,
      exact: undefined,
      ...routeToUiState(resolved),
    }));
  };

  return (
    <form role="search" className="jobs-filters-form" method="get" action={JOBS_PATH} onSubmit={onSubmit}>
      <div className="query-form field">
        <label htmlFor={id}>Sökord</label>
        <div className="query-row">
          <input
            id={id}
            type="search"
            name={JOB_QUERY_PARAM_NAMES.text}
            value={draft}
            placeholder="T.ex. lärare"
            enterKeyHint="search"
            onChange={(event) => setDraft(event.target.value)}
          />
          {/* The form's first submit button: Enter in any field presses it. */}
          <button type="submit" className="button">
            Sök
          </button>
        </div>
      </div>
      {searchesExactly ? <input type="hidden" name={JOB_QUERY_PARAM_NAMES.exact} value="true" /> : null}
      {children}
    </form>
  );
}
