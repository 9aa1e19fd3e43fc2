import { PAGES, type PageKey } from '@jobbportalen/contracts';
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
const ForgotPasswordPage = lazyPage(
  () => import('../features/auth/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyPage(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage');
const VerifyEmailPage = lazyPage(() => import('../features/auth/verify-email-page'), 'VerifyEmailPage');
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
const ConfirmAlertPage = lazyPage(
  () => import('../features/saved-searches/confirm-alert-page'),
  'ConfirmAlertPage',
);
const ManageAlertPage = lazyPage(
  () => import('../features/saved-searches/manage-alert-page'),
  'ManageAlertPage',
);
const NotFoundPage = lazyPage(() => import('../features/info-pages/not-found-page'), 'NotFoundPage');

/**
 * The screen of each page of the registry: a page without a screen, or a screen without a page, fails
 * to typecheck.
 */
export const PAGE_SCREENS: Record<PageKey, ComponentType> = {
  home: HomePage,
  jobs: JobsPage,
  jobDetail: JobDetailPage,
  match: MatchPage,
  register: RegisterPage,
  login: LoginPage,
  forgotPassword: ForgotPasswordPage,
  resetPassword: ResetPasswordPage,
  verifyEmail: VerifyEmailPage,
  dashboard: DashboardPage,
  guides: GuidesIndexPage,
  cvGuide: CvGuidePage,
  letterGuide: LetterGuidePage,
  interviewGuide: InterviewGuidePage,
  employers: EmployersPage,
  contact: ContactPage,
  cancelled: CancelledPage,
  thanks: ThanksPage,
  uploadCv: UploadCvPage,
  confirmAlert: ConfirmAlertPage,
  manageAlert: ManageAlertPage,
};

const pageKeys = Object.keys(PAGES) as PageKey[];

export function PublicRoutes() {
  return (
    <Suspense fallback={<LoadingMessage />}>
      <Switch>
        {pageKeys.map((key) => (
          <Route key={key} path={PAGES[key].path} component={PAGE_SCREENS[key]} />
        ))}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
