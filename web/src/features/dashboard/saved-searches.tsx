import type { SavedSearch } from '@jobbportalen/contracts/api/saved-searches';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { LoadingMessage } from '../../components/loading-message';
import { ApiError } from '../../lib/api-client';
import { useApi } from '../../lib/use-api';
import { fetchSavedSearches } from './dashboard-api';
import { EmailVerificationNotice } from './email-verification-notice';
import { SAVED_SEARCH_ADDED } from './jobs-for-you-api';
import { SavedSearchItem } from './saved-search-item';

/** The section's anchor: /jobb's 'Mina bevakningar' link goes to /dashboard#bevakningar. */
export const SAVED_SEARCHES_ANCHOR = 'bevakningar';

/** 'Mina bevakningar': the seeker's saved searches with their new-count, frequency and actions. */
export function SavedSearches({ emailUnverified }: { emailUnverified: boolean }) {
  const loaded = useApi(fetchSavedSearches);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const sessionExpired =
    loaded.status === 'error' && loaded.error instanceof ApiError && loaded.error.status === 401;

  return (
    <section id={SAVED_SEARCHES_ANCHOR} className="saved-searches" aria-labelledby="saved-searches-title">
      <h2 id="saved-searches-title" ref={headingRef} tabIndex={-1}>
        Mina bevakningar
      </h2>
      {emailUnverified ? <EmailVerificationNotice /> : null}
      {loaded.status === 'loading' ? <LoadingMessage /> : null}
      {loaded.status === 'error' && !sessionExpired ? (
        <p className="alert error">Kunde inte hämta dina bevakningar just nu.</p>
      ) : null}
      {loaded.status === 'success' ? (
        <SavedSearchList initial={loaded.data} onListChanged={() => headingRef.current?.focus()} />
      ) : null}
    </section>
  );
}

/** The loaded list, kept here as it is changed (renamed, frequency, removed) without reloading. */
function SavedSearchList({ initial, onListChanged }: { initial: SavedSearch[]; onListChanged: () => void }) {
  const [searches, setSearches] = useState(initial);
  const [announcement, setAnnouncement] = useState('');

  // The list arrives after the page has rendered, so the browser's own jump to #bevakningar
  // happened (or failed) too early: go there once it is in place.
  useEffect(() => {
    if (window.location.hash === `#${SAVED_SEARCHES_ANCHOR}`) {
      document.getElementById(SAVED_SEARCHES_ANCHOR)?.scrollIntoView({ block: 'start' });
    }
  }, []);

  // A search saved elsewhere on the page ('Bevaka jobb som matchar min profil') joins the list.
  useEffect(() => {
    const added = (event: Event): void => {
      const search = (event as CustomEvent<SavedSearch>).detail;
      setSearches((list) => [search, ...list.filter((known) => known.id !== search.id)]);
    };
    window.addEventListener(SAVED_SEARCH_ADDED, added);
    return () => window.removeEventListener(SAVED_SEARCH_ADDED, added);
  }, []);

  const replace = (changed: SavedSearch): void =>
    setSearches((list) => list.map((search) => (search.id === changed.id ? changed : search)));

  const remove = (removed: SavedSearch): void => {
    setSearches((list) => list.filter((search) => search.id !== removed.id));
    setAnnouncement('Bevakningen är borttagen.');
    // The item and its buttons are gone: keep keyboard focus in the section.
    onListChanged();
  };

  return (
    <>
      <div role="status" className="saved-searches-status">
        {announcement ? <p className="alert success">{announcement}</p> : null}
      </div>
      {searches.length === 0 ? (
        <p className="status-message">
          Du har inga bevakningar ännu. Spara en sökning på <Link href="/jobb">Jobb-sidan</Link>.
        </p>
      ) : (
        <ul className="saved-search-list">
          {searches.map((search) => (
            <li key={search.id}>
              <SavedSearchItem search={search} onChanged={replace} onRemoved={remove} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
