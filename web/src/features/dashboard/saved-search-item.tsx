import { ALERT_FREQUENCY_LABELS, JOBS_FOR_YOU_ANCHOR, type AlertFrequency } from '@jobbportalen/contracts';
import type { SavedSearch } from '@jobbportalen/contracts/api/saved-searches';
import { useId, useRef, useState, type MouseEvent } from 'react';
import { useLocation } from 'wouter';
import { AlertFrequencySelect } from '../../components/alert-frequency-select';
import { withNewSince } from '../../lib/new-ads-marker';
import { ApiError } from '../../lib/api-client';
import { failureText } from './failure-text';
import { deleteSavedSearch, openSavedSearch, updateSavedSearch } from './dashboard-api';
import { RenameSavedSearch } from './rename-saved-search';

interface SavedSearchItemProps {
  search: SavedSearch;
  onChanged: (search: SavedSearch) => void;
  onRemoved: (search: SavedSearch) => void;
}

type Feedback = { kind: 'done' | 'failed'; text: string } | null;

/** '1 ny', '3 nya'. */
export const newCountText = (count: number): string => `${count} ${count === 1 ? 'ny' : 'nya'}`;

/** The job browser's path of a saved search, as the server gave it: only a /jobb path is followed. */
export function jobsPathOf(search: Pick<SavedSearch, 'path'>): string {
  const { path } = search;
  return path === '/jobb' || path.startsWith('/jobb?') ? path : '/jobb';
}

/** One saved search: name, summary, new-count, frequency and its actions. */
export function SavedSearchItem({ search, onChanged, onRemoved }: SavedSearchItemProps) {
  const [, navigate] = useLocation();
  const titleId = useId();
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [savingAlert, setSavingAlert] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const renameButtonRef = useRef<HTMLButtonElement>(null);
  const deleteButtonRef = useRef<HTMLButtonElement>(null);
  // A profile search has no /jobb search: its ads are 'Jobb för dig', higher up on this page.
  const path = search.profile ? `#${JOBS_FOR_YOU_ANCHOR}` : jobsPathOf(search);

  const changeAlert = async (alert: AlertFrequency): Promise<void> => {
    setFeedback(null);
    setSavingAlert(true);
    try {
      onChanged(await updateSavedSearch(search, { alert }));
      setFeedback({ kind: 'done', text: `Ändrat till ${ALERT_FREQUENCY_LABELS[alert]}.` });
    } catch (error) {
      // The select still shows the stored frequency: nothing changed.
      setFeedback({ kind: 'failed', text: failureText(error, 'Kunde inte ändra bevakningen.') });
    } finally {
      setSavingAlert(false);
    }
  };

  const open = async (event: MouseEvent<HTMLAnchorElement>): Promise<void> => {
    // A new tab or window gets the plain link; a plain click marks the search as opened first.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (search.profile) return;
    event.preventDefault();
    try {
      const opened = await openSavedSearch(search.id);
      navigate(withNewSince(jobsPathOf({ path: opened.path || path }), opened.since));
    } catch (error) {
      // A 401 is the API client's (on its way to /login); otherwise the search is still worth showing.
      if (!(error instanceof ApiError && error.status === 401)) navigate(path);
    }
  };

  const remove = async (): Promise<void> => {
    setDeleting(true);
    setFeedback(null);
    try {
      await deleteSavedSearch(search.id);
      onRemoved(search);
    } catch (error) {
      setDeleting(false);
      setFeedback({ kind: 'failed', text: failureText(error, 'Kunde inte ta bort bevakningen.') });
    }
  };

  const cancelDelete = (): void => {
    setConfirming(false);
    requestAnimationFrame(() => deleteButtonRef.current?.focus());
  };

  const closeRename = (renamed?: SavedSearch): void => {
    setRenaming(false);
    if (renamed) {
      onChanged(renamed);
      setFeedback({ kind: 'done', text: 'Namnet är ändrat.' });
    }
    requestAnimationFrame(() => renameButtonRef.current?.focus());
  };

  return (
    <article className="saved-search card" aria-labelledby={titleId}>
      <div className="saved-search-head">
        <h3 id={titleId}>{search.name}</h3>
        {search.newCount > 0 ? (
          <span className="tag saved-search-new">{newCountText(search.newCount)}</span>
        ) : null}
      </div>
      {/* A search's name is its summary until renamed: the same words twice say nothing more. */}
      {search.summary && search.summary !== search.name ? (
        <p className="saved-search-summary">{search.summary}</p>
      ) : null}

      {renaming ? (
        <RenameSavedSearch search={search} onDone={closeRename} />
      ) : (
        <div className="saved-search-controls">
          <AlertFrequencySelect
            label={
              <>
                Bevaka<span className="visually-hidden"> {search.name}</span>
              </>
            }
            value={search.alert}
            disabled={savingAlert}
            onChange={(alert) => void changeAlert(alert)}
            className="field saved-search-frequency"
          />
          <div className="button-row">
            <a className="button small" href={path} onClick={(event) => void open(event)}>
              Öppna<span className="visually-hidden"> {search.name}</span>
            </a>
            <button
              ref={renameButtonRef}
              type="button"
              className="button secondary small"
              onClick={() => {
                setFeedback(null);
                setRenaming(true);
              }}
            >
              Byt namn<span className="visually-hidden"> på {search.name}</span>
            </button>
            {!confirming ? (
              <button
                ref={deleteButtonRef}
                type="button"
                className="button secondary small"
                onClick={() => setConfirming(true)}
              >
                Ta bort<span className="visually-hidden"> {search.name}</span>
              </button>
            ) : null}
          </div>
        </div>
      )}

      {confirming ? (
        <div
          className="alert warning saved-search-confirm"
          role="group"
          aria-labelledby={`${titleId}-confirm`}
        >
          <p id={`${titleId}-confirm`}>
            Vill du ta bort den här bevakningen? Du får ingen mer e-post om den.
          </p>
          <div className="button-row">
            <button
              type="button"
              className="button danger small"
              onClick={() => void remove()}
              disabled={deleting}
            >
              {deleting ? 'Tar bort…' : 'Ja, ta bort'}
            </button>
            <button
              type="button"
              className="button secondary small"
              onClick={cancelDelete}
              disabled={deleting}
            >
              Avbryt
            </button>
          </div>
        </div>
      ) : null}

      <div role="status" className="saved-search-status">
        {feedback?.kind === 'done' ? <p>{feedback.text}</p> : null}
      </div>
      {feedback?.kind === 'failed' ? (
        <p className="alert error" role="alert">
          {feedback.text}
        </p>
      ) : null}
    </article>
  );
}
