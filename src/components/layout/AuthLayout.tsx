import { useRef } from 'react';
import { PageOutlet } from './PageOutlet';
import { Logo } from './Logo';
import { MAIN_ID, SkipLink } from './SkipLink';
import { SiteFooter } from './SiteFooter';
import { useFocusMainOnNavigate } from './use-focus-main-on-navigate';

/** Log in and sign up: the logo (a link to /home, SPEC §2) above the form, and the footer. */
export function AuthLayout() {
  const mainRef = useRef<HTMLElement>(null);
  useFocusMainOnNavigate(mainRef);
  return (
    <>
      <SkipLink />
      <header className="auth-header">
        <Logo height={56} />
      </header>
      <main id={MAIN_ID} ref={mainRef} tabIndex={-1} className="site-main">
        <div className="container">
          <PageOutlet />
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
