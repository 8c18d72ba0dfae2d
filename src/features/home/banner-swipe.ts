/** The banner carousel's settings (product §4, §9). */
export const CAROUSEL = {
  /** Autoplay is off until the visitor presses Play. */
  autoplay: false,
  /** Time each banner shows while playing. */
  delayMs: 3000,
  /** How long a slide change takes. */
  transitionMs: 500,
  /** A swipe longer than this share of the carousel's width changes the slide. */
  swipeThreshold: 1 / 3,
} as const;

/**
 * Embla's `duration` is not in milliseconds but a spring constant (its animation steps at
 * 60 Hz). At 25 a slide change covers 95% of its way in about 480 ms and looks finished at
 * 500 ms, product §9's transition.
 */
export const EMBLA_DURATION = 25;

export interface Swipe {
  /** The slide shown when the swipe began. */
  start: number;
  count: number;
  /** Horizontal distance the pointer travelled, in pixels; negative is leftwards. */
  dx: number;
  /** Width of the carousel, in pixels. */
  width: number;
  loop: boolean;
}

/**
 * The slide a swipe ends on: the next one after a swipe to the left longer than a third of the
 * width, the previous one after such a swipe to the right, otherwise the one it began on.
 */
export function slideAfterSwipe({ start, count, dx, width, loop }: Swipe): number {
  if (count < 2 || !(width > 0) || Math.abs(dx) <= width * CAROUSEL.swipeThreshold) return start;
  const next = start + (dx < 0 ? 1 : -1);
  if (loop) return (next + count) % count;
  return Math.min(count - 1, Math.max(0, next));
}
