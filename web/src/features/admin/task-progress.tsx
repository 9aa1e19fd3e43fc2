import { useId } from 'react';
import type { StreamProgress } from '@jobbportalen/contracts/api/admin-import';
import { progressText, TASK_LABELS } from './admin-format';

/**
 * A running snapshot or reindex: a native progress bar (indeterminate until the total is known)
 * labelled with the task and 'N av M annonser'.
 */
export function TaskProgress({ progress }: { progress: StreamProgress }) {
  const id = useId();
  const { processed, total } = progress;
  const known = total !== null && total > 0;
  return (
    <div className="admin-progress">
      <label htmlFor={id} className="admin-progress-label">
        {TASK_LABELS[progress.task]}
      </label>
      {known ? (
        <progress
          id={id}
          max={total}
          value={Math.min(processed, total)}
          aria-valuetext={progressText(processed, total)}
        />
      ) : (
        <progress id={id} aria-valuetext={progressText(processed, null)} />
      )}
      <p className="admin-progress-text">{progressText(processed, total)}</p>
    </div>
  );
}
