import { afterEach, describe, expect, it } from 'vitest';
import { firstScreenData, firstScreenIsWhole, readFirstScreen, resetFirstScreen } from './first-screen';

/** A page whose first-screen block holds `text` (or that has no block). */
const pageWith = (text?: string, leftOut?: string) =>
  ({
    getElementById: (id: string) =>
      id === 'first-screen' && text !== undefined
        ? { textContent: text, hasAttribute: (name: string) => name === 'data-left-out' && leftOut !== undefined }
        : null,
  }) as unknown as Document;

afterEach(resetFirstScreen);

describe('first-screen data', () => {
  it('reads the inlined answers once', () => {
    expect(readFirstScreen(pageWith('{"banners":[{"id":"b1"}]}'))).toEqual({ banners: [{ id: 'b1' }] });
    // Read once per page load: a later document is not consulted.
    expect(readFirstScreen(pageWith('{}'))).toEqual({ banners: [{ id: 'b1' }] });
    expect(firstScreenIsWhole(pageWith('{"banners":[{"id":"b1"}]}'))).toBe(true);
  });

  it('tells a first screen with answers left out (a big menu) from a whole one', () => {
    const page = pageWith('{"shopSettings":null}', 'menuItems:wine');
    expect(readFirstScreen(page)).toEqual({ shopSettings: null });
    expect(firstScreenIsWhole(page)).toBe(false);
  });

  it('treats a missing, broken or non-object block as no data', () => {
    for (const text of [undefined, '', '{"banners":', '[1,2]', 'null']) {
      resetFirstScreen();
      expect(readFirstScreen(pageWith(text)), String(text)).toEqual({});
      expect(firstScreenIsWhole(pageWith(text))).toBe(false);
    }
  });

  it('gives a query its initial data only when every key it needs was inlined, shaped by toData, once', () => {
    readFirstScreen(pageWith('{"categories":[{"id":"c"}],"tags":[{"id":"t"}],"item:gone":null,"events":[]}'));
    expect(firstScreenData(['categories', 'banners'], () => 'never').initialData()).toBeUndefined();
    const both = firstScreenData(['categories', 'tags'], ([categories, tags]) => ({ categories, tags }));
    expect(both.initialData()).toEqual({ categories: [{ id: 'c' }], tags: [{ id: 't' }] });
    // Served once: the same query made again later fetches.
    expect(both.initialData()).toBeUndefined();
    // An inlined null is an answer (no such item), not a missing one.
    expect(firstScreenData(['item:gone'], ([item]) => item ?? 'none').initialData()).toBe('none');
    // Data that does not have the expected shape is left to the fetch.
    expect(firstScreenData(['events'], ([events]) => (events as string).toUpperCase()).initialData()).toBeUndefined();
  });

  it('dates the answers from when the page was requested, not from when a hook reads them', () => {
    const { initialDataUpdatedAt } = firstScreenData(['banners'], () => []);
    expect(initialDataUpdatedAt).toBeLessThan(Date.now() - 5);
    expect(initialDataUpdatedAt).toBeGreaterThan(Date.now() - 10 * 60_000);
  });
});
