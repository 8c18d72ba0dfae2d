/**
 * Reservations (/admin-reservations, product §11, decision 0323): tabs by status, each with its
 * count (`?status=`), a search by number (with or without the dash), name or e-mail on the
 * server, the list (number, customer, slot, bottles, total, status), a reservation's detail and
 * actions in a dialog (ReservationDetail), and the pick list to print (PickList).
 */
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatReservationNumber } from '../../../../shared/reservation-limits';
import { usePageHead } from '../../../hooks/use-page-head';
import { formatPrice } from '../../../lib/format';
import { AdminPageHeader } from '../common/AdminPageHeader';
import { QueryState } from '../common/QueryState';
import { useDebouncedValue } from '../users/use-user-pages';
import { useRequestedReservations, useReservationList } from './api';
import { NotifyDemand } from './NotifyDemand';
import { PickList, usePickListPrint } from './PickList';
import { ReservationDetail } from './ReservationDetail';
import {
  bottlesOf,
  isShort,
  RESERVATION_TABS,
  reservationsOfTab,
  STATUS_LABELS,
  statusLabel,
  tabCounts,
  tabFromParam,
  type ReservationTab,
  type StaffReservation,
} from './reservation-view';
import './admin-reservations.css';

const SEARCH_MAX = 100;

export function AdminReservationsPage() {
  usePageHead('Reservations · Admin');
  const [params, setParams] = useSearchParams();
  const tab = tabFromParam(params.get('status'));
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), 300);
  const list = useReservationList(query);
  const requested = useRequestedReservations();
  // The open dialog is in the URL (`?open=<id>`), so a related reservation is a link (decision 0378).
  const openId = params.get('open');
  const setOpenId = (id: string | null) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (id) updated.set('open', id);
        else updated.delete('open');
        return updated;
      },
      { replace: true },
    );
  const { one, print } = usePickListPrint();
  const searchId = useId();
  const statusId = useId();

  const all = list.data ?? [];
  // A link to a reservation the search leaves out shows it: the search is cleared.
  const linkedOut = Boolean(openId && query && list.isSuccess && !all.some((reservation) => reservation.id === openId));
  useEffect(() => {
    if (linkedOut) setSearch('');
  }, [linkedOut]);
  const counts = tabCounts(all);
  const shown = reservationsOfTab(all, tab);
  // The dialog shows the reservation as last read: after an action the list reloads under it.
  const open = openId ? (all.find((reservation) => reservation.id === openId) ?? null) : null;
  const toPick = reservationsOfTab(requested.data ?? all.filter((reservation) => reservation.status === 'Requested'), 'Requested');

  const chooseTab = (next: ReservationTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'Requested') updated.delete('status');
        else updated.set('status', next.toLowerCase());
        return updated;
      },
      { replace: true },
    );

  let status = '';
  if (list.isSuccess && !list.isPlaceholderData)
    status = `${shown.length} ${shown.length === 1 ? 'reservation' : 'reservations'} ${tab === 'All' ? 'in all' : STATUS_LABELS[tab].toLowerCase()}${query ? ` matching "${query}"` : ''}.`;

  return (
    <>
      <AdminPageHeader title="Reservations">
        <button type="button" className="button button--ghost" onClick={() => print(null)} disabled={toPick.length === 0}>
          Print pick list ({toPick.length})
        </button>
      </AdminPageHeader>

      <div className="reservations-search">
        <label htmlFor={searchId}>Search reservations</label>
        <input
          id={searchId}
          className="admin-input"
          type="search"
          placeholder="Number, name or e-mail"
          maxLength={SEARCH_MAX}
          value={search}
          aria-describedby={statusId}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>

      <div className="reservation-tabs" role="group" aria-label="Status">
        {RESERVATION_TABS.map((name) => (
          <button
            key={name}
            type="button"
            className="reservation-tabs__tab"
            aria-pressed={tab === name}
            aria-describedby={statusId}
            onClick={() => chooseTab(name)}
          >
            {STATUS_LABELS[name]} <span className="reservation-tabs__count">{list.isSuccess ? counts[name] : ''}</span>
          </button>
        ))}
      </div>
      <p id={statusId} className="reservations-status" role="status">
        {status}
      </p>

      <QueryState
        query={list}
        noun="reservations"
        empty={shown.length === 0}
        emptyText={query ? 'No reservation matches this search.' : `No ${STATUS_LABELS[tab].toLowerCase()} reservations.`}
      >
        <ul className="reservation-list">
          {shown.map((reservation) => (
            <li key={reservation.id}>
              <ReservationRow reservation={reservation} onOpen={() => setOpenId(reservation.id)} />
            </li>
          ))}
        </ul>
      </QueryState>
      <NotifyDemand />

      {open ? <ReservationDetail key={open.id} reservation={open} onClose={() => setOpenId(null)} onPrint={print} /> : null}
      <PickList
        reservations={one ? [one] : toPick}
        title={one ? `Reservation ${formatReservationNumber(one.number)}` : 'Pick list: reservations to pick'}
      />
    </>
  );
}

function ReservationRow({ reservation, onOpen }: { reservation: StaffReservation; onOpen: () => void }) {
  const bottles = bottlesOf(reservation);
  return (
    <button type="button" className="reservation-row" onClick={onOpen}>
      <span className="reservation-row__number">{formatReservationNumber(reservation.number)}</span>
      <span className="reservation-row__customer">
        <span>{reservation.customerName}</span>
        {reservation.customerEmail ? <span className="reservation-row__email">{reservation.customerEmail}</span> : null}
      </span>
      <span className="reservation-row__slot">{reservation.slotLabel}</span>
      <span className="reservation-row__bottles">
        {bottles} {bottles === 1 ? 'bottle' : 'bottles'}
      </span>
      <span className="reservation-row__total">{formatPrice(reservation.total)}</span>
      <span className={`reservation-status reservation-status--${reservation.status.toLowerCase()}`}>
        {statusLabel(reservation.status)}
      </span>
      {isShort(reservation) ? (
        <span className="reservation-row__short">{reservation.shortages!.map((shortage) => shortage.message).join('; ')}</span>
      ) : null}
    </button>
  );
}
