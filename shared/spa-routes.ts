/**
 * The SPA's routes (product §2), in one place: src/app/router.tsx declares its <Route>s with these
 * paths, and the local server answers 404 for a path none of them matches (decision 0217), with the
 * same index.html so the SPA still shows its friendly not-found page.
 */

export const SPA_ROUTES = {
  home: '/home',
  /** ?category=wine|liquor|extras */
  menu: '/menu',
  events: '/events',
  aboutus: '/aboutus',
  /** ?q=...: the header's search through every department (decision 0300). */
  search: '/search',
  item: '/item/:id',
  login: '/login',
  signup: '/signup',
  /** "Forgot password?": asks for a reset link by e-mail (decision 0258). */
  forgotPassword: '/forgot-password',
  /** ?token=...: the page a reset link opens, to set a new password. */
  resetPassword: '/reset-password',
  /** A signed-in customer's own account: details, password, e-mail confirmation, deletion (decision 0302). */
  account: '/account',
  /** ?token=...: the page an e-mail confirmation link opens (decision 0303). */
  confirmEmail: '/confirm-email',
  /** A signed-in customer's pickup list and the reserve form (product §11, decision 0318). */
  pickupList: '/pickup-list',
  /** A signed-in customer's own reservations, with Cancel (decision 0318). */
  reservations: '/reservations',
  adminPortal: '/admin-portal',
  adminItems: '/admin-items',
  /** ?id={id} */
  adminItem: '/admin-item',
  adminTags: '/admin-tags',
  adminEvents: '/admin-events',
  adminUsers: '/admin-users',
  adminAdmins: '/admin-admins',
  adminSettings: '/admin-settings',
  /** Every admin write, newest first (decision 0260). */
  adminActivity: '/admin-activity',
  /** Reservations for pickup: tabs by status, the detail and actions, the pick list (decision 0323). */
  adminReservations: '/admin-reservations',
  /** The e-mails kept without a mail server, newest first (decision 0366). */
  adminOutbox: '/admin-outbox',
} as const;

/** The page of one item: `/item/<id>`, the id percent-encoded as a path segment. */
export const itemPath = (id: string): string => SPA_ROUTES.item.replace(':id', () => encodeURIComponent(id));

/** The shop-wide search for `query`. */
export const searchPath = (query: string): string =>
  query.trim() ? `${SPA_ROUTES.search}?q=${encodeURIComponent(query.trim())}` : SPA_ROUTES.search;

/** Where a password reset link opens (decision 0258): `/reset-password?token=<token>`. */
export const resetPasswordPath = (token: string): string => `${SPA_ROUTES.resetPassword}?token=${encodeURIComponent(token)}`;

/** Where an e-mail confirmation link opens (decision 0303): `/confirm-email?token=<token>`. */
export const confirmEmailPath = (token: string): string => `${SPA_ROUTES.confirmEmail}?token=${encodeURIComponent(token)}`;

export type SpaRouteName = keyof typeof SPA_ROUTES;

export interface SpaRouteMatch {
  name: SpaRouteName;
  params: Record<string, string>;
}

const compiled = Object.entries(SPA_ROUTES).map(([name, pattern]) => {
  const names: string[] = [];
  const source = pattern
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  // As React Router matches: case-insensitive, trailing slashes allowed.
  return { name: name as SpaRouteName, names, regex: new RegExp(`^${source}/*$`, 'i') };
});

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The route a pathname shows, or null when it is none of the SPA's (the not-found page). */
export function matchSpaRoute(pathname: string): SpaRouteMatch | null {
  for (const route of compiled) {
    const match = route.regex.exec(pathname);
    if (!match) continue;
    const params: Record<string, string> = {};
    route.names.forEach((name, index) => {
      params[name] = decode(match[index + 1]!);
    });
    return { name: route.name, params };
  }
  return null;
}

/**
 * The one spelling of a matched route's path: as SPA_ROUTES writes it (lower case, no trailing
 * slash), with each parameter percent-encoded as one path segment. The server answers any other
 * spelling of the route with a permanent redirect to this one (decision 0228: one URL per page).
 */
export function spaRoutePath(route: SpaRouteMatch): string {
  return SPA_ROUTES[route.name].replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(route.params[name] ?? ''));
}

const ACCOUNT_ROUTES: ReadonlySet<SpaRouteName> = new Set(['login', 'signup', 'forgotPassword', 'resetPassword']);

/** Routes for signed-in staff or for signing in: never worth indexing. */
export function isPrivateRoute(name: SpaRouteName): boolean {
  return ACCOUNT_ROUTES.has(name) || name.startsWith('admin');
}

/**
 * What a menu page reads of its query string (src/features/menu/menu-filter.ts: the department,
 * the ticked tags, the search box, the order, in stock only). The server draws a menu from these
 * alone and keys its drawn pages by them (decision 0388): a tracking parameter is no new page.
 */
export const MENU_URL_PARAMS = ['category', 'tags', 'q', 'sort', 'stock'] as const;

/** The query parameters /search reads (searchPath writes them). */
export const SEARCH_URL_PARAMS = ['q'] as const;
