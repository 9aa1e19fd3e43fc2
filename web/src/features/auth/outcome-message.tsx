import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The result that replaces a form (or a pending check): a success as a status, a failure as an
 * alert. It takes the focus when it appears, because the button that had it is gone, and a
 * keyboard or screen-reader user should land on what happened rather than at the top of the page.
 */
export function OutcomeMessage({ tone, children }: { tone: 'success' | 'error'; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className={`alert ${tone} outcome-message`}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {children}
    </div>
  );
}
