import { useEffect, useState } from 'react';
import { forgetAdFits } from './ad-fits';

/** Said on the window when the seeker's profile was saved, edited or deleted on this page. */
const PROFILE_CHANGED = 'jobbportalen:profile-changed';

/**
 * After a change of the profile: fits measured against the old one are forgotten, and the
 * sections that read the profile ('Jobb för dig') ask again.
 */
export function announceProfileChanged(): void {
  forgetAdFits();
  window.dispatchEvent(new Event(PROFILE_CHANGED));
}

/** A number that grows with each change of the profile on this page: a parameter to ask again by. */
export function useProfileVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const changed = () => setVersion((current) => current + 1);
    window.addEventListener(PROFILE_CHANGED, changed);
    return () => window.removeEventListener(PROFILE_CHANGED, changed);
  }, []);
  return version;
}
