import { useId } from 'react';
import type { PickupDay } from '../../../shared/pickup-slots';

/**
 * The pickup time as a day and a time of it (New York), from the slots the server offers
 * (shared/pickup-slots.ts): the reserve form's and the change dialog's (decision 0372). Choosing
 * a day chooses its first time. `slotStart` not among them (passed) shows the first day's first.
 */
export function PickupSlotPicker({
  days,
  slotStart,
  onChange,
  legend = 'Pickup time (New York time)',
}: {
  days: readonly PickupDay[];
  slotStart: string;
  onChange: (slotStart: string) => void;
  legend?: string;
}) {
  const ids = { day: useId(), time: useId() };
  const chosenDay = days.find((day) => day.slots.some((slot) => slot.start === slotStart)) ?? days[0];
  const chosenSlot = chosenDay?.slots.find((slot) => slot.start === slotStart) ?? chosenDay?.slots[0];
  return (
    <fieldset className="pickup-form__slot">
      <legend>{legend}</legend>
      <div className="pickup-form__row">
        <div className="pickup-form__field">
          <label htmlFor={ids.day}>Day</label>
          <select
            id={ids.day}
            value={chosenDay?.date ?? ''}
            onChange={(event) => onChange(days.find((day) => day.date === event.target.value)?.slots[0]?.start ?? '')}
          >
            {days.map((entry) => (
              <option key={entry.date} value={entry.date}>
                {entry.label}
              </option>
            ))}
          </select>
        </div>
        <div className="pickup-form__field">
          <label htmlFor={ids.time}>Time</label>
          <select id={ids.time} value={chosenSlot?.start ?? ''} onChange={(event) => onChange(event.target.value)}>
            {chosenDay?.slots.map((slot) => (
              <option key={slot.start} value={slot.start}>
                {slot.label}
              </option>
            ))}
          </select>
        </div>
      </div>
    </fieldset>
  );
}

/** The slot `slotStart` names among `days`, else the first offered (what the picker shows). */
export const chosenSlotOf = (days: readonly PickupDay[], slotStart: string) =>
  days.flatMap((day) => day.slots).find((slot) => slot.start === slotStart) ?? days[0]?.slots[0];
