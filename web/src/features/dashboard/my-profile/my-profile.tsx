import { DRIVING_LICENCE_CLASSES, MY_PROFILE_ANCHOR } from '@jobbportalen/contracts';
import type {
  CandidateProfileResponse,
  ProfilePatch,
  SavedProfile,
} from '@jobbportalen/contracts/api/candidate-profile';
import { useId, useState } from 'react';
import { FormError } from '../../../components/form-error';
import { LoadingMessage } from '../../../components/loading-message';
import { formatDate, formatNumber } from '../../../lib/format';
import { useApi } from '../../../lib/use-api';
import { ConceptCombobox } from './concept-combobox';
import { deleteProfile, fetchKeptCv, fetchProfile, patchProfile } from './profile-api';
import { ProfileList } from './profile-list';
import { announceProfileChanged } from '../../../lib/profile-changed';
import { profileFailureText } from '../../../lib/profile-messages';
import { ProfileUploadForm } from './profile-upload-form';
import './profile.css';

const yearsText = (years: number): string => `${formatNumber(years)} år`;
const without = <T,>(items: T[], index: number): T[] => items.filter((_, at) => at !== index);

/**
 * 'Min profil' on the dashboard: a CV read into occupations, skills, languages, körkort and
 * places that stays, each editable, or (without one) the form that makes it. Fetched in the
 * browser with the visitor's token, as everything personal is.
 */
export function MyProfile() {
  const headingId = useId();
  const loaded = useApi(fetchProfile);
  // After an upload, an edit or a deletion: what the server answered, instead of the first load.
  const [changed, setChanged] = useState<{ value: CandidateProfileResponse | null } | null>(null);
  const current = changed ? changed.value : loaded.data;
  const [status, setStatus] = useState('');

  return (
    <section id={MY_PROFILE_ANCHOR} className="card my-profile" aria-labelledby={headingId}>
      <h2 id={headingId}>Din profil från CV:t</h2>
      {loaded.status === 'loading' && !changed ? <LoadingMessage /> : null}
      {loaded.status === 'error' && !changed ? (
        <p className="alert error">Kunde inte hämta din profil just nu.</p>
      ) : null}
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {current === null && (changed || loaded.status === 'success') ? (
        <>
          <p>
            Läs in ditt CV så sparar vi vad du har arbetat med, vad du kan och var du vill jobba. Då ser du
            hur väl annonser passar dig, utan att ladda upp CV:t igen. Du kan ändra allt efteråt.
          </p>
          <ProfileUploadForm
            replacing={false}
            onSaved={(profile) => {
              setChanged({ value: profile });
              setStatus('Din profil är sparad.');
              announceProfileChanged();
            }}
          />
        </>
      ) : null}
      {current ? (
        <ProfileEditor
          profile={current}
          onChanged={(value, said) => {
            setChanged({ value });
            setStatus(said);
            announceProfileChanged();
          }}
        />
      ) : null}
    </section>
  );
}

interface ProfileEditorProps {
  profile: CandidateProfileResponse;
  onChanged: (profile: CandidateProfileResponse | null, said: string) => void;
}

function ProfileEditor({ profile: answer, onChanged }: ProfileEditorProps) {
  const ids = useId();
  const { profile, cv } = answer;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [replacing, setReplacing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [licence, setLicence] = useState('');

  const run = async (work: () => Promise<void>): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(profileFailureText(failure));
    } finally {
      setBusy(false);
    }
  };
  const change = (patch: ProfilePatch, said: string): Promise<void> =>
    run(async () => onChanged(await patchProfile(patch), said));

  const licencesLeft = DRIVING_LICENCE_CLASSES.filter((name) => !profile.drivingLicences.includes(name));
  const names = (items: { name: string }[]): ReadonlySet<string> => new Set(items.map((item) => item.name));

  const download = (): Promise<void> =>
    run(async () => {
      const file = await fetchKeptCv();
      const url = URL.createObjectURL(file);
      const link = document.createElement('a');
      link.href = url;
      link.download = cv?.fileName ?? 'cv';
      document.body.append(link);
      link.click();
      link.remove();
      // After the click has started the download: revoking at once can cancel it in some browsers.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    });

  if (replacing) {
    return (
      <>
        <p>Det nya CV:t ersätter allt i profilen, även dina ändringar och en sparad CV-fil.</p>
        <ProfileUploadForm
          replacing
          onSaved={(next) => {
            setReplacing(false);
            onChanged(next, 'Din profil är inläst från det nya CV:t.');
          }}
          onCancel={() => setReplacing(false)}
        />
      </>
    );
  }

  const removed = (name: string) => `${name} är borttagen ur profilen.`;
  const added = (name: string) => `${name} är tillagd i profilen.`;

  return (
    <div className="profile-editor" aria-busy={busy}>
      <p>Det här läste vi ur ditt CV. Ta bort det som inte stämmer och lägg till det som saknas.</p>
      <FormError message={error} />
      <div className="profile-lists">
        <ProfileList
          title="Yrken"
          empty="Inga yrken."
          busy={busy}
          items={profile.occupations.map((item) => ({
            key: item.id,
            name: item.name,
            label: item.years === null ? item.name : `${item.name}, ${yearsText(item.years)}`,
          }))}
          onRemove={(index) =>
            void change(
              { occupations: without(profile.occupations, index) },
              removed(profile.occupations[index]?.name ?? ''),
            )
          }
        >
          <ConceptCombobox
            kind="occupation"
            label="Lägg till yrke"
            taken={names(profile.occupations)}
            disabled={busy}
            onPick={(item) =>
              void change(
                { occupations: [...profile.occupations, { id: item.id, name: item.name, years: null }] },
                added(item.name),
              )
            }
          />
        </ProfileList>
        <ProfileList
          title="Kompetenser"
          empty="Inga kompetenser."
          busy={busy}
          items={profile.skills.map((item) => ({ key: item.id, name: item.name, label: item.name }))}
          onRemove={(index) =>
            void change(
              { skills: without(profile.skills, index) },
              removed(profile.skills[index]?.name ?? ''),
            )
          }
        >
          <ConceptCombobox
            kind="skill"
            label="Lägg till kompetens"
            taken={names(profile.skills)}
            disabled={busy}
            onPick={(item) =>
              void change({ skills: [...profile.skills, { id: item.id, name: item.name }] }, added(item.name))
            }
          />
        </ProfileList>
        <ProfileList
          title="Språk"
          empty="Inga språk."
          busy={busy}
          items={profile.languages.map((name) => ({ key: name, name, label: name }))}
          onRemove={(index) =>
            void change(
              { languages: without(profile.languages, index) },
              removed(profile.languages[index] ?? ''),
            )
          }
        >
          <ConceptCombobox
            kind="language"
            label="Lägg till språk"
            taken={new Set(profile.languages)}
            disabled={busy}
            onPick={(item) => void change({ languages: [...profile.languages, item.name] }, added(item.name))}
          />
        </ProfileList>
        <ProfileList
          title="Körkort"
          empty="Inget körkort."
          busy={busy}
          items={profile.drivingLicences.map((name) => ({ key: name, name: `körkort ${name}`, label: name }))}
          onRemove={(index) =>
            void change(
              { drivingLicences: without(profile.drivingLicences, index) },
              removed(`Körkort ${profile.drivingLicences[index] ?? ''}`),
            )
          }
        >
          {licencesLeft.length > 0 ? (
            <div className="field concept-add">
              <label htmlFor={`${ids}-licence`}>Lägg till körkort</label>
              <div className="licence-add">
                <select
                  id={`${ids}-licence`}
                  value={licence}
                  disabled={busy}
                  onChange={(event) => setLicence(event.target.value)}
                >
                  <option value="">Välj behörighet</option>
                  {licencesLeft.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  className="button secondary small"
                  disabled={busy || !licence}
                  onClick={() => {
                    const chosen = licencesLeft.find((name) => name === licence);
                    if (!chosen) return;
                    setLicence('');
                    void change(
                      { drivingLicences: [...profile.drivingLicences, chosen] },
                      added(`Körkort ${chosen}`),
                    );
                  }}
                >
                  Lägg till
                </button>
              </div>
            </div>
          ) : null}
        </ProfileList>
        <ProfileList
          title="Orter"
          empty="Inga orter."
          busy={busy}
          items={profile.locations.map((place) => ({
            key: place.municipality,
            name: place.municipality,
            label: place.region ? `${place.municipality} (${place.region})` : place.municipality,
          }))}
          onRemove={(index) =>
            void change(
              { locations: without(profile.locations, index) },
              removed(profile.locations[index]?.municipality ?? ''),
            )
          }
        >
          <ConceptCombobox
            kind="place"
            label="Lägg till ort"
            taken={new Set(profile.locations.map((place) => place.municipality))}
            disabled={busy}
            onPick={(item) =>
              void change(
                { locations: [...profile.locations, { municipality: item.name, region: null }] },
                added(item.name),
              )
            }
          />
        </ProfileList>
      </div>
      <p className="profile-experience">
        <strong>År av erfarenhet:</strong> {experienceText(profile)}
      </p>
      <div className="profile-cv">
        {cv ? (
          <>
            <p>
              Sparad CV-fil: {cv.fileName} ({formatNumber(Math.max(1, Math.round(cv.sizeBytes / 1024)))} kB,{' '}
              {formatDate(cv.savedAt)})
            </p>
            <button
              type="button"
              className="button secondary small"
              disabled={busy}
              onClick={() => void download()}
            >
              Ladda ner CV-filen
            </button>
          </>
        ) : (
          <p className="field-hint">Vi har inte sparat själva CV-filen, bara det vi läste ut ur den.</p>
        )}
      </div>
      <div className="button-row">
        <button type="button" className="button secondary" disabled={busy} onClick={() => setReplacing(true)}>
          Läs in ett nytt CV
        </button>
        {!confirmingDelete ? (
          <button
            type="button"
            className="button secondary"
            disabled={busy}
            onClick={() => setConfirmingDelete(true)}
          >
            Ta bort min profil
          </button>
        ) : null}
      </div>
      {confirmingDelete ? (
        <div className="alert warning profile-confirm" role="group" aria-labelledby={`${ids}-confirm`}>
          <p id={`${ids}-confirm`}>
            Vill du ta bort din profil? Allt vi läste ut ur ditt CV{cv ? ' och den sparade CV-filen' : ''} tas
            bort.
          </p>
          <div className="button-row">
            <button
              type="button"
              className="button danger small"
              disabled={busy}
              onClick={() =>
                void run(async () => {
                  await deleteProfile();
                  onChanged(null, 'Din profil är borttagen.');
                })
              }
            >
              {busy ? 'Tar bort…' : 'Ja, ta bort min profil'}
            </button>
            <button
              type="button"
              className="button secondary small"
              disabled={busy}
              onClick={() => setConfirmingDelete(false)}
            >
              Avbryt
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

function experienceText(profile: SavedProfile): string {
  return profile.yearsOfExperience === null ? 'Framgick inte av CV:t' : yearsText(profile.yearsOfExperience);
}
