import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { PAGE_DATA_ID, type PageData } from './app/page-data';
import { loadPagesAsTheAppNavigates } from './app/navigation-loads';
import { startPageLoads } from './app/page-loaders';
import { screenOf } from './app/routes';
import type { JobsServerSide } from './features/jobs/jobs-server-side';
import { onAppCommitted } from './lib/app-ready';
import { forgetPrefetchedAnswers, setPageAnswers } from './lib/prefetched-answers';
import './app/styles/base.css';
import './app/styles/layout.css';
// The server-rendered pages' own styles join the first stylesheet, which the server puts inside
// the page: their content paints styled before any script has run.
import './features/home/home.css';
import './features/jobs/jobs.css';
import './features/jobs/components/query-help.css';
import './features/job-detail/job-detail.css';
import './features/career-guides/career-guides.css';

function readPageData(): PageData | null {
  const script = document.getElementById(PAGE_DATA_ID);
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as PageData;
  } catch {
    return null;
  }
}

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html saknar #root');
  onAppCommitted(markInteractive);
  loadPagesAsTheAppNavigates();
  const pageData = readPageData();
  if (!pageData) {
    // The app's shell (pages the server does not render): the browser renders everything, and
    // asks for what the page reads before the first render, not as each part mounts.
    startPageLoads(new URL(window.location.href));
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    return;
  }

  setPageAnswers(pageData.answers, pageData.renderedAt);
  const jobsServerSide: JobsServerSide = { serverState: pageData.searchState };
  // What the page came with describes the address it was opened with; after the first navigation
  // everything is asked for anew.
  const forget = (): void => {
    forgetPrefetchedAnswers();
    delete jobsServerSide.serverState;
    window.removeEventListener('pushState', forget);
    window.removeEventListener('popstate', forget);
  };
  window.addEventListener('pushState', forget);
  window.addEventListener('popstate', forget);

  // The screen must render at once, as on the server, not suspend while its chunk loads.
  await screenOf(window.location.pathname).preload();
  // React hydrates in the background of the call: the page is interactive once its screen has
  // (lib/app-ready.ts).
  hydrateRoot(
    container,
    <StrictMode>
      <App jobsServerSide={jobsServerSide} />
    </StrictMode>,
  );
}

/**
 * Says on <html data-app="interactive"> that the app's scripts have taken over the page. A
 * server-rendered page shows its content before that, and a click or key press in between does
 * nothing: browser tests, the screenshots and the benches wait for this before they interact.
 */
function markInteractive(): void {
  document.documentElement.dataset.app = 'interactive';
  // For the benches: when the page became interactive, on the page's own clock.
  performance.mark('app-interactive');
}

void start();
