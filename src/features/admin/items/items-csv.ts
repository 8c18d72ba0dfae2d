/**
 * Items out as CSV (issue 19 §1): one row per item, its tags in a column per category (names,
 * separated by "; "), the image as a full URL. Written with Papa Parse: every field quoted, CRLF
 * line ends and a UTF-8 byte order mark, so a spreadsheet opens accents and line breaks as they
 * are; a field that a spreadsheet would run as a formula (=, +, -, @ first) is escaped with a
 * leading apostrophe. Pure; tested in items-csv.test.ts.
 */
import Papa from 'papaparse';
import type { AdminItem } from './item-rules';
import type { TagGroup } from './tag-groups';

export const ITEM_CSV_COLUMNS = ['Name', 'Price', 'UPC', 'Promoted', 'Description', 'Image URL'] as const;

/** Between two tags of one category in a cell. */
export const TAG_SEPARATOR = '; ';

const BOM = '\uFEFF';

export function itemsToCsv(items: readonly AdminItem[], groups: readonly TagGroup[], origin: string): string {
  const fields = [...ITEM_CSV_COLUMNS, ...groups.map((group) => group.name)];
  const data = items.map((item) => [
    item.name,
    item.price === null ? '' : item.price.toFixed(2),
    item.upc ?? '',
    item.promoted ? 'Yes' : 'No',
    item.description ?? '',
    item.img ? new URL(item.img, origin).href : '',
    ...groups.map((group) =>
      group.tags
        .filter((tag) => item.tags.includes(tag.id))
        .map((tag) => tag.name)
        .join(TAG_SEPARATOR),
    ),
  ]);
  return BOM + Papa.unparse({ fields, data }, { quotes: true, newline: '\r\n', escapeFormulae: true });
}

/** The export's file name: items-2026-11-24.csv (the shop's own date). */
export const itemsCsvFileName = (today: string) => `items-${today}.csv`;
