/**
 * A file's columns in the import dialog's mapping step (decisions 0257 and 0365): each column's
 * name, a sample of its values, and a select of where it goes. The item mapping and a stock file's
 * columns recognised both list their columns with it, each with its own options.
 */
import { useId, type ReactNode } from 'react';

export function ImportColumns({
  headers,
  samples,
  values,
  onChange,
  options,
  labelledBy,
}: {
  headers: readonly string[];
  /** Each column's first value ('' when it has none). */
  samples: readonly string[];
  /** Each column's select value ('' for none). */
  values: readonly string[];
  onChange: (column: number, value: string) => void;
  /** The options of a column's select, given its current value. */
  options: (value: string) => ReactNode;
  /** The heading that names the list, if any. */
  labelledBy?: string;
}) {
  const idPrefix = useId();
  return (
    <ul className="item-import__columns" aria-labelledby={labelledBy}>
      {headers.map((header, column) => {
        const sample = samples[column] ?? '';
        const value = values[column] ?? '';
        return (
          <li key={column} className="item-import__column">
            <label htmlFor={`${idPrefix}-${column}`}>
              <span className="item-import__header">{header || `Column ${column + 1}`}</span>
              <span className="item-import__sample">{sample ? `e.g. ${sample.slice(0, 60)}` : 'empty'}</span>
            </label>
            <select
              id={`${idPrefix}-${column}`}
              className="admin-input"
              value={value}
              onChange={(event) => onChange(column, event.target.value)}
            >
              {options(value)}
            </select>
          </li>
        );
      })}
    </ul>
  );
}
