import { PAGES } from '@jobbportalen/contracts';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useDocumentTitle } from '../../lib/use-document-title';
import { GUIDES, type GuidePage } from '../../lib/guide-list';
import './career-guides.css';

interface GuideArticleProps {
  page: GuidePage;
  intro: string;
  /** Section headings for the table of contents: [anchor id, heading text]. */
  contents: [string, string][];
  children: ReactNode;
}

/** Frame shared by the guides: breadcrumb, intro, table of contents, and links to the other guides. */
export function GuideArticle({ page, intro, contents, children }: GuideArticleProps) {
  const { title } = page;
  useDocumentTitle(title);
  const otherGuides = GUIDES.filter((guide) => guide.href !== page.path);

  return (
    <article className="page narrow prose guide">
      <nav aria-label="Brödsmulor" className="breadcrumbs">
        <ol>
          <li>
            <Link href={PAGES.guides.path}>{PAGES.guides.navLabel}</Link>
          </li>
          <li aria-current="page">{title}</li>
        </ol>
      </nav>
      <h1>{title}</h1>
      <p className="page-intro">{intro}</p>
      <nav aria-labelledby="guide-contents-title" className="card guide-contents">
        <h2 id="guide-contents-title" className="h3">
          Innehåll
        </h2>
        <ol>
          {contents.map(([id, text]) => (
            <li key={id}>
              <a href={`#${id}`}>{text}</a>
            </li>
          ))}
        </ol>
      </nav>
      {children}
      <section className="guide-more" aria-labelledby="more-guides-title">
        <h2 id="more-guides-title">Läs mer i karriärguiden</h2>
        <ul>
          {otherGuides.map((guide) => (
            <li key={guide.href}>
              <Link href={guide.href}>{guide.title}</Link> – {guide.teaser}
            </li>
          ))}
        </ul>
        <p>
          Redo att söka? <Link href="/jobb">Se alla lediga jobb</Link> eller{' '}
          <Link href="/match">matcha ditt CV mot jobben</Link>.
        </p>
      </section>
    </article>
  );
}

/** A download link for one of the generated PDF templates (see scripts/build-templates.mjs). */
export function TemplateDownload({
  href,
  label,
  description,
}: {
  href: string;
  label: string;
  description: string;
}) {
  return (
    <div className="card template-download">
      <div>
        <h3>{label}</h3>
        <p>{description}</p>
      </div>
      <a className="button" href={href} download>
        Ladda ner mallen (PDF)
      </a>
    </div>
  );
}

/** A side-by-side "weaker / stronger" example. */
export function BeforeAfter({ before, after }: { before: ReactNode; after: ReactNode }) {
  return (
    <div className="before-after">
      <div className="example weak">
        <p className="example-label">Svagare</p>
        <div>{before}</div>
      </div>
      <div className="example strong">
        <p className="example-label">Starkare</p>
        <div>{after}</div>
      </div>
    </div>
  );
}
