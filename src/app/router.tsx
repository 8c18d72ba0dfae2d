import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { PublicLayout } from '../components/layout/PublicLayout';
import { Spinner } from '../components/ui/Spinner';
import { HomePage } from '../features/home/HomePage';
import { RequireAdmin } from '../lib/auth';
import { NotFoundPage } from './routes/NotFoundPage';

/** A component loaded on first render, as its own chunk (`React.lazy` for a named export). */
function lazyNamed<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy(async () => ({ default: pick(await load()) }));
}

// Public pages other than home: each its own chunk.
const MenuPage = lazyNamed(() => import('../features/menu/MenuPage'), (m) => m.MenuPage);
const EventsPage = lazyNamed(() => import('../features/events/EventsPage'), (m) => m.EventsPage);
const AboutPage = lazyNamed(() => import('../features/about/AboutPage'), (m) => m.AboutPage);
const ItemPage = lazyNamed(() => import('../features/items/ItemPage'), (m) => m.ItemPage);

// Log in and sign up: logo and form, no site navigation (SPEC §2).
const AuthLayout = lazyNamed(() => import('../components/layout/AuthLayout'), (m) => m.AuthLayout);
const LoginPage = lazyNamed(() => import('../features/auth/LoginPage'), (m) => m.LoginPage);
const SignupPage = lazyNamed(() => import('../features/auth/SignupPage'), (m) => m.SignupPage);

// Admin screens: none of their code is in the public pages' bundle.
const AdminLayout = lazyNamed(() => import('../features/admin/layout/AdminLayout'), (m) => m.AdminLayout);
const AdminPortalPage = lazyNamed(() => import('../features/admin/portal/AdminPortalPage'), (m) => m.AdminPortalPage);
const AdminItemsPage = lazyNamed(() => import('../features/admin/items/AdminItemsPage'), (m) => m.AdminItemsPage);
const AdminItemPage = lazyNamed(() => import('../features/admin/item/AdminItemPage'), (m) => m.AdminItemPage);
const AdminTagsPage = lazyNamed(() => import('../features/admin/tags/AdminTagsPage'), (m) => m.AdminTagsPage);
const AdminEventsPage = lazyNamed(() => import('../features/admin/events/AdminEventsPage'), (m) => m.AdminEventsPage);
const AdminUsersPage = lazyNamed(() => import('../features/admin/users/AdminUsersPage'), (m) => m.AdminUsersPage);
const AdminAdminsPage = lazyNamed(() => import('../features/admin/admins/AdminAdminsPage'), (m) => m.AdminAdminsPage);

/** The routes of SPEC §2. Layouts render their page through <PageOutlet> (a Suspense boundary). */
export function AppRoutes() {
  return (
    <Suspense fallback={<Spinner label="Loading page" />}>
      <Routes>
        <Route index element={<Navigate to="/home" replace />} />

        <Route element={<PublicLayout />}>
          <Route path="home" element={<HomePage />} />
          {/* /menu?category=wine|liquor|extras */}
          <Route path="menu" element={<MenuPage />} />
          <Route path="events" element={<EventsPage />} />
          <Route path="aboutus" element={<AboutPage />} />
          <Route path="item/:id" element={<ItemPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>

        <Route element={<AuthLayout />}>
          <Route path="login" element={<LoginPage />} />
          <Route path="signup" element={<SignupPage />} />
        </Route>

        {/* Signed-in admins only (by the stored session; the server checks every call). */}
        <Route element={<RequireAdmin />}>
          <Route element={<AdminLayout />}>
            <Route path="admin-portal" element={<AdminPortalPage />} />
            <Route path="admin-items" element={<AdminItemsPage />} />
            {/* /admin-item?id={id} */}
            <Route path="admin-item" element={<AdminItemPage />} />
            <Route path="admin-tags" element={<AdminTagsPage />} />
            <Route path="admin-events" element={<AdminEventsPage />} />
            <Route path="admin-users" element={<AdminUsersPage />} />
            <Route path="admin-admins" element={<AdminAdminsPage />} />
          </Route>
        </Route>
      </Routes>
    </Suspense>
  );
}
