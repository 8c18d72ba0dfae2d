import { describe, expect, it } from 'vitest';
import { departmentPicture } from './department-picture';

describe('departmentPicture', () => {
  it("is the item's first department's drawing, said for what it is", () => {
    expect(departmentPicture(['region-napa', 'wine'])).toEqual({ src: '/placeholders/wine.svg', shows: 'a drawing of a wine bottle' });
    expect(departmentPicture(['liquor', 'wine'])).toEqual({ src: '/placeholders/liquor.svg', shows: 'a drawing of a liquor bottle' });
    expect(departmentPicture(['extras'])).toEqual({ src: '/placeholders/extras.svg', shows: 'a drawing of a gift box' });
  });

  it("falls back to Extras' for an item without a department", () => {
    expect(departmentPicture(null).src).toBe('/placeholders/extras.svg');
    expect(departmentPicture([null, 'napa']).src).toBe('/placeholders/extras.svg');
  });
});
