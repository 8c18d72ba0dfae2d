import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ROLE_USER } from '../../../shared/roles';
import { SPA_ROUTES } from '../../../shared/spa-routes';
import { firstName, logout, mayOpenAdminRoutes, useSession, type Session } from '../../lib/auth';
import { HeaderSearch } from './HeaderSearch';
import { Logo } from './Logo';
import { MenuToggle } from './MenuToggle';

// The pickup list's count (decision 0318): its code and its call load only for a signed-in customer (design §4).
const PickupHeaderLink = lazy(() => import('../../features/pickup/PickupHeaderLink'));

interface NavItem {
  label: string;
  to: string;
  /** Whether the current location is this link's page. */
  isCurrent: (pathname: string, category: string | null) => boolean;
}

const menuItem = (label: string, category: string): NavItem => ({
  label,
  to: `/menu?category=${category}`,
  isCurrent: (pathname, current) => pathname === '/menu' && current === category,
});

export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Home', to: '/home', isCurrent: (pathname) => pathname === '/home' },
  menuItem('Wine', 'wine'),
  menuItem('Liquor', 'liquor'),
  menuItem('Extras', 'extras'),
  { label: 'Events', to: '/events', isCurrent: (pathname) => pathname === '/events' },
  { label: 'About Us', to: '/aboutus', isCurrent: (pathname) => pathname === '/aboutus' },
];

/** The toast after Log Out. */
export const SIGNED_OUT_MESSAGE = 'You are signed out';

/**
 * The header's sign state (product §2, §4): Sign Up when signed out; Log Out, with a greeting, when
 * a token with a name is stored. (The Admin Portal link, or a customer's Account link, is the last item of the navigation.)
 */
function AccountActions({ session }: { session: Session | null }) {
  const [busy, setBusy] = useState(false);
  const [focusSignUp, setFocusSignUp] = useState(false);
  const signUpRef = useRef<HTMLAnchorElement>(null);

  // Log Out disappears once signed out: keep the keyboard focus in the header, on Sign Up.
  useEffect(() => {
    if (!focusSignUp || session) return;
    signUpRef.current?.focus();
    setFocusSignUp(false);
  }, [focusSignUp, session]);

  const onLogout = async () => {
    setBusy(true);
    try {
      await logout();
    } finally {
      setBusy(false);
    }
    setFocusSignUp(true);
    // logout() always ends the session here (it waits for the server at most 5 s). Said as a
    // toast (decision 0198); react-toastify loads only now, so public pages never download it otherwise.
    void import('../../lib/notify').then(({ notify }) => notify.success(SIGNED_OUT_MESSAGE));
  };

  if (!session) {
    return (
      <div className="site-header__actions">
        <Link ref={signUpRef} className="button" to="/signup">
          Sign Up
        </Link>
      </div>
    );
  }
  return (
    <div className="site-header__actions">
      <span className="site-header__greeting">Hi, {firstName(session.name)}</span>
      {session.role === ROLE_USER ? (
        <Suspense fallback={null}>
          <PickupHeaderLink />
        </Suspense>
      ) : null}

      <button type="button" className="button" onClick={onLogout} disabled={busy}>
        Log Out
      </button>
    </div>
  );
}

/** Public header: logo, main navigation, the shop-wide search and the account link (product §2). */
export function SiteHeader() {
  const location = useLocation();
  const session = useSession();
  const category = new URLSearchParams(location.search).get('category');
  const [open, setOpen] = useState(false);
  const listId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const ownLink = mayOpenAdminRoutes(session)
    ? { to: SPA_ROUTES.adminPortal, label: 'Admin Portal' }
    : session
      ? { to: SPA_ROUTES.account, label: 'Account' }
      : null;

  // Any navigation (links, back and forward) closes the phone menu.
  useEffect(() => {
    setOpen(false);
  }, [location.pathname, location.search]);

  // Escape closes it and gives focus back to the button.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <header className="site-header" data-signed-in={session ? true : undefined}>
      <div className="container site-header__bar">
        <Logo />
        <nav className="site-nav" aria-label="Main">
          {/* Phones: a disclosure button shows the list below the bar; desktop: always shown. */}
          <MenuToggle
            ref={toggleRef}
            open={open}
            controls={listId}
            className="button button--ghost menu-toggle"
            onToggle={() => setOpen((value) => !value)}
          >
            <span className="menu-toggle__label">Menu</span>
          </MenuToggle>
          <ul id={listId} className="site-nav__list" data-open={open}>
            {NAV_ITEMS.map((item) => (
              <li key={item.label}>
                <Link
                  className="site-nav__link"
                  to={item.to}
                  aria-current={item.isCurrent(location.pathname, category) ? 'page' : undefined}
                  onClick={() => setOpen(false)}
                >
                  {item.label}
                </Link>
              </li>
            ))}
            {/* Admin Portal only for a stored admin role (product §2; the admin routes check it
                again); a signed-in customer's own Account page (decision 0302) instead. */}
            {ownLink ? (
              <li className="site-nav__item--admin">
                <Link
                  className="site-nav__link"
                  to={ownLink.to}
                  aria-current={location.pathname === ownLink.to ? 'page' : undefined}
                  onClick={() => setOpen(false)}
                >
                  {ownLink.label}
                </Link>
              </li>
            ) : null}
            {/* A customer's reservations (decision 0318): in the phone menu; the desktop bar has no room, /account links them. */}
            {session && session.role === ROLE_USER ? (
              <li className="site-nav__item--admin site-nav__item--phone-only">
                <Link
                  className="site-nav__link"
                  to={SPA_ROUTES.reservations}
                  aria-current={location.pathname === SPA_ROUTES.reservations ? 'page' : undefined}
                  onClick={() => setOpen(false)}
                >
                  Reservations
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>
        <HeaderSearch />
        <AccountActions session={session} />
      </div>
    </header>
  );
}
