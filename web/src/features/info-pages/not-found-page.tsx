import { Link } from 'wouter';
import { useDocumentTitle } from '../../lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Sidan finns inte');
  return (
    <section className="page narrow prose">
      <h1>Sidan finns inte</h1>
      <p className="page-intro">
        Vi hittar ingen sida på den här adressen. Den kan ha flyttats, eller så blev något fel i länken.
      </p>
      <div className="button-row">
        <Link href="/" className="button">
          Till startsidan
        </Link>
        <Link href="/jobb" className="button secondary">
          Sök lediga jobb
        </Link>
      </div>
    </section>
  );
}
