import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * After a client-side navigation to another page: scrolls to the top and moves focus to <main>,
 * so keyboard and screen reader users start at the new content (as after a full page load).
 * Not on the first render, not when only the query string changes (filters, search), and not
 * when the new page has already put focus on a control of its own (the search page's field).
 */
export function useFocusMainOnNavigate(mainRef: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    window.scrollTo(0, 0);
    const main = mainRef.current;
    if (main && document.activeElement !== main && main.contains(document.activeElement)) return;
    main?.focus({ preventScroll: true });
  }, [pathname, mainRef]);
}
