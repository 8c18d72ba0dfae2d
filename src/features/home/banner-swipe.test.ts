import { describe, expect, it } from 'vitest';
import { CAROUSEL, slideAfterSwipe } from './banner-swipe';

const base = { start: 1, count: 3, width: 900, loop: true };

describe('slideAfterSwipe', () => {
  it('keeps the slide for a swipe of at most a third of the width', () => {
    expect(slideAfterSwipe({ ...base, dx: 0 })).toBe(1);
    expect(slideAfterSwipe({ ...base, dx: -299 })).toBe(1);
    expect(slideAfterSwipe({ ...base, dx: -300 })).toBe(1);
    expect(slideAfterSwipe({ ...base, dx: 300 })).toBe(1);
  });

  it('moves to the next slide after a swipe to the left beyond a third', () => {
    expect(slideAfterSwipe({ ...base, dx: -301 })).toBe(2);
    expect(slideAfterSwipe({ ...base, dx: -899 })).toBe(2);
  });

  it('moves to the previous slide after a swipe to the right beyond a third', () => {
    expect(slideAfterSwipe({ ...base, dx: 301 })).toBe(0);
  });

  it('wraps around when looping, and stops at the ends otherwise', () => {
    expect(slideAfterSwipe({ ...base, start: 2, dx: -400 })).toBe(0);
    expect(slideAfterSwipe({ ...base, start: 0, dx: 400 })).toBe(2);
    expect(slideAfterSwipe({ ...base, loop: false, start: 2, dx: -400 })).toBe(2);
    expect(slideAfterSwipe({ ...base, loop: false, start: 0, dx: 400 })).toBe(0);
  });

  it('does nothing with a single slide or no width', () => {
    expect(slideAfterSwipe({ ...base, count: 1, start: 0, dx: -800 })).toBe(0);
    expect(slideAfterSwipe({ ...base, width: 0, dx: -800 })).toBe(1);
  });

  it('uses the settings of product §4', () => {
    expect(CAROUSEL).toEqual({ autoplay: false, delayMs: 3000, transitionMs: 500, swipeThreshold: 1 / 3 });
  });
});
