import { useId, useState, type FormEvent } from 'react';
import { useSearchBox } from 'react-instantsearch';

/**
 * Free-text search. It searches on submit rather than per key press: every search is a request to
 * a rate-limited proxy, and a finished term makes one clean history entry.
 */
export function QueryForm() {
  const id = useId();
  const { query, refine } = useSearchBox();
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
    setShownQuery(term);
    setDraft(term);
    refine(term);
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
