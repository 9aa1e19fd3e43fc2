import {
  AD_REPORT_MESSAGE_MAX,
  AD_REPORT_REASON_LABELS,
  AD_REPORT_REASONS,
  AD_REPORT_THANKS,
  adReportNeedsMessage,
  type AdReportReason,
} from '@jobbportalen/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api-client';
import { reportAd } from './report-ad-api';
import { reportAdProblems, type ReportAdForm, type ReportAdProblems } from './report-ad-form';
import './report-ad.css';

type Outcome = { kind: 'success' | 'error'; text: string } | null;

const SEND_FAILED = 'Kunde inte skicka anmälan. Försök igen om en stund.';

/**
 * 'Anmäl annons': a button that opens a small form (why, and in the reporter's own words), sent
 * to the moderation list. Anyone may report; the outcome is announced in a live region.
 */
export function ReportAd({ jobId }: { jobId: string }) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<ReportAdForm>({ reason: null, message: '' });
  const [problems, setProblems] = useState<ReportAdProblems>({});
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const firstReason = useRef<HTMLInputElement | null>(null);
  const messageField = useRef<HTMLTextAreaElement | null>(null);
  const toggle = useRef<HTMLButtonElement | null>(null);

  const formId = `${ids}-form`;
  const statusId = `${ids}-status`;
  const messageRequired = form.reason !== null && adReportNeedsMessage(form.reason);

  const change = (next: ReportAdForm): void => {
    setForm(next);
    // A message clears as soon as its problem is fixed, without nagging while typing.
    if (problems.reason || problems.message) setProblems(reportAdProblems(next));
  };

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const found = reportAdProblems(form);
    setProblems(found);
    setOutcome(null);
    if (found.reason) return firstReason.current?.focus();
    if (found.message) return messageField.current?.focus();
    setSending(true);
    try {
      const message = form.message.trim();
      const thanks = await reportAd(jobId, { reason: form.reason!, ...(message ? { message } : {}) });
      setOutcome({ kind: 'success', text: thanks || AD_REPORT_THANKS });
      setOpen(false);
      setForm({ reason: null, message: '' });
      toggle.current?.focus();
    } catch (error) {
      setOutcome({
        kind: 'error',
        text: error instanceof ApiError && error.message ? error.message : SEND_FAILED,
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="report-ad" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="visually-hidden">
        Anmäl annons
      </h2>
      <button
        ref={toggle}
        type="button"
        className="button secondary report-ad-toggle"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => {
          setOpen((was) => !was);
          setOutcome(null);
        }}
      >
        Anmäl annons
      </button>
      <form
        id={formId}
        className="form report-ad-form"
        hidden={!open}
        noValidate
        onSubmit={(e) => void submit(e)}
      >
        <fieldset
          className="report-ad-reasons"
          aria-describedby={problems.reason ? `${ids}-reason-error` : undefined}
        >
          <legend>Varför anmäler du annonsen?</legend>
          {AD_REPORT_REASONS.map((reason: AdReportReason, index) => (
            <label key={reason} className="checkbox">
              <input
                ref={index === 0 ? firstReason : undefined}
                type="radio"
                name={`${ids}-reason`}
                value={reason}
                checked={form.reason === reason}
                onChange={() => change({ ...form, reason })}
              />
              {AD_REPORT_REASON_LABELS[reason]}
            </label>
          ))}
          {problems.reason ? (
            <p id={`${ids}-reason-error`} className="report-ad-error">
              {problems.reason}
            </p>
          ) : null}
        </fieldset>
        <div className="field">
          <label htmlFor={`${ids}-message`}>
            Beskriv vad som är fel{messageRequired ? ' (obligatoriskt)' : ' (valfritt)'}
          </label>
          <textarea
            ref={messageField}
            id={`${ids}-message`}
            rows={4}
            maxLength={AD_REPORT_MESSAGE_MAX}
            value={form.message}
            required={messageRequired}
            aria-invalid={problems.message ? true : undefined}
            aria-describedby={`${ids}-message-hint${problems.message ? ` ${ids}-message-error` : ''}`}
            onChange={(event) => change({ ...form, message: event.target.value })}
          />
          <p id={`${ids}-message-hint`} className="field-hint">
            Krävs om du väljer Annat. Högst {AD_REPORT_MESSAGE_MAX} tecken ({form.message.length} använda).
          </p>
          {problems.message ? (
            <p id={`${ids}-message-error`} className="report-ad-error">
              {problems.message}
            </p>
          ) : null}
        </div>
        <div className="button-row">
          <button type="submit" className="button" disabled={sending}>
            {sending ? 'Skickar…' : 'Skicka anmälan'}
          </button>
        </div>
      </form>
      <div id={statusId} role="status" aria-live="polite" className="report-ad-status">
        {outcome ? <p className={`alert ${outcome.kind}`}>{outcome.text}</p> : null}
      </div>
    </section>
  );
}
