import { useRef } from 'react';
import { PageOutlet } from '../../../components/layout/PageOutlet';
import { MAIN_ID, SkipLink } from '../../../components/layout/SkipLink';
import { useFocusMainOnNavigate } from '../../../components/layout/use-focus-main-on-navigate';

/** Frame of the admin pages (the admin sidebar and guard come with the admin portal). */
export function AdminLayout() {
  const mainRef = useRef<HTMLElement>(null);
  useFocusMainOnNavigate(mainRef);
  return (
    <>
      <SkipLink />
      <main id={MAIN_ID} ref={mainRef} tabIndex={-1} className="site-main">
        <div className="container">
          <PageOutlet />
        </div>
      </main>
    </>
  );
}
