import { Suspense } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath, Navigate, Route, Routes } from 'react-router-dom';
import { SPA_ROUTES } from '../../shared/spa-routes';
import { PublicLayout } from '../components/layout/PublicLayout';
import { Spinner } from '../components/ui/Spinner';
import { RequireAdmin } from '../lib/auth';
import { lazyPage, type LazyPage } from './lazy-page';
import { NotFoundPage } from './routes/NotFoundPage';

// Public pages: each its own chunk, the home page's too (only its visitors load its carousel,
// promoted items and map).
const HomePage = lazyPage(
  () => import('../features/home/HomePage'),
  (m) => m.HomePage,
);
const MenuPage = lazyPage(
  () => import('../features/menu/MenuPage'),
  (m) => m.MenuPage,
  (m) => m.startMenuReads,
);
const EventsPage = lazyPage(
  () => import('../features/events/EventsPage'),
  (m) => m.EventsPage,
);
const AboutPage = lazyPage(
  () => import('../features/about/AboutPage'),
  (m) => m.AboutPage,
);
const SearchPage = lazyPage(
  () => import('../features/menu/SearchPage'),
  (m) => m.SearchPage,
  (m) => m.startSearchReads,
);
const ItemPage = lazyPage(
  () => import('../features/items/ItemPage'),
  (m) => m.ItemPage,
);

// Log in and sign up: logo and form, no site navigation (product §2).
const AuthLayout = lazyPage(
  () => import('../components/layout/AuthLayout'),
  (m) => m.AuthLayout,
);
const LoginPage = lazyPage(
  () => import('../features/auth/LoginPage'),
  (m) => m.LoginPage,
);
const SignupPage = lazyPage(
  () => import('../features/auth/SignupPage'),
  (m) => m.SignupPage,
);
const ForgotPasswordPage = lazyPage(
  () => import('../features/auth/ForgotPasswordPage'),
  (m) => m.ForgotPasswordPage,
);
const ResetPasswordPage = lazyPage(
  () => import('../features/auth/ResetPasswordPage'),
  (m) => m.ResetPasswordPage,
);

// A customer's own account, and the page an e-mail confirmation link opens (decisions 0302, 0303):
// one chunk, loaded from one place, so the first script carries one entry for both.
const accountChunk = () => import('../features/account/AccountPage');
const AccountPage = lazyPage(accountChunk, (m) => m.AccountPage);
const ConfirmEmailPage = lazyPage(accountChunk, (m) => m.ConfirmEmailPage);

// A customer's pickup list and reservations (decision 0318): one chunk for both.
const pickupChunk = () => import('../features/pickup/PickupListPage');
const PickupListPage = lazyPage(pickupChunk, (m) => m.PickupListPage);
const ReservationsPage = lazyPage(pickupChunk, (m) => m.ReservationsPage);

/** The chunks each public route needs, by path pattern. */
const ROUTE_CHUNKS: Array<[pattern: string, pages: LazyPage[]]> = [
  [SPA_ROUTES.home, [HomePage]],
  [SPA_ROUTES.menu, [MenuPage]],
  [SPA_ROUTES.events, [EventsPage]],
  [SPA_ROUTES.aboutus, [AboutPage]],
  [SPA_ROUTES.search, [SearchPage]],
  [SPA_ROUTES.item, [ItemPage]],
  [SPA_ROUTES.login, [AuthLayout, LoginPage]],
  [SPA_ROUTES.signup, [AuthLayout, SignupPage]],
  [SPA_ROUTES.forgotPassword, [AuthLayout, ForgotPasswordPage]],
  [SPA_ROUTES.resetPassword, [AuthLayout, ResetPasswordPage]],
  [SPA_ROUTES.account, [AccountPage]],
  [SPA_ROUTES.confirmEmail, [AuthLayout, ConfirmEmailPage]],
  [SPA_ROUTES.pickupList, [PickupListPage]],
  [SPA_ROUTES.reservations, [ReservationsPage]],
];

/**
 * Loads the chunks of the page at `pathname`, so
 * the first render shows the page instead of a spinner; in the browser (`reads`) it also starts
 * the page's first reads for the URL's query into the app's query client, so its data is on its
 * way before the first render. Never rejects: a chunk that fails to load is tried again when the
 * page renders, where the error boundary can show the failure.
 */
export async function preloadRoute(pathname: string, reads?: { search: string; client: QueryClient }): Promise<void> {
  const pages = ROUTE_CHUNKS.find(([pattern]) => matchPath(pattern, pathname))?.[1] ?? [];
  const loaded = reads
    ? pages.map((page) => page.startReads(new URLSearchParams(reads.search), reads.client))
    : pages.map((page) => page.preload());
  await Promise.all(loaded).catch(() => undefined);
}

// Admin screens: none of their code is in the public pages' bundle.
const AdminLayout = lazyPage(
  () => import('../features/admin/layout/AdminLayout'),
  (m) => m.AdminLayout,
);
const AdminPortalPage = lazyPage(
  () => import('../features/admin/portal/AdminPortalPage'),
  (m) => m.AdminPortalPage,
);
const AdminItemsPage = lazyPage(
  () => import('../features/admin/items/AdminItemsPage'),
  (m) => m.AdminItemsPage,
);
const AdminItemPage = lazyPage(
  () => import('../features/admin/item-detail/AdminItemPage'),
  (m) => m.AdminItemPage,
);
const AdminTagsPage = lazyPage(
  () => import('../features/admin/tags/AdminTagsPage'),
  (m) => m.AdminTagsPage,
);
const AdminEventsPage = lazyPage(
  () => import('../features/admin/events/AdminEventsPage'),
  (m) => m.AdminEventsPage,
);
const AdminUsersPage = lazyPage(
  () => import('../features/admin/users/AdminUsersPage'),
  (m) => m.AdminUsersPage,
);
const AdminAdminsPage = lazyPage(
  () => import('../features/admin/admins/AdminAdminsPage'),
  (m) => m.AdminAdminsPage,
);
const AdminActivityPage = lazyPage(
  () => import('../features/admin/activity/AdminActivityPage'),
  (m) => m.AdminActivityPage,
);
const AdminOutboxPage = lazyPage(
  () => import('../features/admin/outbox/AdminOutboxPage'),
  (m) => m.AdminOutboxPage,
);
const AdminReservationsPage = lazyPage(
  () => import('../features/admin/reservations/AdminReservationsPage'),
  (m) => m.AdminReservationsPage,
);
const AdminSettingsPage = lazyPage(
  () => import('../features/admin/settings/AdminSettingsPage'),
  (m) => m.AdminSettingsPage,
);

/**
 * The routes of product §2, at the paths of shared/spa-routes.ts (the server answers 404 for any
 * other). Layouts render their page through <PageOutlet> (a Suspense boundary).
 */
export function AppRoutes() {
  return (
    <Suspense fallback={<Spinner label="Loading page" />}>
      <Routes>
        <Route index element={<Navigate to="/home" replace />} />

        <Route element={<PublicLayout />}>
          <Route path={SPA_ROUTES.home} element={<HomePage />} />
          {/* /menu?category=wine|liquor|extras */}
          <Route path={SPA_ROUTES.menu} element={<MenuPage />} />
          <Route path={SPA_ROUTES.events} element={<EventsPage />} />
          <Route path={SPA_ROUTES.aboutus} element={<AboutPage />} />
          <Route path={SPA_ROUTES.search} element={<SearchPage />} />
          <Route path={SPA_ROUTES.item} element={<ItemPage />} />
          <Route path={SPA_ROUTES.account} element={<AccountPage />} />
          <Route path={SPA_ROUTES.pickupList} element={<PickupListPage />} />
          <Route path={SPA_ROUTES.reservations} element={<ReservationsPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>

        <Route element={<AuthLayout />}>
          <Route path={SPA_ROUTES.login} element={<LoginPage />} />
          <Route path={SPA_ROUTES.signup} element={<SignupPage />} />
          <Route path={SPA_ROUTES.forgotPassword} element={<ForgotPasswordPage />} />
          <Route path={SPA_ROUTES.resetPassword} element={<ResetPasswordPage />} />
          <Route path={SPA_ROUTES.confirmEmail} element={<ConfirmEmailPage />} />
        </Route>

        {/* Signed-in admins only (by the stored session; the server checks every call). */}
        <Route element={<RequireAdmin />}>
          <Route element={<AdminLayout />}>
            <Route path={SPA_ROUTES.adminPortal} element={<AdminPortalPage />} />
            <Route path={SPA_ROUTES.adminItems} element={<AdminItemsPage />} />
            {/* /admin-item?id={id} */}
            <Route path={SPA_ROUTES.adminItem} element={<AdminItemPage />} />
            <Route path={SPA_ROUTES.adminTags} element={<AdminTagsPage />} />
            <Route path={SPA_ROUTES.adminEvents} element={<AdminEventsPage />} />
            <Route path={SPA_ROUTES.adminUsers} element={<AdminUsersPage />} />
            <Route path={SPA_ROUTES.adminAdmins} element={<AdminAdminsPage />} />
            <Route path={SPA_ROUTES.adminSettings} element={<AdminSettingsPage />} />
            <Route path={SPA_ROUTES.adminActivity} element={<AdminActivityPage />} />
            <Route path={SPA_ROUTES.adminReservations} element={<AdminReservationsPage />} />
            <Route path={SPA_ROUTES.adminOutbox} element={<AdminOutboxPage />} />
          </Route>
        </Route>
      </Routes>
    </Suspense>
  );
}
