import { ALERT_FREQUENCIES, ALERT_FREQUENCY_LABELS, type AlertFrequency } from '@jobbportalen/contracts';
import { useId, type ReactNode } from 'react';

const MAILED_FREQUENCIES = ALERT_FREQUENCIES.filter((frequency) => frequency !== 'off');

export const isAlertFrequency = (value: string): value is AlertFrequency =>
  (ALERT_FREQUENCIES as readonly string[]).includes(value);

interface AlertFrequencySelectProps {
  /** The visible label (it may carry a visually hidden part naming what it belongs to). */
  label: ReactNode;
  value: AlertFrequency;
  onChange: (frequency: AlertFrequency) => void;
  /** Offer 'Av' (saved, no mail): an account's saved search can have it, a visitor's alert cannot. */
  withOff?: boolean;
  disabled?: boolean;
  className?: string;
}

/**
 * How often a saved search mails its new ads (Av / Direkt / Dagligen / Varje vecka), with the
 * labels from contracts. One component for /jobb, the dashboard and the mail-link pages, so the
 * choice reads the same everywhere.
 */
export function AlertFrequencySelect({
  label,
  value,
  onChange,
  withOff = true,
  disabled = false,
  className = 'field',
}: AlertFrequencySelectProps) {
  const id = useId();
  const frequencies = withOff ? ALERT_FREQUENCIES : MAILED_FREQUENCIES;
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => {
          if (isAlertFrequency(event.target.value)) onChange(event.target.value);
        }}
      >
        {frequencies.map((frequency) => (
          <option key={frequency} value={frequency}>
            {ALERT_FREQUENCY_LABELS[frequency]}
          </option>
        ))}
      </select>
    </div>
  );
}
