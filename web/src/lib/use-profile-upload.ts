import type { CandidateProfileResponse } from '@jobbportalen/contracts/api/candidate-profile';
import { useState } from 'react';
import { ApiError } from './api-client';
import { profileFailureText, profileInputProblem } from './profile-messages';
import { uploadProfile } from './profile-upload';

interface ProfileUploadOptions {
  /**
   * A refused token (401): told here rather than ending the session the usual way, so the page
   * stays as it is ('Matcha mig' keeps its results). Without it, the session ends as anywhere.
   */
  onRefused?: () => void;
}

/**
 * The state and the one submit of a form that reads a CV into 'Min profil': the keep-CV and
 * consent choices (ProfileConsentFields), the check before sending, the upload and its Swedish
 * failure text. Shared by the dashboard's upload form and 'Spara som min profil' on 'Matcha mig'.
 */
export function useProfileUpload({ onRefused }: ProfileUploadOptions = {}) {
  const [keepCv, setKeepCv] = useState(false);
  const [consent, setConsent] = useState(false);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** The saved profile, or null when it was not sent or failed (the error then says why). */
  const submit = async (cv: File | null, letter: string): Promise<CandidateProfileResponse | null> => {
    const problem = profileInputProblem(cv, consent);
    setError(problem);
    if (problem || !cv) return null;
    setWorking(true);
    try {
      return await uploadProfile({ cv, letter, keepCv, consent }, { quiet: onRefused !== undefined });
    } catch (failure) {
      if (onRefused && failure instanceof ApiError && failure.status === 401) onRefused();
      else setError(profileFailureText(failure));
      return null;
    } finally {
      setWorking(false);
    }
  };

  const consentFields = {
    keepCv,
    onKeepCvChange: setKeepCv,
    consent,
    onConsentChange: setConsent,
    disabled: working,
  };
  return { working, error, submit, consentFields };
}
