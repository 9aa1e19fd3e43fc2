import type { FitRequirement } from '@jobbportalen/contracts/api/candidate-profile';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useAdFits } from '../../lib/ad-fits';
import { fitSummary, requirementText } from '../../lib/fit-text';

/**
 * 'Så matchar du annonsen': each requirement of the ad, met (✔, with what the visitor has) or
 * missing (✘), for a logged-in visitor with a profile; a way to create one for a visitor without.
 * Nothing on the server or for anyone else: it comes after hydration, so the page stays public.
 */
export function AdFitSection({ jobId }: { jobId: string }) {
  const fits = useAdFits([jobId]);
  const fit = fits.fitOf(jobId);
  if (fits.status === 'anonymous') return null;
  if (fits.status === 'no-profile')
    return (
      <FitSection>
        <p>
          Spara en profil från ditt CV så ser du vilka av annonsens krav du uppfyller.{' '}
          <Link href="/dashboard">Skapa din profil</Link>
        </p>
      </FitSection>
    );
  if (!fit) return null;
  const mustHaves = fit.requirements.filter((requirement) => requirement.required);
  const merits = fit.requirements.filter((requirement) => !requirement.required);
  return (
    <FitSection>
      <p className="ad-fit-summary">{fitSummary(fit)}</p>
      <RequirementList title="Krav" requirements={mustHaves} />
      <RequirementList title="Meriterande" requirements={merits} />
    </FitSection>
  );
}

function FitSection({ children }: { children: ReactNode }) {
  return (
    <section className="ad-fit" aria-labelledby="ad-fit-title">
      <h2 id="ad-fit-title">Så matchar du annonsen</h2>
      {children}
    </section>
  );
}

function RequirementList({ title, requirements }: { title: string; requirements: FitRequirement[] }) {
  if (requirements.length === 0) return null;
  return (
    <>
      <h3>{title}</h3>
      <ul className="ad-fit-list">
        {requirements.map((requirement) => (
          <li
            key={`${requirement.kind}:${requirement.label}`}
            className={requirement.met ? 'ad-fit-met' : 'ad-fit-missing'}
          >
            {/* The symbol's text alternative is what it means; the sentence after says the rest. */}
            <span className="ad-fit-mark" role="img" aria-label={requirement.met ? 'Uppfyllt' : 'Saknas'}>
              {requirement.met ? '✔' : '✘'}
            </span>{' '}
            {requirementText(requirement)}
          </li>
        ))}
      </ul>
    </>
  );
}
