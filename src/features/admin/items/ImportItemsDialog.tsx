/**
 * Import CSV on /admin-items (decision 0257): a dialog in three steps. 1. Choose a file (or save the
 * template). 2. Say what the file is and where each column goes (guessed from its name). 3. Read
 * the check: each row's outcome and every problem (row, column, message); Import writes the rows
 * chunk by chunk, showing how far it got, and after a chunk that failed offers to retry the rest
 * (decision 0306). A stock file from the till (decisions 0296 and 0365), guessed when the file's
 * columns are a till export's (UPC and a count, maybe price, description and size), is read by
 * the till reader (shared/till-export.ts): the columns it recognised and the lines it skipped show
 * before the check; it updates the stock and price of known items only, lists the UPCs not found,
 * and leaves out (listing by the file's own line) the rows it cannot read.
 */
import { useId, useRef, useState } from 'react';
import { Modal } from '../../../components/ui/Modal';
import { saveTextFile } from '../../../lib/save-file';
import { IMPORT_FIELDS, type ImportField } from '../../../../shared/item-import';
import { skippedSummary } from '../../../../shared/till-export';
import { IMPORT_TEMPLATE_FILE_NAME, importTemplateCsv, targetFromKey, targetKey, type CsvTable, type ColumnTarget } from './items-csv';
import type { TagGroup } from './tag-groups';
import { importSummary, progressText, useItemImport, type ImportProgress, type ReviewRow } from './use-item-import';
import { ImportModeChoice, StockFileMapping } from './StockFileMapping';
import { ImportColumns } from './ImportColumns';
import { useTagGroups, type ItemImportReport } from './api';

/** Rows and problems listed at most (the counts above them cover the rest). */
const SHOWN_ROWS = 200;

const OUTCOME_LABEL: Record<string, string> = {
  create: 'New item',
  update: 'Update',
  unchanged: 'No change',
  error: 'Problem',
  unknown: 'UPC not found',
};
const STOCK_OUTCOME_LABEL: Record<string, string> = { ...OUTCOME_LABEL, update: 'Stock updated', error: 'Left out' };

export interface ImportItemsDialogProps {
  groups: readonly TagGroup[];
  onClose: () => void;
}

export function ImportItemsDialog({ groups, onClose }: ImportItemsDialogProps) {
  const flow = useItemImport(groups, onClose);
  const fileRef = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const { step, busy, error, report } = flow;
  const title = step === 'file' ? 'Import items from CSV' : step === 'map' ? 'Match the columns' : 'Check the import';
  const problemCount = report?.problems.length ?? 0;
  const updateCount = report?.outcomes.filter((outcome) => outcome === 'update').length ?? 0;

  return (
    <Modal
      title={title}
      onEscape={busy ? undefined : onClose}
      initialFocusRef={step === 'file' ? fileRef : undefined}
      className="admin-modal admin-modal--wide item-import"
    >
      {step === 'file' ? (
        <div className="item-import__file">
          <p>
            One row per item. A row whose UPC an item has updates that item; any other row adds a new item, which needs a name, a price and
            a department tag. A photo (the Image URL of one already on the site, as Export CSV writes it) and a description can be added
            later: the Needs photo and Needs description filters find those items. You match the columns next; the template has them all.
          </p>
          <p>
            <strong>Stock from the till:</strong> the till&rsquo;s own export (a UPC and a count column such as Qty On Hand or QOH, maybe a
            price; other columns are ignored) updates the stock and price of the items with those UPCs and nothing else, and lists the UPCs
            it did not find and the lines it could not read.
          </p>
          <p>
            Size, ABV, Vintage and Quantity are read as tills write them (750ML, 1.75 LTR, 3L BOX, 4/250ML); a quantity is recorded as
            counted now, and a negative one as 0.
          </p>
          <label htmlFor={fileId}>CSV file</label>
          <input
            ref={fileRef}
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            className="admin-input"
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void flow.chooseFile(file);
              event.target.value = '';
            }}
          />
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => saveTextFile(IMPORT_TEMPLATE_FILE_NAME, importTemplateCsv(groups), 'text/csv;charset=utf-8')}
          >
            Download template
          </button>
        </div>
      ) : null}
      {step === 'map' && flow.table ? (
        <>
          <ImportModeChoice mode={flow.mode} onChange={flow.setMode} />
          {flow.stockOnly && flow.till ? (
            <StockFileMapping till={flow.till} onChange={flow.setTillColumn} />
          ) : (
            <ColumnMapping table={flow.table} targets={flow.targets} groups={groups} onChange={flow.setTarget} />
          )}
        </>
      ) : null}
      {step === 'review' && report ? (
        <ImportReview
          report={report}
          rows={flow.rows}
          stockOnly={flow.checkedAsStock}
          skipped={flow.checkedAsStock ? skippedSummary(flow.till?.skipped ?? []) : ''}
        />
      ) : null}
      {flow.progress ? <ImportProgressBar progress={flow.progress} /> : null}

      <div className="admin-modal__actions">
        <p className="admin-form-error" role="alert">
          {error}
        </p>
        {step !== 'file' ? (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => flow.setStep(step === 'review' ? 'map' : 'file')}
            disabled={busy}
          >
            Back
          </button>
        ) : null}
        <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
          {report?.applied ? 'Close' : 'Cancel'}
        </button>
        {step === 'map' ? (
          <button type="button" className="button" onClick={() => void flow.check()} disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Checking...' : `Check ${flow.rowCount.toLocaleString('en-US')} rows`}
          </button>
        ) : null}
        {step === 'review' && flow.canRetry ? (
          <button type="button" className="button" onClick={() => void flow.apply()} disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Importing...' : 'Retry the rest'}
          </button>
        ) : null}
        {step === 'review' && !report?.applied && !flow.canRetry ? (
          <button
            type="button"
            className="button"
            onClick={() => void flow.apply()}
            disabled={busy || (flow.checkedAsStock ? updateCount === 0 : problemCount > 0)}
            aria-busy={busy || undefined}
          >
            {busy
              ? 'Importing...'
              : flow.checkedAsStock
                ? `Update the stock of ${updateCount.toLocaleString('en-US')} ${updateCount === 1 ? 'item' : 'items'}`
                : `Import ${flow.rows.length.toLocaleString('en-US')} rows`}
          </button>
        ) : null}
      </div>
    </Modal>
  );
}

function ColumnMapping({
  table,
  targets,
  groups,
  onChange,
}: {
  table: CsvTable;
  targets: readonly ColumnTarget[];
  groups: readonly TagGroup[];
  onChange: (column: number, target: ColumnTarget) => void;
}) {
  const used = new Set(targets.map(targetKey));
  return (
    <div className="item-import__mapping">
      <p>
        {table.records.length.toLocaleString('en-US')} rows. Choose where each column of the file goes; a column set to “Leave out” is not
        imported, and an item keeps what it has there.
      </p>
      <ImportColumns
        headers={table.headers}
        samples={table.headers.map((_, column) => table.records.find((record) => record[column]?.trim())?.[column] ?? '')}
        values={targets.map(targetKey)}
        onChange={(column, value) => onChange(column, targetFromKey(value))}
        options={(current) => (
          <>
            <option value="">Leave out</option>
            <optgroup label="Item">
              {(Object.keys(IMPORT_FIELDS) as ImportField[]).map((field) => {
                const key = targetKey({ field });
                return (
                  <option key={key} value={key} disabled={used.has(key) && key !== current}>
                    {IMPORT_FIELDS[field]}
                  </option>
                );
              })}
            </optgroup>
            <optgroup label="Tags of a category">
              {groups.map((group) => {
                const key = targetKey({ categoryId: group.id });
                return (
                  <option key={key} value={key} disabled={used.has(key) && key !== current}>
                    {group.name}
                  </option>
                );
              })}
            </optgroup>
          </>
        )}
      />
    </div>
  );
}

/** How far the check or the import has got: a bar and the same in words, announced as it moves. */
function ImportProgressBar({ progress }: { progress: ImportProgress }) {
  const labelId = useId();
  const text = progressText(progress);
  return (
    <div className="item-import__progress">
      <p id={labelId} role="status">
        {text}
      </p>
      <progress aria-labelledby={labelId} max={progress.total} value={progress.done} />
    </div>
  );
}

/** Problems (or warnings) by row and column, the first SHOWN_ROWS of them; nothing when there are none. */
function ProblemTable({
  title,
  column,
  problems,
  rowLabel,
}: {
  title: string;
  column: string;
  problems: ItemImportReport['problems'];
  /** "Row", or for a stock file "Line": the file's own line (decision 0365). */
  rowLabel: string;
}) {
  const headingId = useId();
  if (!problems.length) return null;
  return (
    <>
      <h3 id={headingId} className="item-import__heading">
        {title}
      </h3>
      <div className="item-import__table-wrap">
        <table className="item-import__table" aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">{rowLabel}</th>
              <th scope="col">Column</th>
              <th scope="col">{column}</th>
            </tr>
          </thead>
          <tbody>
            {problems.slice(0, SHOWN_ROWS).map((problem, index) => (
              <tr key={index}>
                <td>{problem.row}</td>
                <td>{problem.field}</td>
                <td>{problem.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {problems.length > SHOWN_ROWS ? <p>…and {(problems.length - SHOWN_ROWS).toLocaleString('en-US')} more.</p> : null}
    </>
  );
}

/** A stock file's UPCs that no item has (decision 0296), all of them, to check in the till. */
function UnknownUpcs({ upcs }: { upcs: readonly string[] }) {
  const headingId = useId();
  if (!upcs.length) return null;
  return (
    <>
      <h3 id={headingId} className="item-import__heading">
        UPCs not found ({upcs.length.toLocaleString('en-US')}): no item has them, so nothing was changed for them
      </h3>
      <ul className="item-import__upcs" aria-labelledby={headingId}>
        {upcs.slice(0, SHOWN_ROWS).map((upc) => (
          <li key={upc}>{upc}</li>
        ))}
      </ul>
      {upcs.length > SHOWN_ROWS ? <p>…and {(upcs.length - SHOWN_ROWS).toLocaleString('en-US')} more.</p> : null}
    </>
  );
}

function ImportReview({
  report,
  rows,
  stockOnly,
  skipped,
}: {
  report: ItemImportReport;
  rows: readonly ReviewRow[];
  stockOnly: boolean;
  /** A stock file's lines skipped, in words (blank lines, totals). */
  skipped: string;
}) {
  const problems = report.problems;
  const listId = useId();
  const summary = importSummary(report, stockOnly);
  const labels = stockOnly ? STOCK_OUTCOME_LABEL : OUTCOME_LABEL;
  const rowLabel = stockOnly ? 'Line' : 'Row';
  // A stock file's names are the till's, shown when it has them: they make the list readable.
  const named = !stockOnly || rows.some((row) => row.name);
  return (
    <div className="item-import__review">
      <p role="status" className="item-import__summary">
        {report.applied
          ? `Imported: ${summary}.`
          : problems.length && !stockOnly
            ? `${problems.length.toLocaleString('en-US')} ${problems.length === 1 ? 'problem' : 'problems'} to fix in the file; nothing is imported until every row is right.`
            : `Ready: ${summary}.`}
      </p>
      {skipped ? <p>{skipped}</p> : null}
      {stockOnly ? <UnknownUpcs upcs={report.unknownUpcs} /> : null}
      <ProblemTable
        title={stockOnly ? 'Rows left out (their items keep what they had)' : 'Problems'}
        column={stockOnly ? 'Why' : 'Problem'}
        problems={problems}
        rowLabel={rowLabel}
      />
      <ProblemTable
        title="Imported otherwise than the file says"
        column="What is imported"
        problems={report.warnings}
        rowLabel={rowLabel}
      />
      <h3 id={listId} className="item-import__heading">
        Rows
      </h3>
      <div className="item-import__table-wrap">
        <table className="item-import__table" aria-labelledby={listId}>
          <thead>
            <tr>
              <th scope="col">{rowLabel}</th>
              {named ? <th scope="col">Name</th> : null}
              <th scope="col">UPC</th>
              {stockOnly ? <th scope="col">Count</th> : null}
              <th scope="col">Outcome</th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, SHOWN_ROWS).map((row, index) => (
              <tr key={row.row} className={report.outcomes[index] === 'error' ? 'item-import__row--problem' : undefined}>
                <td>{row.row}</td>
                {named ? <td className={stockOnly ? 'item-import__name' : undefined}>{row.name ?? ''}</td> : null}
                <td className="item-import__upc">{row.upc ?? ''}</td>
                {stockOnly ? <td>{row.quantity ?? ''}</td> : null}
                <td className="item-import__outcome">{labels[report.outcomes[index] ?? ''] ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length > SHOWN_ROWS ? <p>…and {(rows.length - SHOWN_ROWS).toLocaleString('en-US')} more rows.</p> : null}
    </div>
  );
}

/** The page header's Import CSV button and its dialog (offered once the categories are in). */
export function ImportItemsButton() {
  const [open, setOpen] = useState(false);
  const groups = useTagGroups();
  return (
    <>
      <button type="button" className="button button--ghost" onClick={() => setOpen(true)} disabled={!groups.data}>
        Import CSV
      </button>
      {open && groups.data ? <ImportItemsDialog groups={groups.data} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
