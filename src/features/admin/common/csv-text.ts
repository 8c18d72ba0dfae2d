/**
 * The admin portal's CSV files (decisions 0256, 0352), written one way: with Papa Parse, every field
 * quoted, CRLF line ends and a UTF-8 byte order mark, so a spreadsheet opens accents and line
 * breaks as they are; a field a spreadsheet would run as a formula escaped with an apostrophe.
 */
import Papa from 'papaparse';

const BOM = '\uFEFF';

/**
 * A field the export escapes with a leading apostrophe: a formula's first character, after any
 * apostrophes. Papa Parse's own rule (`escapeFormulae: true`, /^[=+\-@\t\r].*$/) misses a field
 * with a line break after its first line ("=HYPERLINK(...)\nx"), and would make an import strip
 * the apostrophe of a field that was written "'=1" (the items import's FORMULA_ESCAPED).
 */
export const NEEDS_FORMULA_ESCAPE = /^'*[=+\-@\t\r]/;

/** The CSV text of a header and its rows. */
export const csvText = (fields: readonly string[], data: readonly (readonly string[])[]) =>
  BOM +
  Papa.unparse(
    { fields: [...fields], data: data.map((row) => [...row]) },
    { quotes: true, newline: '\r\n', escapeFormulae: NEEDS_FORMULA_ESCAPE },
  );
