import { describe, expect, it } from 'vitest';
import { descriptionsToSave, imagesToSave, moveEntry, type BannerEntry } from './banner-list';

describe('moveEntry', () => {
  it('moves an entry up or down by one', () => {
    expect(moveEntry(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveEntry(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });
  it('does nothing at either end', () => {
    expect(moveEntry(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveEntry(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});

describe('imagesToSave', () => {
  const file = {} as File;
  const entries: BannerEntry[] = [
    { key: 'k1', kind: 'saved', id: 'b1', img: '/media/1.png', description: ' Wine tasting ' },
    { key: 'k2', kind: 'new', file, name: 'new.png', description: '' },
    { key: 'k3', kind: 'saved', id: 'b3', img: '/media/3.png', description: '   ' },
  ];
  it('keeps saved and new banners in list order', () => {
    expect(imagesToSave(entries, new Map([['k2', '/media/2.png']]))).toEqual(['/media/1.png', '/media/2.png', '/media/3.png']);
  });
  it('is null while a new file has no stored URL', () => {
    expect(imagesToSave(entries, new Map())).toBeNull();
  });
  it('is empty for an empty list', () => {
    expect(imagesToSave([], new Map())).toEqual([]);
  });
});

describe('descriptionsToSave', () => {
  it('gives one trimmed description per entry, in list order', () => {
    const entries: BannerEntry[] = [
      { key: 'k1', kind: 'saved', id: 'b1', img: '/media/1.png', description: ' Wine tasting ' },
      { key: 'k2', kind: 'new', file: {} as File, name: 'new.png', description: '' },
    ];
    expect(descriptionsToSave(entries)).toEqual(['Wine tasting', '']);
  });
});
