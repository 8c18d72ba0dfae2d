/**
 * The import dialog's second step for a stock file from the till (decisions 0296 and 0365): what
 * the file is (items, or a stock file), and for a stock file what the till reader recognised:
 * each column as it is read (UPC, count, price; a name, description and size for the report
 * only; any other ignored), changeable, and the lines it skips (blank lines, totals).
 */
import { useId } from 'react';
import { missingTillColumns, skippedSummary, TILL_COLUMNS, type TillColumn, type TillExport } from '../../../../shared/till-export';
import type { ImportMode } from './use-item-import';
import { ImportColumns } from './ImportColumns';

/** What each column of a stock file is read as, in the dialog's words. */
const TILL_COLUMN_LABEL: Record<TillColumn, string> = {
  upc: 'UPC',
  quantity: 'Count (units in stock)',
  price: 'Price',
  name: 'Name (for the report)',
  description: 'Description (for the report)',
  size: 'Size (compared with the item’s)',
};

/** Items or a stock file: guessed from the columns, staff's to change. */
export function ImportModeChoice({ mode, onChange }: { mode: ImportMode; onChange: (mode: ImportMode) => void }) {
  const name = useId();
  return (
    <fieldset className="item-import__mode">
      <legend>The file is</legend>
      <label>
        <input type="radio" name={name} checked={mode === 'items'} onChange={() => onChange('items')} /> Items: each row adds or changes an
        item
      </label>
      <label>
        <input type="radio" name={name} checked={mode === 'stock'} onChange={() => onChange('stock')} /> Stock from the till: counts and
        prices of the items the shop has
      </label>
    </fieldset>
  );
}

export function StockFileMapping({ till, onChange }: { till: TillExport; onChange: (column: number, role: TillColumn | null) => void }) {
  const headingId = useId();
  const missing = missingTillColumns(till.columns);
  const skipped = skippedSummary(till.skipped);
  return (
    <div className="item-import__mapping">
      <p className="item-import__stock-note" role="note">
        <strong>A stock file from the till.</strong> It updates the units in stock (counted now) and, where the file gives one, the price of
        the items with these UPCs. Nothing else changes and no item is added: UPCs no item has are listed, and rows that cannot be read are
        left out and listed.
      </p>
      <p>
        {till.rows.length.toLocaleString('en-US')} {till.rows.length === 1 ? 'row' : 'rows'} from the till.{skipped ? ` ${skipped}` : ''}
      </p>
      <h3 id={headingId} className="item-import__heading">
        Columns recognised
      </h3>
      <ImportColumns
        headers={till.headers}
        samples={till.samples}
        values={till.columns.map((role) => role ?? '')}
        onChange={(column, value) => onChange(column, (value || null) as TillColumn | null)}
        labelledBy={headingId}
        options={(current) => (
          <>
            <option value="">Ignored</option>
            {TILL_COLUMNS.map((role) => (
              <option key={role} value={role} disabled={role !== current && till.columns.includes(role)}>
                {TILL_COLUMN_LABEL[role]}
              </option>
            ))}
          </>
        )}
      />
      {missing.length ? (
        <ul className="item-import__missing">
          {missing.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
