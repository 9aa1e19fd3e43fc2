import type { CandidateProfileResponse } from '@jobbportalen/contracts/api/candidate-profile';
import { useId, useState, type FormEvent } from 'react';
import { FormError } from '../../../components/form-error';
import { ProfileConsentFields } from '../../../components/profile-consent-fields';
import { CV_ACCEPT } from '../../../lib/cv-file';
import { useProfileUpload } from '../../../lib/use-profile-upload';

interface ProfileUploadFormProps {
  /** A profile is there already: the new reading replaces it. */
  replacing: boolean;
  onSaved: (profile: CandidateProfileResponse) => void;
  onCancel?: () => void;
}

/** Reads a CV (and an optional letter) into 'Min profil', with the owner's consent. */
export function ProfileUploadForm({ replacing, onSaved, onCancel }: ProfileUploadFormProps) {
  const ids = useId();
  const [cv, setCv] = useState<File | null>(null);
  const [letter, setLetter] = useState('');
  const { working, error, submit, consentFields } = useProfileUpload();

  const onSubmit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const saved = await submit(cv, letter);
    if (saved) onSaved(saved);
  };

  return (
    <form
      className="form profile-upload"
      noValidate
      aria-busy={working}
      onSubmit={(event) => void onSubmit(event)}
    >
      <div className="field">
        <label htmlFor={`${ids}-cv`}>Ditt CV</label>
        <input
          id={`${ids}-cv`}
          name="cv"
          type="file"
          accept={CV_ACCEPT}
          required
          aria-describedby={`${ids}-cv-hint`}
          disabled={working}
          onChange={(event) => setCv(event.target.files?.[0] ?? null)}
        />
        <p id={`${ids}-cv-hint`} className="field-hint">
          PDF eller Word (.pdf, .doc, .docx), högst 5 MB.
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-letter`}>Personligt brev (valfritt)</label>
        <textarea
          id={`${ids}-letter`}
          name="letter"
          rows={4}
          value={letter}
          disabled={working}
          onChange={(event) => setLetter(event.target.value)}
        />
      </div>
      <ProfileConsentFields {...consentFields} />
      <FormError message={error} />
      <div className="button-row">
        <button type="submit" className="button" disabled={working}>
          {working ? 'Läser ditt CV…' : replacing ? 'Läs in det nya CV:t' : 'Spara min profil'}
        </button>
        {onCancel ? (
          <button type="button" className="button secondary" disabled={working} onClick={onCancel}>
            Avbryt
          </button>
        ) : null}
      </div>
    </form>
  );
}
