import { useRef, type ReactNode } from 'react';
import { PageOutlet } from './PageOutlet';
import { MAIN_ID, SkipLink } from './SkipLink';
import { SiteFooter } from './SiteFooter';
import { useFocusMainOnNavigate } from './use-focus-main-on-navigate';

/**
 * What every page outside the admin portal is framed by: the skip link, a header, the main region
 * (focused after each navigation, for screen readers) with the page in it, and the footer.
 * `after` comes last (the public pages' 21+ gate).
 */
export function PageFrame({ header, after }: { header: ReactNode; after?: ReactNode }) {
  const mainRef = useRef<HTMLElement>(null);
  useFocusMainOnNavigate(mainRef);
  return (
    <>
      <SkipLink />
      {header}
      <main id={MAIN_ID} ref={mainRef} tabIndex={-1} className="site-main">
        <div className="container">
          <PageOutlet />
        </div>
      </main>
      <SiteFooter />
      {after}
    </>
  );
}
