/**
 * Renders a component as the app does (docs/testing.md, "Component tests"): inside the app's
 * providers (the query cache and the toasts) and a router at a given address, optionally signed
 * in, with the query cache holding answers as a page that loaded them holds them.
 *
 *     const { user } = renderWithApp(<PickupListPage />, {
 *       url: '/pickup-list',
 *       session: 'customer',
 *       data: [[pickupListKey(CUSTOMER.userId), list]],
 *     });
 */
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { expect } from 'vitest';
import { ROLE_ADMIN, ROLE_USER } from '../../shared/roles';
import { AppProvider } from '../app/provider';
import { sampleSession } from '../lib/auth/testing';
import { writeSession } from '../lib/auth/storage';

/** Who a signed-in test is: a customer, or staff. */
export const CUSTOMER = sampleSession({ userId: 'customer-1', name: 'Ana Lopez', type: ROLE_USER });
export const ADMIN = sampleSession({ userId: 'admin-1', name: 'Sam Admin', type: ROLE_ADMIN });

export interface RenderWithAppOptions {
  /** The address the router starts at. */
  url?: string;
  /** The route the component is rendered at; the router shows nothing of it elsewhere (a redirect). */
  route?: string;
  /** Answers in the query cache before the first render: [key, data]. */
  data?: ReadonlyArray<readonly [QueryKey, unknown]>;
  session?: 'customer' | 'admin';
}

/** Keeps the router's current address for the test to read. */
function LocationProbe({ into }: { into: { current: string } }) {
  const { pathname, search } = useLocation();
  into.current = `${pathname}${search}`;
  return null;
}

export function renderWithApp(ui: ReactElement, { url = '/', route, data = [], session }: RenderWithAppOptions = {}) {
  // The cache holds what the test put in it: no retries, and what it holds is never refetched on its own
  // (admin queries say staleTime 0, which would refetch a seeded answer as the component mounts).
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity, gcTime: Infinity, refetchOnMount: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  for (const [key, value] of data) queryClient.setQueryData(key, value);
  if (session) writeSession(sessionStorage, session === 'admin' ? ADMIN : CUSTOMER);
  const location = { current: url };
  // No pause between the events of a key press: nothing here waits on time.
  const user = userEvent.setup({ delay: null });
  const view = render(
    <AppProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <LocationProbe into={location} />
        {route ? (
          <Routes>
            <Route path={route} element={ui} />
            <Route path="*" element={null} />
          </Routes>
        ) : (
          ui
        )}
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...view, user, queryClient, location: () => location.current };
}

/**
 * Waits for a toast saying `message` (product §8: its title, Error or Success, in bold above it).
 * A toast shown again replaces the old one, which may linger here: no animation ends in happy-dom.
 */
export async function findToast(title: 'Error' | 'Success', message: string): Promise<void> {
  // The first toast of a file waits for react-toastify and the container to load: longer than findBy's second on a busy machine.
  const texts = await screen.findAllByText(message, { selector: '.notify__message' }, { timeout: 10_000 });
  for (const text of texts) expect(text.closest('.notify')?.querySelector('.notify__title')?.textContent).toBe(title);
}
