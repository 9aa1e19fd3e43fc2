import { useId, useState, type FormEvent } from 'react';
import { useInstantSearch, useSearchBox } from 'react-instantsearch';
import { PLACES_PATH, useStringList } from '../api/string-lists';
import { routeToUiState, uiStateToRoute, type JobsUiState } from '../jobs-state-mapping';
import { resolveEntryRoute } from '../../../lib/jobs-url-state';

/**
 * Free-text search. It searches on submit rather than per key press: every search is a request to
 * a rate-limited proxy, and a finished term makes one clean history entry.
 */
export function QueryForm() {
  const id = useId();
  const { query, refine } = useSearchBox();
  const { indexUiState, setIndexUiState } = useInstantSearch();
  const places = useStringList(PLACES_PATH);
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
    // A term naming a main category or a place is that filter, as it is in a link and on
    // /api/jobs: what the page shows is what its URL means wherever it is opened again.
    const { page: _page, ...current } = uiStateToRoute(indexUiState as JobsUiState);
    const resolved = resolveEntryRoute({ ...current, text: term || undefined }, places);
    const shown = resolved.text ?? '';
    setShownQuery(shown);
    setDraft(shown);
    if (resolved.text === (term || undefined)) {
      refine(term);
      return;
    }
    setIndexUiState((previous: JobsUiState) => ({
      ...previous,
      query: '',
      menu: undefined,
      titleOnly: undefined,
      page: undefined,
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
