import type { Job } from '@jobbportalen/contracts';
import { Link, useParams } from 'wouter';
import { LoadingMessage } from '../../components/loading-message';
import { ApiError } from '../../lib/api-client';
import { textOr } from '../../lib/format';
import { useApi } from '../../lib/use-api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { JobAd } from './job-ad';
import { fetchJob } from './job-detail-api';
import { SimilarJobs } from './similar-jobs';
import './job-detail.css';

export function JobDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const answer = useApi(fetchJob, id);

  if (answer.status === 'loading') return <JobLoading />;
  if (answer.status === 'success') return <JobAd job={answer.data} />;

  const error = answer.error;
  if (error instanceof ApiError && (error.status === 404 || error.code === 'NOT_FOUND'))
    return <JobNotFound />;
  if (error instanceof ApiError && (error.status === 410 || error.code === 'GONE')) {
    const body = error.body as { job?: Partial<Job> } | null;
    return <JobGone jobId={id} job={body?.job ?? null} />;
  }
  return <JobLoadFailed />;
}

function JobLoading() {
  useDocumentTitle('Jobbannons');
  return (
    <div className="page narrow">
      <LoadingMessage />
    </div>
  );
}

function JobNotFound() {
  useDocumentTitle('Jobb ej hittat');
  return (
    <section className="page narrow">
      <h1>Jobb ej hittat.</h1>
      <p>Annonsen finns inte hos oss. Kontrollera adressen, eller leta vidare bland de lediga jobben.</p>
      <Link href="/jobb" className="button">
        Till alla lediga jobb
      </Link>
    </section>
  );
}

/** 410: the ad existed but is closed (removed or past its deadline); similar live ads follow. */
function JobGone({ jobId, job }: { jobId: string; job: Partial<Job> | null }) {
  useDocumentTitle('Annonsen är inte längre aktuell');
  const mainCategory = job?.mainCategory ?? null;
  return (
    <section className="page narrow">
      <h1>Annonsen är inte längre aktuell</h1>
      <div className="alert warning">
        <p>
          {job?.title ? (
            <>
              Jobbet <strong>{job.title}</strong> hos{' '}
              {textOr('en arbetsgivare som inte angavs', job.company, job.employer)} går inte längre att söka.
            </>
          ) : (
            'Det här jobbet går inte längre att söka.'
          )}{' '}
          Annonsen har tagits bort eller så har sista ansökningsdagen passerat.
        </p>
      </div>
      <div className="button-row">
        {mainCategory ? (
          <Link href={`/jobb?mainCategory=${encodeURIComponent(mainCategory)}`} className="button">
            Visa liknande jobb inom {mainCategory}
          </Link>
        ) : null}
        <Link href="/jobb" className={mainCategory ? 'button secondary' : 'button'}>
          Alla lediga jobb
        </Link>
      </div>
      <SimilarJobs jobId={jobId} />
    </section>
  );
}

function JobLoadFailed() {
  useDocumentTitle('Jobbannons');
  return (
    <section className="page narrow">
      <h1>Jobbannons</h1>
      <p className="alert error" role="alert">
        ❌ Kunde inte hämta jobbinformation.
      </p>
      <Link href="/jobb">Till alla lediga jobb</Link>
    </section>
  );
}
