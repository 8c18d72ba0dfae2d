import { useRef } from 'react';
import { AgeGate } from './AgeGate';
import { PageOutlet } from './PageOutlet';
import { MAIN_ID, SkipLink } from './SkipLink';
import { SiteHeader } from './SiteHeader';
import { SiteFooter } from './SiteFooter';
import { useFocusMainOnNavigate } from './use-focus-main-on-navigate';

/** Header, main content and footer of every public page, and the 21+ gate over it on a first visit. */
export function PublicLayout() {
  const mainRef = useRef<HTMLElement>(null);
  useFocusMainOnNavigate(mainRef);
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id={MAIN_ID} ref={mainRef} tabIndex={-1} className="site-main">
        <div className="container">
          <PageOutlet />
        </div>
      </main>
      <SiteFooter />
      <AgeGate />
    </>
  );
}
