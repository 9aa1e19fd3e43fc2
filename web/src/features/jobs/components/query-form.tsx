import { useId, useState, type FormEvent } from 'react';
import { useInstantSearch, useSearchBox } from 'react-instantsearch';
import { useEntryKnowledge } from '../api/query-knowledge';
import { routeToUiState, uiStateToRoute, type JobsUiState } from '../jobs-state-mapping';
import { rememberInterpretation } from '../query-interpretation-store';
import { understandEntryRoute } from '../../../lib/jobs-url-state';

/**
 * Free-text search. It searches on submit rather than per key press: every search is a request to
 * a rate-limited proxy, and a finished term makes one clean history entry.
 */
export function QueryForm() {
  const id = useId();
  const { query, refine } = useSearchBox();
  const { indexUiState, setIndexUiState } = useInstantSearch();
  const knowledge = useEntryKnowledge();
  const [draft, setDraft] = useState(query);
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
    <form role="search" className="query-form field" onSubmit={onSubmit}>
      <label htmlFor={id}>Sökord</label>
      <div className="query-row">
        <input
          id={id}
          type="search"
          value={draft}
          placeholder="T.ex. lärare"
          enterKeyHint="search"
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="button">
          Sök
        </button>
      </div>
    </form>
  );
}
