import { Link } from 'wouter';
import { useSiteConfig } from '../../lib/config';
import { useDocumentTitle } from '../../lib/use-document-title';

export function ContactPage() {
  useDocumentTitle('Kontakt');
  const { siteName, contactEmail } = useSiteConfig();
  return (
    <section className="page narrow prose">
      <h1>Kontakt</h1>
      <p className="page-intro">
        Har du frågor om {siteName}, om ditt konto eller om en annons? Hör av dig – vi svarar så snart vi kan,
        oftast inom en arbetsdag.
      </p>
      <div className="card">
        <h2>E-post</h2>
        <p>
          Skriv till <a href={`mailto:${contactEmail}`}>{contactEmail}</a>. Berätta gärna vilken sida eller
          annons det gäller, så blir det lättare för oss att hjälpa dig.
        </p>
      </div>
      <div className="alert warning">
        <p>
          <strong>Kontaktformuläret kommer snart.</strong> Fram till dess når du oss enklast via e-post.
        </p>
      </div>
      <h2>Vanliga frågor</h2>
      <h3>Jag hittar inte ett jobb som jag sparade</h3>
      <p>
        Annonser försvinner när sista ansökningsdagen har passerat eller när arbetsgivaren tar bort dem. Under{' '}
        <Link href="/dashboard">Min profil</Link> ser du vilka sparade jobb som inte längre är aktuella.
      </p>
      <h3>Jag är arbetsgivare och vill annonsera</h3>
      <p>
        Läs mer på sidan <Link href="/for-arbetsgivare">För arbetsgivare</Link>.
      </p>
    </section>
  );
}
