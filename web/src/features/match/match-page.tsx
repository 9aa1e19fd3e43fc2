import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api-client';
import { PrivacyLink } from '../../components/privacy-link';
import { CV_ACCEPT } from '../../lib/cv-file';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CvProfilePanel } from './cv-profile-panel';
import { forgetMatch, keepMatch, keptMatch } from './last-match';
import { matchInputProblem } from './match-input';
import { matchCv, type MatchResult } from './match-api';
import { MatchResults } from './match-results';
import { SaveProfileSection } from './save-profile-section';
import './match.css';

type MatchState =
  | { status: 'idle' }
  | { status: 'working' }
  | { status: 'failed'; message: string }
  // The file and letter that were matched: 'Spara som min profil' sends the same ones.
  | { status: 'done'; result: MatchResult; cv: File; letter: string };

export function MatchPage() {
  useDocumentTitle('Matcha mig');
  const ids = useId();
  const [cv, setCv] = useState<File | null>(null);
  const [letter, setLetter] = useState('');
  // Back from logging in (or from an ad) in this tab: the last match, where it was.
  const [state, setState] = useState<MatchState>(() => {
    const kept = keptMatch();
    return kept ? { status: 'done', ...kept } : { status: 'idle' };
  });
  const [inputProblem, setInputProblem] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const problem = matchInputProblem(cv, letter);
    setInputProblem(problem);
    if (problem || !cv) return;

    // A new match replaces the last one, even if it fails.
    forgetMatch();
    setState({ status: 'working' });
    try {
      const done = { result: await matchCv(cv, letter), cv, letter };
      keepMatch(done);
      setState({ status: 'done', ...done });
    } catch (error) {
      const message = error instanceof ApiError && error.message ? error.message : 'Kunde inte matcha jobb.';
      setState({ status: 'failed', message });
    }
  };

  const working = state.status === 'working';

  return (
    <div className="page match-page">
      <h1>Matcha mig</h1>
      <p className="page-intro">
        Ladda upp ditt CV och klistra in ditt personliga brev. Vi läser vad du kan och vill, och föreslår
        lediga jobb som passar – med en kort förklaring till varje förslag.
      </p>

      <form
        className="form card match-form"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-busy={working}
      >
        <div className="field">
          <label htmlFor={`${ids}-cv`}>CV</label>
          <input
            id={`${ids}-cv`}
            name="cv"
            type="file"
            accept={CV_ACCEPT}
            required
            aria-describedby={`${ids}-cv-hint`}
            aria-invalid={inputProblem !== null && cv === null}
            onChange={(event) => setCv(event.target.files?.[0] ?? null)}
            disabled={working}
          />
          <p id={`${ids}-cv-hint`} className="field-hint">
            PDF eller Word (.pdf, .doc, .docx), högst 5 MB.
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${ids}-letter`}>Personligt brev</label>
          <textarea
            id={`${ids}-letter`}
            name="letter"
            required
            value={letter}
            onChange={(event) => setLetter(event.target.value)}
            aria-describedby={`${ids}-letter-hint`}
            aria-invalid={inputProblem !== null && !letter.trim()}
            disabled={working}
          />
          <p id={`${ids}-letter-hint`} className="field-hint">
            Skriv gärna vilken sorts jobb du söker, var du vill jobba och vad du är bra på.
          </p>
        </div>
        {inputProblem ? (
          <p className="alert error" role="alert">
            {inputProblem}
          </p>
        ) : null}
        <div className="button-row">
          <button type="submit" className="button" disabled={working}>
            {working ? 'Matchar…' : 'Hitta matchande jobb'}
          </button>
        </div>
        <PrivacyLink>Ditt CV och ditt brev läses bara medan vi matchar och sparas aldrig.</PrivacyLink>
      </form>

      <div className="match-status" role="status" aria-live="polite">
        {working ? (
          <p className="status-message">Vi läser ditt CV och letar efter jobb som passar dig…</p>
        ) : null}
        {state.status === 'done' ? (
          <p className="visually-hidden">Matchningen är klar: {state.result.matches.length} jobb hittades.</p>
        ) : null}
      </div>
      {state.status === 'failed' ? (
        <p className="alert error" role="alert">
          {state.message}
        </p>
      ) : null}

      {state.status === 'done' ? (
        <div className="match-output">
          <MatchResults matches={state.result.matches} />
          {state.result.profile ? <CvProfilePanel profile={state.result.profile} /> : null}
        </div>
      ) : null}
      {state.status === 'done' ? <SaveProfileSection cv={state.cv} letter={state.letter} /> : null}
    </div>
  );
}
