/**
 * A file as the till reader sees it (shared/till-export.ts, decision 0365): read once when chosen,
 * its columns guessed by their names, and read again whenever staff say what a column is. The
 * import dialog shows the columns recognised and the lines skipped from it before the check.
 */
import { useMemo, useState } from 'react';
import { readTillExport, type TillColumn, type TillExport } from '../../../../shared/till-export';

export function useTillFile() {
  const [text, setText] = useState<string | null>(null);
  const [columns, setColumns] = useState<Array<TillColumn | null>>([]);
  // The text was read once already (load), so reading it again does not throw.
  const till = useMemo<TillExport | null>(() => (text === null ? null : readTillExport(text, columns)), [text, columns]);

  /** Reads a chosen file; throws CsvReadError when it is not a table. */
  const load = (fileText: string) => {
    const read = readTillExport(fileText);
    setColumns(read.columns);
    setText(fileText);
  };

  /** Says what a column is (null: ignored). */
  const setColumn = (index: number, column: TillColumn | null) =>
    setColumns((current) => current.map((value, at) => (at === index ? column : value)));

  return { till, load, setColumn };
}
