/**
 * What an item without a photo shows on the storefront (decision 0297). A module of its own, not
 * shared/catalogue.ts: only the menu's and the item page's lazy chunks import it, so the first
 * script does not carry it. Tested in department-picture.test.ts.
 */
import { isDepartment } from './catalogue';

/**
 * What an item without a photo shows (decision 0297): its department's drawing, served by the
 * site itself as `/placeholders/<department>.svg`, and what the drawing is, for its text
 * alternative. Its first department's (every item has one; product §5), else Extras'.
 */
export function departmentPicture(tags: readonly (string | null)[] | null | undefined): { src: string; shows: string } {
  const department = (tags ?? []).find(isDepartment) ?? 'extras';
  return {
    src: `/placeholders/${department}.svg`,
    shows: `a drawing of a ${department === 'extras' ? 'gift box' : `${department} bottle`}`,
  };
}
