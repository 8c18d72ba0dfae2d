import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useDrawnMarkupKey, useFieldsTypedBeforeHydration } from '../../lib/hydration';
import { Spinner } from '../ui/Spinner';

/**
 * The page inside a layout. Pages are separate chunks; navigation is a transition, so the old
 * page normally stays until the new one is loaded and the spinner only shows on a cold start.
 * On a page the server drew, the boundary is where a page still reading its data (a big menu,
 * decision 0393) waits as drawn while the rest of the page is hydrated.
 */
export function PageOutlet() {
  return (
    <Suspense key={useDrawnMarkupKey()} fallback={<Spinner label="Loading page" />}>
      <Outlet />
      <FieldsTypedBeforeHydration />
    </Suspense>
  );
}

/** Renders nothing; hands the page's fields typed into before it was hydrated to the app. */
function FieldsTypedBeforeHydration() {
  useFieldsTypedBeforeHydration();
  return null;
}
