import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Spinner } from '../ui/Spinner';

/**
 * The page inside a layout. Pages are separate chunks; navigation is a transition, so the old
 * page normally stays until the new one is loaded and the spinner only shows on a cold start.
 */
export function PageOutlet() {
  return (
    <Suspense fallback={<Spinner label="Loading page" />}>
      <Outlet />
    </Suspense>
  );
}
