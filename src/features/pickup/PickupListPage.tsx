import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { confirmEmailFirstMessage } from '../../../shared/messages';
import { pickupSlots, reservingStatus } from '../../../shared/pickup-slots';
import {
  customerNoteProblem,
  MAX_CUSTOMER_NOTE_LENGTH,
  MAX_PHONE_LENGTH,
  PAY_AT_PICKUP_TEXT,
  phoneProblem,
} from '../../../shared/reservation-limits';
import { itemPath, SPA_ROUTES } from '../../../shared/spa-routes';
import {
  bottles,
  EMPTY_PICKUP_LIST,
  mostToChoose,
  pickupListKey,
  usePickupList,
  usePickupSettings,
  useSetPickupLine,
  type PickupList,
  type PickupListLine,
  type PickupShopSettings,
} from './pickup-list-api';
import { Spinner } from '../../components/ui/Spinner';
import { usePageHead } from '../../hooks/use-page-head';
import { useSession } from '../../lib/auth';
import { formatPrice } from '../../lib/format';
import { useNow } from '../../lib/shop-settings';
import { toast } from '../../lib/signed-in-call';
import { CustomerOnly } from './CustomerOnly';
import { chosenSlotOf, PickupSlotPicker } from './PickupSlotPicker';
import { ReservationDetails } from './ReservationDetails';
import { reservationsKey, reserve, type Reservation } from './reservations-api';
import './pickup-pages.css';

// /reservations shares this chunk (src/app/router.tsx).
export { ReservationsPage } from './ReservationsPage';

/**
 * /pickup-list (product §11, decision 0318): the bottles on the list with their quantity (change,
 * remove) and any line the shelf cannot fill flagged with the server's reason; then the reserve
 * form (a pickup slot by New York day, a note, a phone) and, once reserved, the confirmation.
 */
export function PickupListPage() {
  usePageHead();
  const [reserved, setReserved] = useState<Reservation | null>(null);
  return (
    <div className="container pickup-page">
      <CustomerOnly path={SPA_ROUTES.pickupList}>
        {reserved ? <Confirmation reservation={reserved} /> : <PickupListView onReserved={setReserved} />}
      </CustomerOnly>
    </div>
  );
}

function Confirmation({ reservation }: { reservation: Reservation }) {
  return (
    <>
      <h1 className="pickup-page__title">Reserved for pickup</h1>
      <p role="status" className="pickup-page__lead">
        We hold these bottles for you. Show the number at the counter.
      </p>
      <section className="reservation reservation--confirmed" aria-label="Your reservation">
        <ReservationDetails reservation={reservation} />
      </section>
      <p className="pickup-page__links">
        <Link className="button" to={SPA_ROUTES.reservations}>
          Your reservations
        </Link>
        <Link className="button button--ghost" to={SPA_ROUTES.home}>
          Keep shopping
        </Link>
      </p>
    </>
  );
}

function PickupListView({ onReserved }: { onReserved: (reservation: Reservation) => void }) {
  const list = usePickupList();
  const settings = usePickupSettings();
  if (list.isError || settings.isError) {
    return (
      <>
        <h1 className="pickup-page__title">Your pickup list</h1>
        <p role="alert">{(list.error ?? settings.error)?.message}</p>
        <button type="button" className="button" onClick={() => void Promise.all([list.refetch(), settings.refetch()])}>
          Try again
        </button>
      </>
    );
  }
  if (!list.data || !settings.data) return <Spinner label="Loading your pickup list" />;
  return (
    <>
      <h1 className="pickup-page__title">Your pickup list</h1>
      {list.data.lines.length === 0 ? (
        <div className="pickup-empty">
          <p>Your pickup list is empty. Add bottles from an item's page or the menus, then reserve them here and pay at pickup.</p>
          <p className="pickup-page__links">
            <Link className="button" to="/menu?category=wine">
              Browse wine
            </Link>
            <Link className="button button--ghost" to={SPA_ROUTES.reservations}>
              Your reservations
            </Link>
          </p>
        </div>
      ) : (
        <>
          <Lines list={list.data} maxPerItem={settings.data.limits.maxPerItem} />
          <ReserveForm list={list.data} settings={settings.data} onReserved={onReserved} refetchList={() => void list.refetch()} />
        </>
      )}
    </>
  );
}

function Lines({ list, maxPerItem }: { list: PickupList; maxPerItem: number }) {
  return (
    <section className="pickup-section" aria-labelledby="pickup-lines">
      <h2 id="pickup-lines" className="pickup-section__title">
        {bottles(list.units)}
      </h2>
      <ul className="pickup-lines">
        {list.lines.map((line) => (
          <LineRow key={line.itemId} line={line} maxPerItem={maxPerItem} />
        ))}
      </ul>
      <p className="pickup-total">
        Total <strong>{formatPrice(list.total) || formatPrice(0)}</strong>
      </p>
    </section>
  );
}

function LineRow({ line, maxPerItem }: { line: PickupListLine; maxPerItem: number }) {
  const quantityId = useId();
  const problemId = useId();
  const setLine = useSetPickupLine();
  const name = line.name ?? 'An item no longer in the shop';
  // Up to what the shelf holds and the customer may still hold (decisions 0371, 0374); the quantity
  // asked stays choosable until it is lowered.
  const most = Math.max(mostToChoose(line.stock, maxPerItem, line.customerMost ?? null), line.outOfStock ? 0 : line.quantity);
  const change = async (quantity: number) => {
    const outcome = await setLine.mutateAsync({ itemId: line.itemId, quantity });
    if (!outcome.ok) toast('error', outcome.message);
    else if (quantity === 0) toast('success', `Removed ${name} from your pickup list`);
  };
  return (
    <li className={line.problem ? 'pickup-line pickup-line--problem' : 'pickup-line'}>
      <div className="pickup-line__main">
        {line.name ? (
          <Link className="pickup-line__name" to={itemPath(line.itemId)}>
            {line.name}
          </Link>
        ) : (
          <span className="pickup-line__name">{name}</span>
        )}
        <span className="pickup-line__price">
          {line.price === null || line.price === undefined ? 'Ask in store' : `${formatPrice(line.price)} each`}
        </span>
      </div>
      {line.problem ? (
        <p id={problemId} className="pickup-line__problem">
          <span className="pickup-line__flag">{line.outOfStock ? 'Out of stock' : 'Not enough on the shelf'}</span> {line.problem}
        </p>
      ) : null}
      <div className="pickup-line__controls">
        {most > 0 ? (
          <>
            <label htmlFor={quantityId}>Quantity</label>
            <select
              id={quantityId}
              className="pickup-add__quantity"
              value={line.quantity}
              disabled={setLine.isPending}
              aria-describedby={line.problem ? problemId : undefined}
              onChange={(event) => void change(Number(event.target.value))}
            >
              {Array.from({ length: most }, (_, index) => index + 1).map((count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </select>
          </>
        ) : null}
        <button type="button" className="button button--ghost" disabled={setLine.isPending} onClick={() => void change(0)}>
          Remove<span className="visually-hidden"> {name}</span>
        </button>
      </div>
    </li>
  );
}

/** The start of the server's "confirm your e-mail first" refusal (shared/messages.ts), to offer the account page. */
const CONFIRM_FIRST = confirmEmailFirstMessage('').split(':')[0]!;

interface ReserveFormProps {
  list: PickupList;
  settings: PickupShopSettings;
  onReserved: (reservation: Reservation) => void;
  refetchList: () => void;
}

function ReserveForm({ list, settings, onReserved, refetchList }: ReserveFormProps) {
  const now = useNow();
  const queryClient = useQueryClient();
  const session = useSession();
  const ids = { note: useId(), phone: useId(), pay: useId() };
  const preparationMinutes = settings.limits.preparationMinutes;
  // The slots as the server offers them (shared/pickup-slots.ts), renewed each minute.
  const days = useMemo(() => pickupSlots(settings, now, { preparationMinutes }), [settings, now, preparationMinutes]);
  const status = useMemo(() => reservingStatus(settings, now, { preparationMinutes }), [settings, now, preparationMinutes]);
  const [slotStart, setSlotStart] = useState('');
  const [note, setNote] = useState('');
  const [phone, setPhone] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // A slot that has passed (the clock moves on) gives way to the first offered.
  const chosenSlot = chosenSlotOf(days, slotStart);

  const flagged = list.lines.some((line) => line.problem);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosenSlot || busy) return;
    const problem = customerNoteProblem(note) ?? phoneProblem(phone);
    if (problem) return setRefusal(problem);
    setBusy(true);
    setRefusal(null);
    try {
      const outcome = await reserve({ slotStart: chosenSlot.start, note: note.trim() || null, phone: phone.trim() || null });
      if (!outcome.ok) {
        setRefusal(outcome.message);
        // The shelf may have changed (a line sold out): show the list as it is now.
        refetchList();
        return;
      }
      const userId = session?.userId ?? '';
      // The server emptied the list and took the bottles off the shelf.
      queryClient.setQueryData(pickupListKey(userId), EMPTY_PICKUP_LIST);
      void queryClient.invalidateQueries({ queryKey: reservationsKey(userId) });
      void queryClient.invalidateQueries({ queryKey: ['item'] });
      void queryClient.invalidateQueries({ queryKey: ['menu'] });
      onReserved(outcome.data);
      window.scrollTo(0, 0);
    } finally {
      setBusy(false);
    }
  };

  if (!status.open) {
    return (
      <section className="pickup-section" aria-labelledby="pickup-reserve">
        <h2 id="pickup-reserve" className="pickup-section__title">
          Reserve for pickup
        </h2>
        <p role="status">{status.reason}</p>
      </section>
    );
  }
  return (
    <section className="pickup-section" aria-labelledby="pickup-reserve">
      <h2 id="pickup-reserve" className="pickup-section__title">
        Reserve for pickup
      </h2>
      <form className="pickup-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-describedby={ids.pay}>
        <PickupSlotPicker days={days} slotStart={chosenSlot?.start ?? ''} onChange={setSlotStart} />
        <div className="pickup-form__field">
          <label htmlFor={ids.note}>Note to the shop (optional)</label>
          <textarea
            id={ids.note}
            rows={3}
            maxLength={MAX_CUSTOMER_NOTE_LENGTH}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        <div className="pickup-form__field">
          <label htmlFor={ids.phone}>Phone (optional)</label>
          <input
            id={ids.phone}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            maxLength={MAX_PHONE_LENGTH}
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
          />
        </div>
        <p id={ids.pay} className="reservation__pay">
          {PAY_AT_PICKUP_TEXT}
        </p>
        {refusal ? (
          <div role="alert" className="pickup-form__refusal">
            <p>{refusal}</p>
            {refusal.startsWith(CONFIRM_FIRST) ? (
              <p>
                <Link to={SPA_ROUTES.account}>Go to your account</Link>
              </p>
            ) : null}
          </div>
        ) : null}
        {flagged ? <p className="pickup-form__hint">Change or remove the flagged lines before reserving.</p> : null}
        <button type="submit" className="button" disabled={busy || flagged}>
          {busy ? 'Reserving…' : `Reserve ${bottles(list.units)}`}
        </button>
      </form>
    </section>
  );
}
