import { useEffect, useRef, useState } from 'react';

/**
 * True once the element has come within `rootMargin` of the viewport, and from then on.
 * For embeds that `loading="lazy"` would still load at once: Chromium loads lazy iframes up to
 * 1250-2500 px away, which on a phone is the whole home page (decision 0119: the map's frame was half of
 * /home's Total Blocking Time in Lighthouse).
 */
export function useNearViewport<T extends Element>(rootMargin = '100px') {
  const ref = useRef<T>(null);
  // A browser without IntersectionObserver shows it at once. A server drawing the page does not
  // (decision 0388): the app's first render, which the drawn markup must match, has not seen it near.
  const [near, setNear] = useState(() => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, rootMargin]);
  return [ref, near] as const;
}
