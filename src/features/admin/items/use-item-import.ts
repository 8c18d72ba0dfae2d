/**
 * The steps of a CSV import (decision 0257): choose a file (read in the browser with Papa Parse),
 * map its columns, check it (the server's dry run lists each row's outcome and problems), then
 * import it (the server writes every row or none). A failure is kept as `error`, shown in the
 * dialog, since the page's toasts are inert behind it.
 */
import { useState } from 'react';
import { MAX_IMPORT_ROWS, type ItemImportRow } from '../../../../shared/item-import';
import { SessionEndedError } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { userFacingMessage } from '../common/graphql-errors';
import { importItems, type ItemImportReport } from './api';
import { CsvReadError, guessColumnTargets, importRows, isStockMapping, readCsv, type ColumnTarget, type CsvTable } from './items-csv';
import type { TagGroup } from './tag-groups';

export type ImportStep = 'file' | 'map' | 'review';

/** The largest file read (an admin's request to the local server may be 8 MB). */
export const MAX_IMPORT_FILE_BYTES = 8 * 1024 * 1024;

export const IMPORT_UI_MESSAGES = {
  tooLarge: 'The file is over 8 MB; split it into smaller files',
  tooManyRows: `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows; split it into smaller files`,
  noRows: 'The file has a header but no rows',
  nothingMapped: 'Choose where at least one column goes',
  unreadable: 'The file could not be read as CSV',
  checkFailed: 'The file could not be checked. Please try again.',
  importFailed: 'Nothing was imported. Please try again.',
} as const;

const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

/**
 * "3 items created, 2 updated, 0 unchanged" from a report's outcomes; for a stock file (decision
 * 0296) "180 items updated, 12 UPCs not found, 3 rows left out".
 */
export function importSummary(report: Pick<ItemImportReport, 'outcomes' | 'unknownUpcs'>, stockOnly = false): string {
  const tally = (outcome: string) => report.outcomes.filter((value) => value === outcome).length;
  if (stockOnly) {
    return `${count(tally('update'), 'item')} updated, ${count(report.unknownUpcs.length, 'UPC')} not found, ${count(tally('error'), 'row')} left out`;
  }
  return `${count(tally('create'), 'item')} created, ${tally('update').toLocaleString('en-US')} updated, ${tally('unchanged').toLocaleString('en-US')} unchanged`;
}

export function useItemImport(groups: readonly TagGroup[], onImported: () => void) {
  const [step, setStep] = useState<ImportStep>('file');
  const [table, setTable] = useState<CsvTable | null>(null);
  const [targets, setTargets] = useState<ColumnTarget[]>([]);
  const [rows, setRows] = useState<ItemImportRow[]>([]);
  const [report, setReport] = useState<ItemImportReport | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  /** The mapping makes a stock file from the till (decision 0296); the check and the import send it as one. */
  const stockOnly = isStockMapping(targets);
  const [checkedAsStock, setCheckedAsStock] = useState(false);

  const chooseFile = async (file: File) => {
    setError('');
    if (file.size > MAX_IMPORT_FILE_BYTES) return setError(IMPORT_UI_MESSAGES.tooLarge);
    try {
      const read = readCsv(await file.text());
      if (read.records.length === 0) return setError(IMPORT_UI_MESSAGES.noRows);
      if (read.records.length > MAX_IMPORT_ROWS) return setError(IMPORT_UI_MESSAGES.tooManyRows);
      setTable(read);
      setTargets(guessColumnTargets(read.headers, groups));
      setStep('map');
    } catch (reason) {
      setError(reason instanceof CsvReadError ? reason.message : IMPORT_UI_MESSAGES.unreadable);
    }
  };

  /** Runs one call; keeps its failure as the dialog's error. */
  const call = async (apply: boolean, sent: ItemImportRow[], failure: string) => {
    setBusy(true);
    setError('');
    try {
      return await importItems(sent, apply, apply ? checkedAsStock : stockOnly);
    } catch (reason) {
      if (!(reason instanceof SessionEndedError)) setError(userFacingMessage(reason, failure));
      return null;
    } finally {
      setBusy(false);
    }
  };

  const check = async () => {
    if (!table) return;
    if (targets.every((target) => target === null)) return setError(IMPORT_UI_MESSAGES.nothingMapped);
    const sent = importRows(table, targets);
    const checked = await call(false, sent, IMPORT_UI_MESSAGES.checkFailed);
    if (!checked) return;
    setRows(sent);
    setCheckedAsStock(stockOnly);
    setReport(checked);
    setStep('review');
  };

  const apply = async () => {
    const done = await call(true, rows, IMPORT_UI_MESSAGES.importFailed);
    if (!done) return;
    setReport(done);
    if (done.applied) {
      notify.success(`Import done: ${importSummary(done, checkedAsStock)}`);
      // A stock file's result stays open: the UPCs not found and the rows left out are to be read (decision 0296).
      if (!checkedAsStock) onImported();
    } else if (done.failure) {
      // The cloud writes in batches: say what landed and why the rest did not.
      setError(`${count(done.appliedRows.length, 'row')} imported; the rest were not: ${done.failure}`);
    }
  };

  const setTarget = (column: number, target: ColumnTarget) =>
    setTargets((current) => current.map((value, index) => (index === column ? target : value)));

  return { step, setStep, table, targets, setTarget, stockOnly, checkedAsStock, report, rows, busy, error, chooseFile, check, apply };
}
