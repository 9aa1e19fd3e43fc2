import { Link } from 'wouter';
import { useSiteConfig } from '../../lib/config';
import { useDocumentTitle } from '../../lib/use-document-title';

const offers = [
  {
    title: 'Synlighet där kandidaterna söker',
    text: 'Dina annonser visas bland tusentals lediga jobb i hela Sverige och går att hitta via sök, kategorier och orter.',
  },
  {
    title: 'Matchning mot CV',
    text: 'Kandidater som laddar upp sitt CV får förslag på jobb som passar deras erfarenhet – även ditt.',
  },
  {
    title: 'Annonspaket efter behov',
    text: 'Från en enstaka annons till paket för återkommande rekrytering. Du betalar bara för det du använder.',
  },
];

export function EmployersPage() {
  useDocumentTitle('För arbetsgivare');
  const { siteName, contactEmail } = useSiteConfig();
  return (
    <section className="page prose">
      <h1>För arbetsgivare</h1>
      <p className="page-intro">
        Hitta rätt medarbetare med {siteName}. Vi samlar lediga jobb från hela landet och hjälper
        arbetssökande att hitta just din annons.
      </p>
      <ul className="teaser-grid plain-list">
        {offers.map((offer) => (
          <li key={offer.title} className="card">
            <h2 className="h3">{offer.title}</h2>
            <p>{offer.text}</p>
          </li>
        ))}
      </ul>
      <h2>Kom igång</h2>
      <p>
        Vill du annonsera eller veta mer om våra annonspaket? Skriv till oss på{' '}
        <a href={`mailto:${contactEmail}`}>{contactEmail}</a> så berättar vi mer och tar fram ett förslag som
        passar er.
      </p>
      <p>
        Har du frågor om en beställning? Se <Link href="/kontakt">Kontakt</Link>.
      </p>
    </section>
  );
}
