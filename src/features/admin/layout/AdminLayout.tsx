import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { PageOutlet } from '../../../components/layout/PageOutlet';
import { Logo } from '../../../components/layout/Logo';
import { MenuToggle } from '../../../components/layout/MenuToggle';
import { MAIN_ID, SkipLink } from '../../../components/layout/SkipLink';
import { useFocusMainOnNavigate } from '../../../components/layout/use-focus-main-on-navigate';
import { LOGIN_PATH, logout } from '../../../lib/auth';
import { RequestedBadge } from '../reservations/RequestedBadge';
import { AdminIcon, type AdminIconName } from './icons';
import '../common/admin.css';
import './admin-layout.css';

interface AdminNavItem {
  label: string;
  to: string;
  icon: AdminIconName;
  /** Other paths that belong to this entry (the single item page belongs to Items). */
  also?: string[];
  /** A count beside the label (the Requested reservations, decision 0324). */
  badge?: () => ReactNode;
}

/** product §2 Admin sidebar. */
export const ADMIN_NAV: readonly AdminNavItem[] = [
  { label: 'Home', to: '/admin-portal', icon: 'home' },
  { label: 'Reservations', to: '/admin-reservations', icon: 'reservations', badge: RequestedBadge },
  { label: 'Items', to: '/admin-items', icon: 'items', also: ['/admin-item'] },
  { label: 'Tags', to: '/admin-tags', icon: 'tags' },
  { label: 'Events', to: '/admin-events', icon: 'events' },
  { label: 'Users', to: '/admin-users', icon: 'users' },
  { label: 'Admins', to: '/admin-admins', icon: 'admins' },
  { label: 'Shop settings', to: '/admin-settings', icon: 'settings' },
  { label: 'Activity', to: '/admin-activity', icon: 'activity' },
  // The e-mails kept without a mail server (decision 0366).
  { label: 'Outbox', to: '/admin-outbox', icon: 'outbox' },
];

/** Below this width the sidebar is a drawer behind a menu button (admin-layout.css agrees). */
const DRAWER_QUERY = '(max-width: 63.99rem)';

function useIsDrawer(): boolean {
  const [drawer, setDrawer] = useState(() => typeof window.matchMedia === 'function' && window.matchMedia(DRAWER_QUERY).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(DRAWER_QUERY);
    const onChange = () => setDrawer(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return drawer;
}

/**
 * The frame of the admin pages: the sidebar (logo to /home, the admin pages, Logout) and the page.
 * On laptops the sidebar is always there. On tablets and phones its visibility starts 'hidden'
 * (product §2) behind a menu button in a top bar; opened, it lies over the page until a link is
 * chosen, Escape is pressed or the backdrop is clicked, and the focus goes back to the button.
 */
export function AdminLayout() {
  const mainRef = useRef<HTMLElement>(null);
  useFocusMainOnNavigate(mainRef);
  const { pathname } = useLocation();
  const isDrawer = useIsDrawer();
  const [visibility, setVisibility] = useState<'hidden' | 'visible'>('hidden');
  const [loggingOut, setLoggingOut] = useState(false);
  const navId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const drawerOpen = isDrawer && visibility === 'visible';

  // A chosen page closes the drawer.
  useEffect(() => setVisibility('hidden'), [pathname]);

  // Opening the drawer moves the focus into it.
  useEffect(() => {
    if (drawerOpen) navRef.current?.querySelector<HTMLElement>('.admin-sidebar__link')?.focus();
  }, [drawerOpen]);

  const closeDrawer = () => {
    setVisibility('hidden');
    toggleRef.current?.focus();
  };

  const onNavKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (drawerOpen && event.key === 'Escape') {
      event.preventDefault();
      closeDrawer();
    }
  };

  // Tabbing out of the open drawer (not to its button) closes it.
  const onNavBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (!drawerOpen || !(next instanceof Node)) return;
    if (!navRef.current?.contains(next) && !toggleRef.current?.contains(next)) setVisibility('hidden');
  };

  const onLogout = async () => {
    setLoggingOut(true);
    // Signs out on the server (and clears the session here); then a fresh page load at /login.
    await logout().catch(() => undefined);
    window.location.replace(LOGIN_PATH);
  };

  return (
    <div className={drawerOpen ? 'admin-shell admin-shell--drawer-open' : 'admin-shell'}>
      <SkipLink />
      {/* The open drawer keeps the keyboard: keys bubble here from the toggle and the links. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <header className="admin-topbar" onKeyDown={(event) => drawerOpen && onNavKeyDown(event)}>
        <MenuToggle
          ref={toggleRef}
          open={drawerOpen}
          controls={navId}
          className="admin-topbar__toggle icon-button"
          label="Admin menu"
          onToggle={() => setVisibility((value) => (value === 'hidden' ? 'visible' : 'hidden'))}
        />
        <Logo height={40} />
        <span className="admin-topbar__title">Admin Portal</span>
      </header>

      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the drawer's focus trap and Escape, for the links inside */}
      <nav
        ref={navRef}
        id={navId}
        className="admin-sidebar"
        aria-label="Admin"
        data-visibility={isDrawer ? visibility : 'visible'}
        onKeyDown={onNavKeyDown}
        onBlur={onNavBlur}
      >
        <div className="admin-sidebar__brand">
          <Logo height={44} />
          <span className="admin-sidebar__caption">Admin Portal</span>
        </div>
        <ul className="admin-sidebar__list">
          {ADMIN_NAV.map(({ label, to, icon, also, badge: Badge }) => {
            const current = pathname === to || (also ?? []).includes(pathname);
            return (
              <li key={to}>
                <Link to={to} className="admin-sidebar__link" aria-current={current ? 'page' : undefined}>
                  <AdminIcon name={icon} />
                  <span>{label}</span>
                  {Badge ? <Badge /> : null}
                </Link>
              </li>
            );
          })}
        </ul>
        <button type="button" className="admin-sidebar__link admin-sidebar__logout" onClick={() => void onLogout()} disabled={loggingOut}>
          <AdminIcon name="logout" />
          <span>{loggingOut ? 'Logging out...' : 'Logout'}</span>
        </button>
      </nav>
      {drawerOpen ? <div className="admin-backdrop" aria-hidden="true" onClick={closeDrawer} /> : null}

      <main id={MAIN_ID} ref={mainRef} tabIndex={-1} className="admin-main">
        <PageOutlet />
      </main>
    </div>
  );
}
