/**
 * 'Spara jobb' pressed by a visitor who must log in first: the ad is remembered in this tab while
 * they log in (the login page brings them back to the ad with ?next=), and the ad's page then
 * completes the save — the visitor asked for it once. sessionStorage: this tab only, gone with it,
 * and only an ad id. A save not completed within PENDING_MS is dropped, so a login much later
 * never saves a job by surprise.
 */
const KEY = 'pending-save-job';
const PENDING_MS = 30 * 60_000;

type TabStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
const tabStorage = (): TabStorage => window.sessionStorage;

export function rememberPendingSave(jobId: string, now = Date.now(), storage = tabStorage): void {
  try {
    storage().setItem(KEY, JSON.stringify({ jobId, at: now }));
  } catch {
    // Storage refused (private mode, quota): the visitor presses 'Spara jobb' again after login.
  }
}

/** Whether a save of `jobId` is waiting; the wait ends here either way for that ad. */
export function takePendingSave(jobId: string, now = Date.now(), storage = tabStorage): boolean {
  try {
    const raw = storage().getItem(KEY);
    if (raw === null) return false;
    const pending = JSON.parse(raw) as { jobId?: unknown; at?: unknown };
    if (pending.jobId !== jobId) return false;
    storage().removeItem(KEY);
    return typeof pending.at === 'number' && now - pending.at >= 0 && now - pending.at <= PENDING_MS;
  } catch {
    return false;
  }
}
