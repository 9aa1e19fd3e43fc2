import { Link } from 'wouter';
import { useDocumentTitle } from '../../lib/use-document-title';

export function ThanksPage() {
  useDocumentTitle('Tack för din beställning');
  return (
    <section className="page narrow prose">
      <h1>Tack för din beställning!</h1>
      <p className="page-intro">
        Betalningen är genomförd. Vi skickar en bekräftelse till din e-postadress inom kort.
      </p>
      <p>Hittar du inte bekräftelsen? Titta i skräpposten, eller kontakta oss så hjälper vi dig.</p>
      <Link href="/" className="button">
        Till startsidan
      </Link>
    </section>
  );
}
