import type { MouseEvent } from 'react';

export const MAIN_ID = 'main';

/** "Skip to content": the first focusable element of every layout. Moves focus to <main>. */
export function SkipLink() {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    // Focus <main> without changing the URL (the router owns it).
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };
  return (
    <a className="skip-link" href={`#${MAIN_ID}`} onClick={onClick}>
      Skip to content
    </a>
  );
}
