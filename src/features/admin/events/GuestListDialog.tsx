/**
 * An event's guest list (decision 0352): who is coming and who waits, with name, party size,
 * e-mail and when they answered; a check-in box per guest coming, for the day; and Export CSV.
 */
import { useState } from 'react';
import { Modal } from '../../../components/ui/Modal';
import { eventDateParts } from '../../../lib/format';
import { saveTextFile } from '../../../lib/save-file';
import { notify } from '../../../lib/notify';
import { SessionEndedError } from '../../../lib/auth';
import { userFacingMessage } from '../common/graphql-errors';
import { RSVP_STAFF_MESSAGES, useCheckIn, useEventRsvps, type StaffRsvp } from './api';
import type { AdminEvent } from './event-form';
import { answeredAt, guestListCsv, guestListFileName, guestListOrder, rsvpCountText, rsvpStatusText } from './guest-list';

export function GuestListDialog({ event, onClose }: { event: AdminEvent; onClose: () => void }) {
  const rsvps = useEventRsvps(event.id);
  const checkIn = useCheckIn(event.id);
  const guests = guestListOrder(rsvps.data ?? []);
  /**
   * The boxes as staff asked, per guest, while the server answers: set in the click itself, so the
   * box turns at once however slow the answer (then it shows what is stored; a refusal puts it back).
   */
  const [asked, setAsked] = useState<Readonly<Record<string, boolean>>>({});
  const checkedIn = (rsvp: StaffRsvp) => asked[rsvp.id] ?? Boolean(rsvp.checkedInAt);

  const toggle = async (id: string, checkedIn: boolean) => {
    setAsked((current) => ({ ...current, [id]: checkedIn }));
    try {
      await checkIn.mutateAsync({ id, checkedIn });
    } catch (error) {
      if (!(error instanceof SessionEndedError)) notify.error(userFacingMessage(error, RSVP_STAFF_MESSAGES.checkInFailed));
    } finally {
      setAsked(({ [id]: _answered, ...others }) => others);
    }
  };

  let body;
  if (rsvps.isPending) body = <p>Loading the guest list…</p>;
  else if (rsvps.isError) body = <p role="alert">{RSVP_STAFF_MESSAGES.loadFailed}.</p>;
  else if (guests.length === 0) body = <p>No RSVPs yet.</p>;
  else {
    body = (
      <div className="guest-list__scroll">
        <table className="guest-list">
          <caption className="visually-hidden">Guests of {event.name}</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Party</th>
              <th scope="col">E-mail</th>
              <th scope="col">Answered</th>
              <th scope="col">Status</th>
              <th scope="col">Checked in</th>
            </tr>
          </thead>
          <tbody>
            {guests.map((rsvp) => (
              <tr key={rsvp.id}>
                <td data-label="Name">{rsvp.customerName}</td>
                <td data-label="Party">{rsvp.partySize}</td>
                <td data-label="E-mail" className="guest-list__email">
                  {rsvp.customerEmail}
                </td>
                <td data-label="Answered">{answeredAt(rsvp)}</td>
                <td data-label="Status">{rsvpStatusText(rsvp)}</td>
                <td data-label="Checked in">
                  {rsvp.status === 'Going' ? (
                    <input
                      type="checkbox"
                      checked={checkedIn(rsvp)}
                      aria-label={`Checked in: ${rsvp.customerName ?? 'guest'}, party of ${rsvp.partySize}`}
                      onChange={(change) => void toggle(rsvp.id, change.target.checked)}
                    />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <Modal title={`Guests: ${event.name}`} onEscape={onClose} className="admin-modal admin-modal--wide guest-list-dialog">
      <p className="guest-list__count" aria-live="polite">
        {eventDateParts(event.date)?.full ?? event.date} · {rsvpCountText(event, rsvps.data)}
      </p>
      {body}
      <div className="guest-list__actions">
        <button
          type="button"
          className="button button--outline"
          disabled={!rsvps.data || guests.length === 0}
          onClick={() => saveTextFile(guestListFileName(event), guestListCsv(rsvps.data ?? []), 'text/csv;charset=utf-8')}
        >
          Export CSV
        </button>
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
