import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { LoadingMessage } from '../components/loading-message';

/**
 * Every screen is its own chunk, so the start page never downloads InstantSearch (only /jobb
 * needs it) and each page pays only for its own code.
 */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const HomePage = lazyPage(() => import('../features/home/home-page'), 'HomePage');
const JobsPage = lazyPage(() => import('../features/jobs/jobs-page'), 'JobsPage');
const JobDetailPage = lazyPage(() => import('../features/job-detail/job-detail-page'), 'JobDetailPage');
const MatchPage = lazyPage(() => import('../features/match/match-page'), 'MatchPage');
const RegisterPage = lazyPage(() => import('../features/auth/register-page'), 'RegisterPage');
const LoginPage = lazyPage(() => import('../features/auth/login-page'), 'LoginPage');
const DashboardPage = lazyPage(() => import('../features/dashboard/dashboard-page'), 'DashboardPage');
const GuidesIndexPage = lazyPage(
  () => import('../features/career-guides/guides-index-page'),
  'GuidesIndexPage',
);
const CvGuidePage = lazyPage(() => import('../features/career-guides/cv-guide-page'), 'CvGuidePage');
const LetterGuidePage = lazyPage(
  () => import('../features/career-guides/letter-guide-page'),
  'LetterGuidePage',
);
const InterviewGuidePage = lazyPage(
  () => import('../features/career-guides/interview-guide-page'),
  'InterviewGuidePage',
);
const ContactPage = lazyPage(() => import('../features/info-pages/contact-page'), 'ContactPage');
const CancelledPage = lazyPage(() => import('../features/info-pages/cancelled-page'), 'CancelledPage');
const ThanksPage = lazyPage(() => import('../features/info-pages/thanks-page'), 'ThanksPage');
const EmployersPage = lazyPage(() => import('../features/info-pages/employers-page'), 'EmployersPage');
const UploadCvPage = lazyPage(() => import('../features/info-pages/upload-cv-page'), 'UploadCvPage');
const NotFoundPage = lazyPage(() => import('../features/info-pages/not-found-page'), 'NotFoundPage');

export function PublicRoutes() {
  return (
    <Suspense fallback={<LoadingMessage />}>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/jobb" component={JobsPage} />
        <Route path="/jobb/:id" component={JobDetailPage} />
        <Route path="/match" component={MatchPage} />
        <Route path="/register" component={RegisterPage} />
        <Route path="/login" component={LoginPage} />
        <Route path="/dashboard" component={DashboardPage} />
        <Route path="/karriarguide" component={GuidesIndexPage} />
        <Route path="/karriarguide/cv-guide" component={CvGuidePage} />
        <Route path="/karriarguide/personligt-brev" component={LetterGuidePage} />
        <Route path="/karriarguide/intervjutips" component={InterviewGuidePage} />
        <Route path="/kontakt" component={ContactPage} />
        <Route path="/avbrutet" component={CancelledPage} />
        <Route path="/tack" component={ThanksPage} />
        <Route path="/for-arbetsgivare" component={EmployersPage} />
        <Route path="/upload-cv" component={UploadCvPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
