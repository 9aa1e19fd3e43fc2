import { Link } from 'wouter';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Spec §2: design (colours and logo) is a placeholder, text only. */
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

/** Spec §2: banner jobs is a placeholder, text only. */
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
