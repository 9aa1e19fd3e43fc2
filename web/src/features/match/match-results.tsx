import { JobsWithReasons } from '../../components/jobs-with-reasons';
import type { MatchedJob } from './match-api';

export function MatchResults({ matches }: { matches: MatchedJob[] }) {
  return (
    <section className="match-results" aria-labelledby="match-results-title">
      <h2 id="match-results-title">Jobb som matchar dig</h2>
      {matches.length === 0 ? (
        <p className="status-message">
          Vi hittade inga lediga jobb som matchar ditt CV just nu. Beskriv gärna mer av din erfarenhet i
          brevet och försök igen.
        </p>
      ) : (
        <JobsWithReasons jobs={matches} reasonClassName="match-reason" />
      )}
    </section>
  );
}
