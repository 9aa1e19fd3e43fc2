import { Link } from 'wouter';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Design (colours and logo) is specified as a placeholder: text only, no controls. */
export function DesignPage() {
  useDocumentTitle('Design – Administration');
  return (
    <section className="admin-page">
      <h1>Design</h1>
      <div className="card admin-placeholder">
        <p>
          Här kommer du att kunna ändra webbplatsens färger och logotyp. Funktionen är under utveckling och
          kommer snart.
        </p>
      </div>
    </section>
  );
}

/** Banner jobs is specified as a placeholder: text only, no controls. */
export function BannerPage() {
  useDocumentTitle('Banner – Administration');
  return (
    <section className="admin-page">
      <h1>Banner</h1>
      <div className="card admin-placeholder">
        <p>
          Här kommer du att kunna välja bannerjobb som lyfts fram på webbplatsen. Funktionen är under
          utveckling och kommer snart.
        </p>
      </div>
    </section>
  );
}

export function AdminNotFoundPage() {
  useDocumentTitle('Sidan finns inte – Administration');
  return (
    <section className="admin-page">
      <h1>Sidan finns inte</h1>
      <p>Den här sidan finns inte i administrationen.</p>
      <p>
        <Link href="/admin">Till översikten</Link>
      </p>
    </section>
  );
}
