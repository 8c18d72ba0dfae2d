/**
 * Events (product §2 Admin events, §4, §5, §8): Add Event, a Sort By dropdown (A-Z, Z-A, Date
 * Soonest, Date Latest), and the event rows (date, image, name, time, description, Edit, delete
 * cross), with the Event Creator/Editor and the Delete Event confirmation. An event taking RSVPs
 * shows its count, its guest list and Cancel event (decision 0352).
 */
import { useId, useMemo, useRef, useState } from 'react';
import logoUrl from '../../../assets/logo.svg';
import { StoredImage } from '../../../components/ui/StoredImage';
import { usePageHead } from '../../../hooks/use-page-head';
import { formatEventTime } from '../../../lib/format';
import { EventDate } from '../../../components/ui/EventDate';
import { AdminPageHeader } from '../common/AdminPageHeader';
import { ConfirmDeleteModal } from '../common/ConfirmDeleteModal';
import '../common/admin.css';
import { CrossIcon } from '../common/icons';
import { QueryState } from '../common/QueryState';
import { useAdminEvents, useEventRsvps, useEventWrites } from './api';
import { CancelEventDialog } from './CancelEventDialog';
import { GuestListDialog } from './GuestListDialog';
import { rsvpCountText } from './guest-list';
import { runWrite } from '../common/run-write';
import { EventEditor } from './EventEditor';
import {
  DEFAULT_EVENT_SORT,
  EVENT_MESSAGES,
  EVENT_SORTS,
  isEventSort,
  sortEvents,
  type AdminEvent,
  type EventFields,
  type EventSort,
} from './event-form';
import '../../../components/ui/events.css';
import './admin-events.css';

/** Toasts a failed call's message (the server's own refusal, else `fallback`) and returns it; '' for an ended session (already handled). */
interface EventRowProps {
  event: AdminEvent;
  onEdit: () => void;
  onDelete: () => void;
  onGuests: () => void;
  onCancel: () => void;
}

/** An event's RSVPs on its row: "18 of 24 places, 3 waiting", Guest list and Cancel event. */
function RsvpSummary({ event, onGuests, onCancel }: { event: AdminEvent; onGuests: () => void; onCancel: () => void }) {
  const rsvps = useEventRsvps(event.id);
  return (
    <div className="admin-event__rsvp">
      <p className="admin-event__rsvp-count">
        {event.isTasting ? 'Tasting · ' : ''}RSVPs: {rsvpCountText(event, rsvps.data)}
      </p>
      <button type="button" className="button button--small button--outline" onClick={onGuests}>
        Guest list<span className="visually-hidden"> of {event.name}</span>
      </button>
      {event.cancelledAt ? null : (
        <button type="button" className="button button--small button--ghost" onClick={onCancel}>
          Cancel event<span className="visually-hidden"> {event.name}</span>
        </button>
      )}
    </div>
  );
}

function EventRow({ event, onEdit, onDelete, onGuests, onCancel }: EventRowProps) {
  const time = formatEventTime(event.time);
  return (
    <li className="card admin-event">
      <EventDate date={event.date} block="event" className="admin-event__date" />
      <div className="admin-event__media">
        {event.img ? (
          <StoredImage className="event__image" url={event.img} alt="" width={800} height={500} sizes="(max-width: 75rem) 40vw, 14rem" />
        ) : (
          <img className="event__image event__image--logo" src={logoUrl} alt="" width={218} height={64} />
        )}
      </div>
      <div className="admin-event__main">
        <h2 className="admin-event__name">{event.name}</h2>
        <p className="admin-event__time">{time ? <time dateTime={event.time ?? undefined}>{time}</time> : 'No time set'}</p>
        {event.takesRsvp || event.cancelledAt ? (
          <RsvpSummary event={event} onGuests={onGuests} onCancel={onCancel} />
        ) : event.isTasting ? (
          <p className="admin-event__rsvp-count">Tasting</p>
        ) : null}
      </div>
      <p className="admin-event__description">{event.description}</p>
      <div className="admin-event__actions">
        <button type="button" className="button button--small" onClick={onEdit}>
          Edit<span className="visually-hidden"> {event.name}</span>
        </button>
        <button type="button" className="icon-button" aria-label={`Delete event ${event.name}`} onClick={onDelete}>
          <CrossIcon />
        </button>
      </div>
    </li>
  );
}

export function AdminEventsPage() {
  usePageHead('Events · Admin');
  const writes = useEventWrites();
  const eventsQuery = useAdminEvents();
  const { data, isError } = eventsQuery;
  const [sort, setSort] = useState<EventSort>(DEFAULT_EVENT_SORT);
  const events = useMemo(() => sortEvents(isError ? [] : (data ?? []), sort), [data, isError, sort]);
  /** null: closed; 'new': the Event Creator; an event: the Event Editor. */
  const [editing, setEditing] = useState<AdminEvent | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminEvent | null>(null);
  const [guestsOf, setGuestsOf] = useState<AdminEvent | null>(null);
  const [cancelling, setCancelling] = useState<AdminEvent | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const sortId = useId();

  /** Resolves null once saved (and closes the editor), else the failure's message. */
  const save = async (event: AdminEvent | null, input: EventFields & { img: string | null }): Promise<string | null> => {
    const done = await runWrite(
      () => writes.save.mutateAsync({ id: event?.id, input }),
      event ? EVENT_MESSAGES.updated : EVENT_MESSAGES.created,
      event ? EVENT_MESSAGES.updateFailed : EVENT_MESSAGES.createFailed,
    );
    if (done === null) setEditing(null);
    return done;
  };

  /** Resolves false when nothing was deleted (the confirmation then stays open). */
  const remove = async (event: AdminEvent) =>
    (await runWrite(() => writes.remove.mutateAsync(event.id), EVENT_MESSAGES.deleted, EVENT_MESSAGES.deleteFailed)) === null;

  return (
    <>
      <AdminPageHeader title="Events">
        <div className="admin-sort">
          <label htmlFor={sortId} className="admin-sort__label">
            Sort By
          </label>
          <select
            id={sortId}
            className="admin-select admin-sort__select"
            value={sort}
            onChange={(e) => {
              if (isEventSort(e.target.value)) setSort(e.target.value);
            }}
          >
            {EVENT_SORTS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        <button ref={addRef} type="button" className="button" onClick={() => setEditing('new')}>
          Add Event
        </button>
      </AdminPageHeader>
      <QueryState query={eventsQuery} noun="events" empty={events.length === 0}>
        <ol className="admin-events" aria-label="Events">
          {events.map((event) => (
            <EventRow
              key={event.id}
              event={event}
              onEdit={() => setEditing(event)}
              onDelete={() => setDeleting(event)}
              onGuests={() => setGuestsOf(event)}
              onCancel={() => setCancelling(event)}
            />
          ))}
        </ol>
      </QueryState>

      {editing ? (
        <EventEditor
          event={editing === 'new' ? undefined : editing}
          onSave={(input) => save(editing === 'new' ? null : editing, input)}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      {guestsOf ? <GuestListDialog event={guestsOf} onClose={() => setGuestsOf(null)} /> : null}
      {cancelling ? <CancelEventDialog event={cancelling} onClose={() => setCancelling(null)} /> : null}
      <ConfirmDeleteModal target={deleting} noun="Event" onConfirm={remove} onClose={() => setDeleting(null)} returnFocusTo={addRef} />
    </>
  );
}
