import { describe, expect, it } from 'vitest';
import { firstScreenKeys, firstScreenQueries, SEARCH_FIRST_SCREEN_ITEMS, sizeChoicesVariables } from './first-screen';

const keys = (pathname: string, search = '') => firstScreenQueries(pathname, new URLSearchParams(search)).map((query) => query.key);

describe('firstScreenQueries', () => {
  it('reads the route as shared/spa-routes.ts matches it, so every spelling of a page asks the same', () => {
    for (const path of ['/events', '/events/', '/EVENTS'])
      expect(keys(path), path).toEqual([firstScreenKeys.events, firstScreenKeys.shopSettings]);
    for (const path of ['/item/abc-1', '/item/abc-1/', '/Item/abc-1'])
      expect(keys(path), path).toEqual([
        firstScreenKeys.item('abc-1'),
        firstScreenKeys.sizeChoices('abc-1'),
        firstScreenKeys.categories,
        firstScreenKeys.tags,
        firstScreenKeys.shopSettings,
      ]);
    expect(keys('/Menu/', 'category=wine')[0]).toBe(firstScreenKeys.menuItems('wine'));
    expect(keys('/AboutUs')).toEqual([firstScreenKeys.shopSettings]);
    expect(keys('/home/')).toContain(firstScreenKeys.banners);
    // The id is the decoded parameter, as the page and its head read it.
    expect(firstScreenQueries('/item/abc%2D1', new URLSearchParams())[0]?.variables).toEqual({ id: 'abc-1' });
  });

  it('asks nothing for a path no route shows, an implausible id or a menu without a department', () => {
    for (const path of ['/nope', '/item/a/b', '/item/a.b', `/item/${'a'.repeat(65)}`, '/login', '/admin-items'])
      expect(keys(path), path).toEqual([]);
    expect(keys('/menu', 'category=beer')).toEqual([]);
  });

  it('asks for the whole catalogue on a search with words, and nothing on one without', () => {
    expect(keys('/search', 'q=red')).toEqual([
      firstScreenKeys.searchItems,
      firstScreenKeys.categories,
      firstScreenKeys.tags,
      firstScreenKeys.shopSettings,
    ]);
    for (const search of ['', 'q=', 'q=%20%20']) expect(keys('/search', search), search).toEqual([]);
    // At most what the page could inline: a bigger catalogue is found so, not read a page of 1,000.
    expect(firstScreenQueries('/search', new URLSearchParams('q=red'))[0]!.query).toContain(`limit: ${SEARCH_FIRST_SCREEN_ITEMS},`);
  });

  it("asks for an item's other sizes by its name once the item is known, and not without a size", () => {
    const sizes = firstScreenQueries('/item/abc-1', new URLSearchParams()).find(
      (query) => query.key === firstScreenKeys.sizeChoices('abc-1'),
    )!;
    expect(sizes.after?.key).toBe(firstScreenKeys.item('abc-1'));
    expect(sizes.after?.none).toEqual([]);
    expect(sizeChoicesVariables({ name: 'Tito Vodka', sizeMl: 750 })).toEqual({ filter: { name: { eq: 'Tito Vodka' } } });
    expect(sizeChoicesVariables({ name: 'Tito Vodka', sizeMl: null })).toBeNull();
    expect(sizeChoicesVariables(null)).toBeNull();
  });
});
