import { PAGES, type PageKey } from '@jobbportalen/contracts';
import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { LoadingMessage } from '../components/loading-message';
import { AppCommitted } from '../lib/app-ready';

/** A page's screen, loaded as its own chunk; `preload` fetches it before it is first rendered. */
export type PageScreen = ComponentType & { preload: () => Promise<void> };

/**
 * Every screen is its own chunk, so the start page never downloads InstantSearch (only /jobb
 * needs it) and each page pays only for its own code. Once preloaded a screen renders at once —
 * which a server-rendered page needs: the server renders it, and the browser must hydrate the
 * same markup rather than a loading state while the chunk arrives.
 */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): PageScreen {
  let Loaded: ComponentType | undefined;
  const preload = async (): Promise<void> => {
    Loaded ??= (await load())[name];
  };
  const Lazy = lazy(async () => {
    await preload();
    return { default: Loaded! };
  });
  const Screen = (props: object) => (Loaded ? <Loaded {...props} /> : <Lazy {...props} />);
  return Object.assign(Screen, { preload });
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
const PrivacyPage = lazyPage(() => import('../features/privacy/privacy-page'), 'PrivacyPage');
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
export const NotFoundPage = lazyPage(() => import('../features/info-pages/not-found-page'), 'NotFoundPage');

/**
 * The screen of each page of the registry: a page without a screen, or a screen without a page, fails
 * to typecheck.
 */
export const PAGE_SCREENS: Record<PageKey, PageScreen> = {
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
  privacy: PrivacyPage,
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
      <AppCommitted />
    </Suspense>
  );
}

const segmentsOf = (path: string): string[] => path.split('/').filter(Boolean);

/** Whether `pathname` is an address of `pattern` (the registry's paths: literal or `:name` segments). */
function matchesPage(pattern: string, pathname: string): boolean {
  const wanted = segmentsOf(pattern);
  const given = segmentsOf(pathname);
  return (
    wanted.length === given.length &&
    wanted.every((segment, index) => segment.startsWith(':') || segment === given[index])
  );
}

/** The page of the public layout a path shows, as the Switch above picks it; null for 'not found'. */
export function pageKeyOf(pathname: string): PageKey | null {
  return pageKeys.find((key) => matchesPage(PAGES[key].path, pathname)) ?? null;
}

/** The screen a path shows, to preload before the page is hydrated or rendered on the server. */
export const screenOf = (pathname: string): PageScreen => {
  const key = pageKeyOf(pathname);
  return key === null ? NotFoundPage : PAGE_SCREENS[key];
};

/** Every screen, for the server: it renders any of them synchronously. */
export const ALL_SCREENS: readonly PageScreen[] = [...Object.values(PAGE_SCREENS), NotFoundPage];
