import type { PrivacyFacts } from '@jobbportalen/contracts/api/privacy';
import { Link } from 'wouter';
import { LoadingMessage } from '../../components/loading-message';
import { useSiteConfig } from '../../lib/config';
import { useApi } from '../../lib/use-api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { fetchPrivacyFacts } from './privacy-api';
import { privacyItems, type PrivacyItem } from './privacy-items';
import './privacy.css';

/** /integritet: what we store about you, why, for how long, and how to get it out or delete it. */
export function PrivacyPage() {
  useDocumentTitle('Integritet');
  const { siteName } = useSiteConfig();
  const facts = useApi(fetchPrivacyFacts);
  return (
    <section className="page narrow prose privacy-page">
      <h1>Integritet</h1>
      <p className="page-intro">
        Här står vad {siteName} sparar om dig, varför, hur länge och hur du får ut eller raderar det. Vi
        samlar in så lite som möjligt och raderar det när det inte längre behövs.
      </p>
      {facts.status === 'loading' ? <LoadingMessage /> : null}
      {facts.status === 'error' ? (
        <p className="alert error" role="alert">
          Kunde inte hämta uppgifterna om hur länge vi sparar data just nu. Försök igen om en stund.
        </p>
      ) : null}
      {facts.status === 'success' ? <PrivacyDetails facts={facts.data} siteName={siteName} /> : null}
    </section>
  );
}

function PrivacyDetails({ facts, siteName }: { facts: PrivacyFacts; siteName: string }) {
  return (
    <>
      <h2>Det här sparar vi</h2>
      {privacyItems(facts).map((item) => (
        <PrivacyItemCard key={item.id} item={item} />
      ))}
      <h2 id="dina-rattigheter">Dina rättigheter</h2>
      <ul>
        <li>
          <strong>Få ut dina uppgifter:</strong> under <Link href="/dashboard">Min profil</Link> finns knappen
          ’Ladda ner mina uppgifter’. Den ger dig allt vi sparar om ditt konto som en fil (JSON).
        </li>
        <li>
          <strong>Radera ditt konto:</strong> ’Radera konto’ under Min profil raderar kontot, dina sparade
          jobb och sökningar direkt. Skickad e-post behåller då varken adress eller innehåll.
        </li>
        <li>
          <strong>Bevakning utan konto:</strong> varje e-postmeddelande har en länk där du ser vad vi sparar
          om din adress och kan avsluta bevakningen. Då raderas adressen.
        </li>
        <li>
          <strong>Rätta, begränsa eller invända:</strong> skriv till oss, så svarar vi inom en månad.
        </li>
      </ul>
      <h2>Kontakt</h2>
      <p>
        Personuppgiftsansvarig är {siteName}. Frågor om dina uppgifter:{' '}
        <a href={`mailto:${facts.contactEmail}`}>{facts.contactEmail}</a>. Tycker du att vi hanterar dina
        uppgifter fel kan du klaga hos Integritetsskyddsmyndigheten (IMY).
      </p>
    </>
  );
}

function PrivacyItemCard({ item }: { item: PrivacyItem }) {
  const titleId = `integritet-${item.id}`;
  return (
    <section className="card privacy-item" aria-labelledby={titleId}>
      <h3 id={titleId}>{item.title}</h3>
      <dl className="privacy-facts">
        <div>
          <dt>Vad</dt>
          <dd>{item.what}</dd>
        </div>
        <div>
          <dt>Varför</dt>
          <dd>{item.why}</dd>
        </div>
        <div>
          <dt>Rättslig grund</dt>
          <dd>{item.basis}</dd>
        </div>
        <div>
          <dt>Hur länge</dt>
          <dd>{item.howLong}</dd>
        </div>
      </dl>
    </section>
  );
}
