/**
 * The one route table (SPEC §2): every path with its access and the locale key of its page title.
 * Every page is a lazy chunk; private pages render inside the lazily loaded shell (Refine + antd),
 * so /login downloads neither.
 */
import { isValidElement, lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, Route, Routes, useLocation } from 'react-router';
import { resources } from '../resources';
import { canOpen } from './access/access';
import { RequirePermission } from './access/require-permission';
import { loadShell } from './routes-preload';
import { PublicOnly, RequireAuth } from './session/guards';
import { useSession } from './session/session-store';

/** A lazy page that can also be asked to start loading early (`preload`), before React renders it. */
function lazyNamed<Props extends object>(loader: () => Promise<Record<string, unknown>>, name: string) {
  let loading: Promise<Record<string, unknown>> | null = null;
  const load = () => {
    loading ??= loader().catch((error: unknown) => {
      loading = null; // a failed chunk may be asked for again
      throw error;
    });
    return loading;
  };
  return Object.assign(
    lazy(async () => ({ default: (await load())[name] as ComponentType<Props> })),
    { preload: load },
  );
}

const AppShell = lazyNamed(loadShell, 'AppShell');
const LoginPage = lazyNamed(() => import('./pages/auth/login-page'), 'LoginPage');
const RegisterPage = lazyNamed(() => import('./pages/auth/register-page'), 'RegisterPage');
const ForgotPasswordPage = lazyNamed(() => import('./pages/auth/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyNamed(() => import('./pages/auth/reset-password-page'), 'ResetPasswordPage');
const LegalPage = lazyNamed(() => import('./pages/common/legal-page'), 'LegalPage');
const NotFoundPage = lazyNamed(() => import('./pages/common/not-found-page'), 'NotFoundPage');
const ComingSoonPage = lazyNamed<{ titleKey: string; descriptionKey: string }>(() => import('./pages/common/coming-soon-page'), 'ComingSoonPage');
const CrudListPage = lazyNamed<{ resource: string; titleKey: string; searchFirst?: boolean }>(() => import('./crud/list-page'), 'CrudListPage');
const CrudShowPage = lazyNamed<{ resource: string; titleKey: string; parent?: { to: string; titleKey: string } }>(
  () => import('./crud/show-page'),
  'CrudShowPage',
);
const PersonalInfoPage = lazyNamed(() => import('./pages/profile/personal-info-page'), 'PersonalInfoPage');
const SecurityPage = lazyNamed(() => import('./pages/profile/security-page'), 'SecurityPage');
const SettingsPage = lazyNamed(() => import('./pages/profile/settings-page'), 'SettingsPage');
const DepartmentsPage = lazyNamed(() => import('./pages/departments/departments-page'), 'DepartmentsPage');
const AuditLogPage = lazyNamed(() => import('./pages/audit/audit-log-page'), 'AuditLogPage');
const DocumentTypesPage = lazyNamed(() => import('./screens/hr-documents/document-types-page'), 'DocumentTypesPage');
const EmployeeCardPage = lazyNamed(() => import('./screens/employee-card/employee-card-page'), 'EmployeeCardPage');
const TransportDocumentsPage = lazyNamed(() => import('./screens/transport-documents/transport-documents-page'), 'TransportDocumentsPage');
const ActsListPage = lazyNamed(() => import('./screens/handover-acts/acts-list-page'), 'ActsListPage');
const NewActPage = lazyNamed(() => import('./screens/handover-acts/new-act-page'), 'NewActPage');
const ActPage = lazyNamed(() => import('./screens/handover-acts/act-page'), 'ActPage');
const VehiclePage = lazyNamed(() => import('./screens/vehicle/vehicle-page'), 'VehiclePage');
const CompliancePage = lazyNamed(() => import('./screens/compliance/compliance-page'), 'CompliancePage');

export interface AppRoute {
  path: string;
  /** Locale key of the page title: the browser title and the page heading. */
  titleKey: string;
  access: 'public' | 'private';
  element: ReactNode;
  /** Served by the generic pages of src/crud/. */
  generic?: boolean;
  /** A hand-written screen: kept even where a resource's generic page would serve the path. */
  handWritten?: boolean;
  /**
   * The resource whose generic list (CrudList, its state in the URL) a hand-written page opens with, as
   * the transport list with its document columns does: the boot module asks for its first rows while the
   * app loads, as it does for a generic list page (src/boot/boot-plan.ts).
   */
  firstList?: string;
}

function comingSoon(path: string, name: string): AppRoute {
  return {
    path,
    titleKey: `pages.${name}`,
    access: 'private',
    element: <ComingSoonPage titleKey={`pages.${name}`} descriptionKey={`comingSoon.descriptions.${name}`} />,
  };
}

/** "/companies/:companyId" and "/companies/:id" are the same route. */
const routeShape = (path: string) => path.replace(/:\w+/g, ':');

/**
 * Resources with web routes (resources/*.ts `routes`, the same data Refine's resources and the sidebar come
 * from) get the generic pages of src/crud/: a route of the table with the same shape (a "coming soon"
 * screen until now) keeps its path and title and gets the generic page; a route the table lacks is added,
 * titled `<resource>.title` / `<resource>.titleSingular`. Only `list` and `show` have generic pages: they
 * create and edit in dialogs, so a resource's `create`/`edit` route must be a page of the table (routes.test.ts).
 */
export function withResourceRoutes(routes: AppRoute[]): AppRoute[] {
  const result = [...routes];
  for (const resource of resources) {
    const pages: Array<[string | undefined, 'list' | 'show']> = [
      [resource.routes?.list, 'list'],
      [resource.routes?.show, 'show'],
    ];
    for (const [path, page] of pages) {
      if (!path) continue;
      const index = result.findIndex((route) => route.access === 'private' && routeShape(route.path) === routeShape(path));
      if (index >= 0 && result[index].handWritten) continue;
      const titleKey = index >= 0 ? result[index].titleKey : `${resource.name}.${page === 'list' ? 'title' : 'titleSingular'}`;
      // A record's page names its list in the breadcrumb, titled as the list's own page.
      const list = resource.routes?.list;
      const listRoute = list ? result.find((route) => route.access === 'private' && routeShape(route.path) === routeShape(list)) : undefined;
      const element =
        page === 'list' ? (
          <CrudListPage key={resource.name} resource={resource.name} titleKey={titleKey} />
        ) : (
          <CrudShowPage
            key={resource.name}
            resource={resource.name}
            titleKey={titleKey}
            parent={list ? { to: list, titleKey: listRoute?.titleKey ?? `${resource.name}.title` } : undefined}
          />
        );
      const route: AppRoute = {
        path: index >= 0 ? result[index].path : path,
        titleKey,
        access: 'private',
        element,
        generic: true,
      };
      if (index >= 0) result[index] = route;
      else result.push(route);
    }
  }
  return result;
}

export const appRoutes: AppRoute[] = withResourceRoutes([
  { path: '/login', titleKey: 'pages.login', access: 'public', element: <LoginPage /> },
  { path: '/register', titleKey: 'pages.register', access: 'public', element: <RegisterPage /> },
  { path: '/forgot-password', titleKey: 'pages.forgotPassword', access: 'public', element: <ForgotPasswordPage /> },
  { path: '/reset-password/:token/:email', titleKey: 'pages.resetPassword', access: 'public', element: <ResetPasswordPage /> },
  { path: '/privacy-policy', titleKey: 'pages.privacyPolicy', access: 'public', element: <LegalPage /> },
  { path: '/terms-of-conditions', titleKey: 'pages.termsOfConditions', access: 'public', element: <LegalPage /> },
  comingSoon('/', 'orders'),
  // Issue 14: what has expired, expires soon or is missing, across people and vehicles (src/screens/compliance/).
  { path: '/compliance', titleKey: 'pages.compliance', access: 'private', element: <CompliancePage />, handWritten: true },
  // The orders list as a search page: search and filters first, kept in the URL (CrudList `searchFirst`).
  {
    path: '/order-search',
    titleKey: 'pages.orderSearch',
    access: 'private',
    element: <CrudListPage key="order-search" resource="orders" titleKey="pages.orderSearch" searchFirst />,
    generic: true,
  },
  // SPEC §2: the transport list with a column per vehicle document (src/screens/transport-documents/).
  { path: '/transport', titleKey: 'pages.transport', access: 'private', element: <TransportDocumentsPage />, handWritten: true, firstList: 'transport' },
  // SPEC §2: the page of a vehicle with its tabs, hand-written (src/screens/vehicle/).
  { path: '/transport/:id', titleKey: 'pages.vehicle', access: 'private', element: <VehiclePage />, handWritten: true },
  comingSoon('/trailers', 'trailers'),
  comingSoon('/personal-main', 'personalMain'),
  // SPEC §2: the employee card, hand-written (src/screens/employee-card/).
  { path: '/personal-main/employee/:userId', titleKey: 'pages.employee', access: 'private', element: <EmployeeCardPage />, handWritten: true },
  // SPEC §2: a tab per department with its members and head, rather than the generic list.
  { path: '/personal-departments', titleKey: 'pages.personalDepartments', access: 'private', element: <DepartmentsPage />, handWritten: true },
  // SPEC §2: each document type expands to its statuses, edited in place (src/screens/hr-documents/).
  { path: '/hr-menage-documents', titleKey: 'pages.manageDocuments', access: 'private', element: <DocumentTypesPage />, handWritten: true },
  comingSoon('/management-personal', 'managementPersonal'),
  comingSoon('/management-finances', 'managementFinances'),
  comingSoon('/maintenance-basic-data', 'basicData'),
  comingSoon('/maintenance-fuel-cards', 'fuelCards'),
  comingSoon('/maintenance-repair', 'repair'),
  // Issue 13: handover acts, hand-written (src/screens/handover-acts/): the fleet's list, the step form, an act.
  {
    path: '/maintenance-acceptance-certificate',
    titleKey: 'pages.acceptanceCertificate',
    access: 'private',
    element: <ActsListPage />,
    handWritten: true,
  },
  { path: '/maintenance-acceptance-certificate/new', titleKey: 'handover-acts.new', access: 'private', element: <NewActPage />, handWritten: true },
  {
    path: '/maintenance-acceptance-certificate/:transportId/:id',
    titleKey: 'handover-acts.titleSingular',
    access: 'private',
    element: <ActPage />,
    handWritten: true,
  },
  comingSoon('/companies', 'companies'),
  comingSoon('/companies/:companyId', 'company'),
  { path: '/audit-log', titleKey: 'pages.auditLog', access: 'private', element: <AuditLogPage />, handWritten: true },
  { path: '/personal-info', titleKey: 'pages.personalInfo', access: 'private', element: <PersonalInfoPage /> },
  { path: '/security', titleKey: 'pages.security', access: 'private', element: <SecurityPage /> },
  { path: '/settings', titleKey: 'pages.settings', access: 'private', element: <SettingsPage /> },
]);

/**
 * Starts loading what a signed-in page needs, the shell and the page's chunk, at once and side by side,
 * instead of one after the other as React meets them (the translations and the current user are being
 * fetched meanwhile). Called on start when a token is stored.
 */
export function preloadPrivateRoute(pathname: string): void {
  void loadShell().catch(() => undefined);
  const route = appRoutes.find((candidate) => candidate.access === 'private' && matchPath(candidate.path, pathname));
  const page = isValidElement(route?.element) ? (route.element.type as { preload?: () => Promise<unknown> }) : undefined;
  void page?.preload?.().catch(() => undefined);
}

export const notFoundTitleKey = 'pages.notFound';

export const notPermittedTitleKey = 'pages.notPermitted';

/** The title key of a path: its route's, the not-permitted page's when the member may not open it, or the 404 page's. */
export function titleKeyOf(pathname: string, mayOpen: (path: string) => boolean = () => true): string {
  const route = appRoutes.find((candidate) => matchPath(candidate.path, pathname));
  if (!route) return notFoundTitleKey;
  return route.access === 'private' && !mayOpen(route.path) ? notPermittedTitleKey : route.titleKey;
}

/** "Orders | Fleetdesk": the browser title follows the path and the language. */
export function DocumentTitle() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const { user } = useSession();
  useEffect(() => {
    document.title = t('app.documentTitle', { title: t(titleKeyOf(pathname, (path) => canOpen(user, path))) });
  }, [pathname, t, i18n.language, user]);
  return null;
}

export function AppRoutes() {
  return (
    <Suspense fallback="...">
      <Routes>
        <Route element={<PublicOnly />}>
          {appRoutes
            .filter((route) => route.access === 'public')
            .map((route) => (
              <Route key={route.path} path={route.path} element={route.element} />
            ))}
        </Route>
        <Route
          element={
            <RequireAuth>
              <AppShell />
            </RequireAuth>
          }
        >
          {appRoutes
            .filter((route) => route.access === 'private')
            .map((route) => (
              <Route key={route.path} path={route.path} element={<RequirePermission path={route.path}>{route.element}</RequirePermission>} />
            ))}
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
