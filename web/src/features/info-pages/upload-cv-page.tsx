import { Link } from 'wouter';
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
        Ditt CV används bara för att ta fram förslagen och sparas inte i någon profil. Vill du förbättra ditt
        CV först? Läs vår <Link href="/karriarguide/cv-guide">CV-guide</Link>.
      </p>
      <Link href="/match" className="button">
        Matcha mitt CV
      </Link>
    </section>
  );
}
