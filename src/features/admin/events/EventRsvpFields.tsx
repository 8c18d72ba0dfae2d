import { DEFAULT_RSVP_PARTY_LIMIT, RSVP_FIELD_RANGES } from '../../../../shared/rsvp-rules';
import { EditorField } from '../common/editor-parts';
import type { EventFormState } from './use-event-form';

const { rsvpCapacity, rsvpPartyLimit } = RSVP_FIELD_RANGES;

/**
 * "RSVPs and tastings" (decision 0351): Takes RSVPs, and with it Capacity, Places per customer and
 * "Waiting list when full"; and Tasting.
 */
export function EventRsvpFields({ form: { form, setFlag, fieldProps } }: { form: EventFormState }) {
  return (
    <fieldset className="event-editor__rsvp">
      <legend>RSVPs and tastings</legend>
      <label className="admin-check">
        <input type="checkbox" checked={form.takesRsvp} onChange={(e) => setFlag('takesRsvp', e.target.checked)} />
        Takes RSVPs
      </label>
      {form.takesRsvp ? (
        <>
          <div className="field-columns">
            <EditorField
              label="Capacity"
              note={`Places in all, ${rsvpCapacity.min} to ${rsvpCapacity.max}`}
              type="number"
              inputMode="numeric"
              min={rsvpCapacity.min}
              max={rsvpCapacity.max}
              {...fieldProps('capacity')}
            />
            <EditorField
              label="Places per customer"
              note={`Default ${DEFAULT_RSVP_PARTY_LIMIT}, at most ${rsvpPartyLimit.max}`}
              type="number"
              inputMode="numeric"
              min={rsvpPartyLimit.min}
              max={rsvpPartyLimit.max}
              {...fieldProps('partyLimit')}
            />
          </div>
          <label className="admin-check">
            <input type="checkbox" checked={form.waitingList} onChange={(e) => setFlag('waitingList', e.target.checked)} />
            Waiting list when full
          </label>
        </>
      ) : null}
      <label className="admin-check">
        <input type="checkbox" checked={form.isTasting} onChange={(e) => setFlag('isTasting', e.target.checked)} />
        Tasting (shows the tasting rules from Shop settings)
      </label>
    </fieldset>
  );
}
