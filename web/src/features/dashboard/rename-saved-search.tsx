import type { SavedSearch } from '@jobbportalen/contracts/api/saved-searches';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api-client';
import { updateSavedSearch } from './dashboard-api';

/** The contract's limit on a saved search's name. */
const MAX_NAME_LENGTH = 100;

/** 'Byt namn' in place: the name in a field, saved with 'Spara', left as it was with 'Avbryt'. */
export function RenameSavedSearch({
  search,
  onDone,
}: {
  search: SavedSearch;
  /** Called with the renamed search, or without one when the seeker cancelled. */
  onDone: (renamed?: SavedSearch) => void;
}) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(search.name);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  const save = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError('Skriv ett namn.');
      inputRef.current?.focus();
      return;
    }
    if (trimmed === search.name) {
      onDone();
      return;
    }
    setSaving(true);
    setError(null);
    try {
      onDone(await updateSavedSearch(search, { name: trimmed }));
    } catch (failure) {
      setSaving(false);
      setError(failure instanceof ApiError && failure.message ? failure.message : 'Kunde inte byta namn.');
    }
  };

  return (
    <form className="saved-search-rename" onSubmit={(event) => void save(event)} noValidate>
      <div className="field">
        <label htmlFor={inputId}>Nytt namn</label>
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          maxLength={MAX_NAME_LENGTH}
          value={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onDone();
          }}
        />
      </div>
      {error ? (
        <p id={`${inputId}-error`} className="alert error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="button-row">
        <button type="submit" className="button small" disabled={saving}>
          {saving ? 'Sparar…' : 'Spara'}
        </button>
        <button type="button" className="button secondary small" onClick={() => onDone()} disabled={saving}>
          Avbryt
        </button>
      </div>
    </form>
  );
}
