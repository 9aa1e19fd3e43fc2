import { PAGES } from '@jobbportalen/contracts';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

/**
 * A line under a form that collects personal data (registration, CV matching, an alert by
 * e-mail): what happens to it in one sentence, and the link to /integritet for the rest.
 */
export function PrivacyLink({
  children,
  className = 'field-hint',
}: {
  children: ReactNode;
  className?: string;
}) {
  return (
    <p className={className}>
      {children} <Link href={PAGES.privacy.path}>Så hanterar vi dina uppgifter</Link>
    </p>
  );
}
