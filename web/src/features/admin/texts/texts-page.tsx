import { SETTING_LIMITS, type SettingKey } from '@jobbportalen/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { LoadingMessage } from '../../../components/loading-message';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { failureMessage, fetchSiteSettings, saveSiteSettings } from '../admin-api';
import { usePolling } from '../use-polling';
import {
  SETTING_FIELDS,
  settingsProblems,
  toForm,
  toPayload,
  usedLength,
  type SettingsForm,
  type SettingsProblems,
} from './settings-form';

const loadSettings = (signal: AbortSignal) => fetchSiteSettings(signal);

/** The three front-page texts an admin may edit: heroTitle, heroSubtitle and ctaText. */
export function TextsPage() {
  useDocumentTitle('Texter – Administration');
  const settings = usePolling(loadSettings, null);

  return (
    <section className="admin-page" aria-labelledby="texts-title">
      <h1 id="texts-title">Texter</h1>
      <p className="page-intro">
        Texterna visas överst på startsidan. Ett tomt fält visar standardtexten. Ändringarna syns direkt när
        du har sparat.
      </p>
      {settings.data !== null ? (
        <SettingsEditor initial={toForm(settings.data)} />
      ) : settings.settled ? (
        <>
          <p className="alert error" role="alert">
            Kunde inte hämta startsidans texter.
          </p>
          <button type="button" className="button" onClick={() => void settings.refresh()}>
            Försök igen
          </button>
        </>
      ) : (
        <LoadingMessage />
      )}
    </section>
  );
}

type Outcome = { kind: 'success' | 'error'; text: string } | null;

function SettingsEditor({ initial }: { initial: SettingsForm }) {
  const ids = useId();
  const [form, setForm] = useState(initial);
  const [problems, setProblems] = useState<SettingsProblems>({});
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const fieldRefs = useRef<Partial<Record<SettingKey, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  const change = (key: SettingKey, value: string): void => {
    setForm((old) => ({ ...old, [key]: value }));
    // Clear a field's message as soon as it is fixed, but do not nag while typing.
    if (problems[key])
      setProblems((old) => ({ ...old, [key]: settingsProblems({ ...form, [key]: value })[key] }));
  };

  const onSubmit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const found = settingsProblems(form);
    setProblems(found);
    setOutcome(null);
    const firstInvalid = SETTING_FIELDS.find((field) => found[field.key]);
    if (firstInvalid) {
      fieldRefs.current[firstInvalid.key]?.focus();
      return;
    }
    setSaving(true);
    try {
      const payload = toPayload(form);
      const message = await saveSiteSettings(payload);
      setForm(payload);
      setOutcome({ kind: 'success', text: message });
    } catch (error) {
      setOutcome({ kind: 'error', text: failureMessage(error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="form card admin-texts" noValidate onSubmit={(event) => void onSubmit(event)}>
      {SETTING_FIELDS.map((field) => {
        const id = `${ids}-${field.key}`;
        const limit = SETTING_LIMITS[field.key];
        const problem = problems[field.key];
        const describedBy = `${id}-hint ${id}-count${problem ? ` ${id}-error` : ''}`;
        const common = {
          id,
          name: field.key,
          maxLength: limit,
          value: form[field.key],
          placeholder: field.fallback,
          'aria-describedby': describedBy,
          'aria-invalid': problem ? true : undefined,
        };
        return (
          <div className="field" key={field.key}>
            <label htmlFor={id}>{field.label}</label>
            {field.multiline ? (
              <textarea
                {...common}
                rows={3}
                ref={(element) => {
                  fieldRefs.current[field.key] = element;
                }}
                onChange={(event) => change(field.key, event.target.value)}
              />
            ) : (
              <input
                {...common}
                type="text"
                ref={(element) => {
                  fieldRefs.current[field.key] = element;
                }}
                onChange={(event) => change(field.key, event.target.value)}
              />
            )}
            <p id={`${id}-hint`} className="field-hint">
              Högst {limit} tecken. Tomt fält visar standardtexten ”{field.fallback}”.
            </p>
            <p id={`${id}-count`} className="field-hint admin-count">
              {usedLength(form[field.key])} av {limit} tecken
            </p>
            {problem ? (
              <p id={`${id}-error`} className="field-error">
                {problem}
              </p>
            ) : null}
          </div>
        );
      })}
      <div role="status" aria-live="polite">
        {outcome?.kind === 'success' ? <p className="alert success">{outcome.text}</p> : null}
      </div>
      {outcome?.kind === 'error' ? (
        <p className="alert error" role="alert">
          {outcome.text}
        </p>
      ) : null}
      <div className="button-row">
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Sparar…' : 'Spara'}
        </button>
        <Link href="/">Visa startsidan</Link>
      </div>
    </form>
  );
}
