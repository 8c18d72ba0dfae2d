/**
 * One day's hours in the shop settings form: Closed, or open from and to, with the day's problem
 * beside it (a weekday, or a special date).
 */
import { useId } from 'react';
import type { DayForm } from './settings-form';

export interface HoursFieldsProps {
  day: DayForm;
  /** Names the controls for screen readers and tests: "Monday", "Special date 1". */
  legend: string;
  error: string | undefined;
  onChange: (day: DayForm) => void;
  /** What the hours become when the day is opened. */
  openDefaults: { open: string; close: string };
}

/** Closed, or open from and to: the controls of one day's hours. */
export function HoursFields({ day, legend, error, onChange, openDefaults }: HoursFieldsProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const invalid = error ? true : undefined;
  const described = error ? errorId : undefined;
  return (
    <>
      <div className="settings-hours">
        <label className="admin-check settings-hours__closed">
          <input
            type="checkbox"
            checked={day.closed}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? { ...day, closed: true }
                  : { ...day, closed: false, open: day.open || openDefaults.open, close: day.close || openDefaults.close },
              )
            }
          />
          Closed
        </label>
        {(['open', 'close'] as const).map((end) => (
          <label key={end} className="settings-hours__time" htmlFor={`${id}-${end}`}>
            <span>{end === 'open' ? 'Opens' : 'Closes'}</span>
            <input
              id={`${id}-${end}`}
              type="time"
              className="admin-input"
              value={day[end]}
              disabled={day.closed}
              aria-invalid={invalid}
              aria-describedby={described}
              aria-label={`${legend} ${end === 'open' ? 'opens' : 'closes'}`}
              onChange={(event) => onChange({ ...day, [end]: event.target.value })}
            />
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="settings-error">
          {error}
        </p>
      ) : null}
    </>
  );
}
