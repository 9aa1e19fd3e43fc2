import { Link } from 'wouter';
import { useDocumentTitle } from '../../lib/use-document-title';

export function CancelledPage() {
  useDocumentTitle('Köpet avbröts');
  return (
    <section className="page narrow prose">
      <h1>Köpet avbröts</h1>
      <p className="page-intro">
        Betalningen genomfördes inte och ingen beställning har lagts. Du har inte debiterats något.
      </p>
      <p>
        Om det blev fel kan du börja om när du vill – det du hade valt påverkas inte av att köpet avbröts.
      </p>
      <Link href="/for-arbetsgivare" className="button">
        Tillbaka till För arbetsgivare
      </Link>
    </section>
  );
}
