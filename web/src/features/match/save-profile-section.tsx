import { MY_PROFILE_ANCHOR, PAGES } from '@jobbportalen/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { FormError } from '../../components/form-error';
import { ProfileConsentFields } from '../../components/profile-consent-fields';
import { clearToken, loginPathWithNext, registerPathWithNext, useToken } from '../../lib/auth';
import { announceProfileChanged } from '../../lib/profile-changed';
import { useProfileUpload } from '../../lib/use-profile-upload';

/** Where 'Gå till Min profil' leads: the dashboard's profile section. */
export const MY_PROFILE_PATH = `${PAGES.dashboard.path}#${MY_PROFILE_ANCHOR}`;

interface SaveProfileSectionProps {
  /** The file and letter the match just read: the profile is read from the same ones. */
  cv: File;
  letter: string;
}

/**
 * Under the match results: keep what was read from the CV as 'Min profil' (logged in), or how
 * to get an account for it. A failure here never touches the results above it.
 */
export function SaveProfileSection({ cv, letter }: SaveProfileSectionProps) {
  const headingId = useId();
  const token = useToken();
  // The server no longer took the token: the visitor is logged out here, the results stay.
  const [sessionEnded, setSessionEnded] = useState(false);

  return (
    <section className="card save-profile" aria-labelledby={headingId}>
      <h2 id={headingId}>Spara som min profil</h2>
      {token ? (
        <SaveProfileForm
          cv={cv}
          letter={letter}
          onSessionEnded={() => {
            setSessionEnded(true);
            clearToken();
          }}
        />
      ) : (
        <>
          {sessionEnded ? (
            <p className="alert error" role="alert">
              Du är inte längre inloggad. Logga in igen för att spara din profil.
            </p>
          ) : null}
          <p>
            För att spara det vi läste ur ditt CV som din profil behöver du ett konto.{' '}
            <Link href={loginPathWithNext(PAGES.match.path)}>Logga in</Link> eller{' '}
            <Link href={registerPathWithNext(PAGES.match.path)}>Skapa konto</Link>.
          </p>
        </>
      )}
    </section>
  );
}

function SaveProfileForm({
  cv,
  letter,
  onSessionEnded,
}: SaveProfileSectionProps & { onSessionEnded: () => void }) {
  const { working, error, submit, consentFields } = useProfileUpload({ onRefused: onSessionEnded });
  const [saved, setSaved] = useState(false);
  const savedMessage = useRef<HTMLParagraphElement>(null);

  // The form (and its button, which had the focus) is gone once saved: keep the focus here.
  useEffect(() => {
    if (saved) savedMessage.current?.focus();
  }, [saved]);

  const onSubmit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (!(await submit(cv, letter))) return;
    setSaved(true);
    announceProfileChanged();
  };

  return (
    <>
      {saved ? null : (
        <form
          className="form save-profile-form"
          noValidate
          aria-busy={working}
          onSubmit={(event) => void onSubmit(event)}
        >
          <p>
            Med en profil ser du hur väl varje annons passar dig, och under ’Jobb för dig’ får du förslag utan
            att ladda upp CV:t igen. Har du redan en profil ersätts den.
          </p>
          <ProfileConsentFields {...consentFields} />
          <FormError message={error} />
          <div className="button-row">
            <button type="submit" className="button" disabled={working}>
              {working ? 'Sparar din profil…' : 'Spara som min profil'}
            </button>
          </div>
        </form>
      )}
      <div role="status">
        {saved ? (
          <p className="alert success" ref={savedMessage} tabIndex={-1}>
            Din profil är sparad. <Link href={MY_PROFILE_PATH}>Gå till Min profil</Link>
          </p>
        ) : null}
      </div>
    </>
  );
}
