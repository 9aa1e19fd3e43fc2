import { PAGES } from '@jobbportalen/contracts';
import { Link } from 'wouter';
import { PrivacyLink } from '../../components/privacy-link';
import { useDocumentTitle } from '../../lib/use-document-title';

const steps = [
  'Ladda upp ditt CV som PDF eller Word-fil (högst 5 MB).',
  'Klistra in ditt personliga brev, eller skriv några rader om vad du söker.',
  'Få förslag på lediga jobb som matchar dig – med en förklaring till varför.',
];

export function UploadCvPage() {
  useDocumentTitle('Ladda upp CV');
  return (
    <section className="page narrow prose">
      <h1>Ladda upp ditt CV</h1>
      <p className="page-intro">
        Låt ditt CV göra jobbet. Vi läser vilka yrken, kompetenser, språk och körkort du har och letar fram
        lediga jobb som passar dig.
      </p>
      <ol className="steps">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p>
        Vill du förbättra ditt CV först? Läs vår <Link href="/karriarguide/cv-guide">CV-guide</Link>. Har du
        ett konto kan du spara det vi läser ur CV:t som din profil under{' '}
        <Link href={PAGES.dashboard.path}>Min profil</Link>: då ser du vid varje annons hur väl du passar.
      </p>
      <PrivacyLink>
        När du matchar läses ditt CV bara medan vi tar fram förslagen och sparas inte.
      </PrivacyLink>
      <Link href="/match" className="button">
        Matcha mitt CV
      </Link>
    </section>
  );
}
