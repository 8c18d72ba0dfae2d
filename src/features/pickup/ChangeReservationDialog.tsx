import { useId, useMemo, useState, type FormEvent } from 'react';
import { PICKUP_MESSAGES } from '../../../shared/pickup-messages';
import { PICKUP_HORIZON_DAYS, pickupSlots } from '../../../shared/pickup-slots';
import { formatReservationNumber, reservationLinesProblem } from '../../../shared/reservation-limits';
import { Modal } from '../../components/ui/Modal';
import { useNow } from '../../lib/shop-settings';
import type { PickupShopSettings } from './pickup-list-api';
import { chosenSlotOf, PickupSlotPicker } from './PickupSlotPicker';
import { changeReservation, type Reservation } from './reservations-api';

/**
 * "Change" on a Requested reservation (decision 0372): a modal dialog (components/ui/Modal keeps
 * the focus inside it) with each line's quantity, Remove per line, and another pickup time from
 * the reserve form's picker. The form checks the limits as the server will (shared/), and shows
 * the server's refusal ("Only 2 of Merlot left") as it comes; nothing changes until the server
 * has changed it all.
 */
interface ChangeProps {
  reservation: Reservation;
  /** The shop's hours and limits, loaded before the dialog opens so its first field takes the focus. */
  settings: PickupShopSettings;
  onClose: () => void;
  onChanged: (reservation: Reservation) => void;
}

export function ChangeReservationDialog(props: ChangeProps) {
  return (
    <Modal
      title={`Change reservation ${formatReservationNumber(props.reservation.number)}`}
      onEscape={props.onClose}
      className="pickup-dialog"
    >
      <ChangeForm {...props} />
    </Modal>
  );
}

function ChangeForm({ reservation, settings, onClose, onChanged }: ChangeProps) {
  const now = useNow();
  const ids = { lines: useId(), moving: useId() };
  const preparationMinutes = settings.limits.preparationMinutes;
  const days = useMemo(() => pickupSlots(settings, now, { preparationMinutes }), [settings, now, preparationMinutes]);
  // Quantities as typed (text, so a cleared box stays cleared while typing); a removed line is absent.
  const [quantities, setQuantities] = useState<Record<string, string>>(() =>
    Object.fromEntries(reservation.lines.map((line) => [line.itemId, String(line.quantity)])),
  );
  const [moving, setMoving] = useState(false);
  const [slotStart, setSlotStart] = useState(reservation.slotStart);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const kept = reservation.lines.filter((line) => line.itemId in quantities);

  const remove = (itemId: string) => setQuantities((old) => Object.fromEntries(Object.entries(old).filter(([id]) => id !== itemId)));
  const restore = (itemId: string, quantity: number) => setQuantities((old) => ({ ...old, [itemId]: String(quantity) }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!kept.length) return setProblem(PICKUP_MESSAGES.changeNoLines);
    const lines = kept.map((line) => ({ itemId: line.itemId, quantity: Number(quantities[line.itemId]) }));
    const local = reservationLinesProblem(lines, settings.limits);
    if (local) return setProblem(local);
    const slot = moving ? chosenSlotOf(days, slotStart)?.start : reservation.slotStart;
    if (!slot) return setProblem(PICKUP_MESSAGES.slotUnavailable);
    setBusy(true);
    setProblem(null);
    try {
      const outcome = await changeReservation({ id: reservation.id, lines, slotStart: slot });
      if (outcome.ok) onChanged(outcome.data);
      else setProblem(outcome.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="pickup-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <fieldset>
        <legend>Bottles</legend>
        <ul className="change-lines">
          {reservation.lines.map((line) =>
            line.itemId in quantities ? (
              <li key={line.itemId} className="change-line">
                <div className="pickup-form__field">
                  <label htmlFor={`${ids.lines}-${line.itemId}`}>Quantity of {line.name}</label>
                  <input
                    id={`${ids.lines}-${line.itemId}`}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={settings.limits.maxPerItem}
                    step={1}
                    value={quantities[line.itemId]}
                    onChange={(event) => setQuantities((old) => ({ ...old, [line.itemId]: event.target.value }))}
                  />
                </div>
                <button type="button" className="button button--ghost" onClick={() => remove(line.itemId)}>
                  Remove<span className="visually-hidden"> {line.name}</span>
                </button>
              </li>
            ) : (
              <li key={line.itemId} className="change-line change-line--removed">
                <span>{line.name}: removed</span>
                <button type="button" className="button button--ghost" onClick={() => restore(line.itemId, line.quantity)}>
                  Undo<span className="visually-hidden"> removing {line.name}</span>
                </button>
              </li>
            ),
          )}
        </ul>
      </fieldset>
      <p className="pickup-form__hint">Pickup now: {reservation.slotLabel}</p>
      <div className="pickup-form__check">
        <input id={ids.moving} type="checkbox" checked={moving} onChange={(event) => setMoving(event.target.checked)} />
        <label htmlFor={ids.moving}>Choose another pickup time</label>
      </div>
      {moving ? (
        days.length ? (
          <PickupSlotPicker
            days={days}
            slotStart={chosenSlotOf(days, slotStart)?.start ?? ''}
            onChange={setSlotStart}
            legend="New pickup time (New York time)"
          />
        ) : (
          <p role="status">{PICKUP_MESSAGES.noSlots(PICKUP_HORIZON_DAYS)}</p>
        )
      ) : null}
      {problem ? (
        <div role="alert" className="pickup-form__refusal">
          <p>{problem}</p>
        </div>
      ) : null}
      <div className="pickup-form__actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Saving…' : 'Save changes'}
        </button>
        <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
          Keep as it was
        </button>
      </div>
    </form>
  );
}
