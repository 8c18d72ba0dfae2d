/**
 * The shop settings form's cards: the shop's details, its weekly hours (with New York's limits said
 * once above them), its special dates, each date with its own name and hours, the menu's price
 * ranges, the tasting rules and the till feed's warning.
 */
import { MAX_PRICE_BOUNDARIES, priceRanges } from '../../../../shared/price-ranges';
import { MAX_LABEL_LENGTH, WEEKDAYS } from '../../../../shared/shop-hours';
import { DEFAULT_TASTING_RULES, MAX_TASTING_RULES_LENGTH } from '../../../../shared/tasting-rules';
import { TILL_FEED_WARN_HOURS } from '../../../../shared/till-feed';
import { STORE_CODE } from '../../../../shared/google-feeds';
import { RESERVATION_SETTING_RANGES } from '../../../../shared/reservation-limits';
import { EditorField, EditorTextArea } from '../common/editor-parts';
import { HoursFields } from './HoursFields';
import {
  defaultHours,
  EDITOR_DAY_ORDER,
  parsePriceBoundaries,
  type DayForm,
  type FormProblems,
  type SettingsForm,
  type SpecialForm,
} from './settings-form';

interface SectionProps {
  form: SettingsForm;
  problems: FormProblems;
}

/** A card whose fields set the form's values one by one. */
type EditableSectionProps = SectionProps & { set: <K extends keyof SettingsForm>(key: K, value: SettingsForm[K]) => void };

export function ShopDetailsSection({ form, problems, set }: EditableSectionProps) {
  return (
    <section className="settings-card" aria-labelledby="settings-details">
      <h2 id="settings-details">Shop details</h2>
      <div className="field-columns">
        <EditorField label="Shop name" value={form.name} maxLength={120} onChange={(value) => set('name', value)} />
        <EditorField
          label="Address"
          note="One line, as on the footer: street, town, state and ZIP"
          autoComplete="street-address"
          value={form.address}
          maxLength={200}
          onChange={(value) => set('address', value)}
        />
        <EditorField label="Phone" type="tel" value={form.phone} maxLength={40} onChange={(value) => set('phone', value)} />
        <EditorField label="E-mail" type="email" value={form.email} maxLength={200} onChange={(value) => set('email', value)} />
        <EditorField
          label="Map link"
          note={problems.mapUrl ?? 'An https:// link to the shop on a map; empty: the OpenStreetMap link'}
          fieldClassName="full-row"
          type="url"
          value={form.mapUrl}
          maxLength={2000}
          invalid={Boolean(problems.mapUrl)}
          onChange={(value) => set('mapUrl', value)}
        />
      </div>
    </section>
  );
}

export function WeeklyHoursSection({ form, problems, setDay }: SectionProps & { setDay: (weekday: number, day: DayForm) => void }) {
  return (
    <section className="settings-card" aria-labelledby="settings-week">
      <h2 id="settings-week">Weekly hours</h2>
      <p className="settings-note" id="settings-law">
        New York allows a liquor store to sell from 8 AM to midnight, and on Sundays from 10 AM to 10 PM. A closing time of 12:00 AM means
        midnight.
      </p>
      {EDITOR_DAY_ORDER.map((weekday) => (
        <fieldset key={weekday} className="settings-day" aria-describedby="settings-law">
          <legend>{WEEKDAYS[weekday]}</legend>
          <HoursFields
            day={form.week[weekday]!}
            legend={WEEKDAYS[weekday]}
            error={problems.days[weekday]}
            openDefaults={defaultHours(weekday)}
            onChange={(day) => setDay(weekday, day)}
          />
        </fieldset>
      ))}
    </section>
  );
}

interface SpecialDateFieldsetProps {
  special: SpecialForm;
  /** "Special date 1": names the controls for screen readers and tests. */
  legend: string;
  error: string | undefined;
  onChange: (change: Partial<SpecialForm>) => void;
  onRemove: () => void;
}

function SpecialDateFieldset({ special, legend, error, onChange, onRemove }: SpecialDateFieldsetProps) {
  return (
    <fieldset className="settings-day settings-special">
      <legend>{legend}</legend>
      <div className="settings-special__fields">
        <EditorField label="Date" type="date" aria-label={`${legend} date`} value={special.date} onChange={(date) => onChange({ date })} />
        <EditorField
          label="Name"
          note="e.g. Thanksgiving, Stocktake"
          aria-label={`${legend} name`}
          value={special.label}
          maxLength={MAX_LABEL_LENGTH}
          onChange={(label) => onChange({ label })}
        />
      </div>
      <HoursFields day={special} legend={legend} error={error} openDefaults={{ open: '10:00', close: '18:00' }} onChange={onChange} />
      <button type="button" className="button button--ghost button--small" onClick={onRemove}>
        Remove {legend.toLowerCase()}
      </button>
    </fieldset>
  );
}

interface SpecialDatesSectionProps extends SectionProps {
  setSpecial: (key: number, change: Partial<SpecialForm>) => void;
  addSpecial: () => void;
  removeSpecial: (key: number) => void;
}

export function SpecialDatesSection({ form, problems, setSpecial, addSpecial, removeSpecial }: SpecialDatesSectionProps) {
  return (
    <section className="settings-card" aria-labelledby="settings-special">
      <h2 id="settings-special">Special dates</h2>
      <p className="settings-note">Holidays, a stocktake, a late night: these hours replace the weekday's on that date.</p>
      {form.specials.length === 0 ? <p className="settings-note">No special dates.</p> : null}
      {form.specials.map((special, index) => (
        <SpecialDateFieldset
          key={special.key}
          special={special}
          legend={`Special date ${index + 1}`}
          error={problems.specials[special.key]}
          onChange={(change) => setSpecial(special.key, change)}
          onRemove={() => removeSpecial(special.key)}
        />
      ))}
      <button type="button" className="button button--ghost" onClick={addSpecial}>
        Add special date
      </button>
    </section>
  );
}

/** The boundaries of the menu's Price filter (decision 0280), with the ranges they give as typed. */
export function PriceFilterSection({ form, problems, set }: EditableSectionProps) {
  const boundaries = parsePriceBoundaries(form.priceBoundaries);
  const ranges = boundaries && !problems.priceBoundaries ? priceRanges(boundaries) : null;
  return (
    <section className="settings-card" aria-labelledby="settings-prices">
      <h2 id="settings-prices">Price filter</h2>
      <p className="settings-note">The menu's Price filter sorts each item by its current price into these ranges.</p>
      <EditorField
        label="Price boundaries ($)"
        note={
          problems.priceBoundaries ??
          `Whole dollars, smallest first, separated by commas (at most ${MAX_PRICE_BOUNDARIES}); empty: no price filter`
        }
        inputMode="numeric"
        value={form.priceBoundaries}
        maxLength={80}
        invalid={Boolean(problems.priceBoundaries)}
        onChange={(value) => set('priceBoundaries', value)}
      />
      <p className="settings-note" aria-live="polite" data-price-ranges>
        {ranges
          ? ranges.length
            ? `The menu offers: ${ranges.map((range) => range.name).join(', ')}`
            : 'The menu offers no price filter'
          : ''}
      </p>
    </section>
  );
}

/** The rules every tasting event shows (decision 0350); emptied, the shipped New York text comes back. */
export function TastingRulesSection({ form, problems, set }: EditableSectionProps) {
  return (
    <section className="settings-card" aria-labelledby="settings-tastings">
      <h2 id="settings-tastings">Tastings</h2>
      <p className="settings-note">Shown under every event marked as a tasting. New York allows at most three samples per person a day.</p>
      <EditorTextArea
        label="Tasting rules"
        note={problems.tastingRules ?? `At most ${MAX_TASTING_RULES_LENGTH} characters; empty: "${DEFAULT_TASTING_RULES}"`}
        rows={3}
        value={form.tastingRules}
        maxLength={MAX_TASTING_RULES_LENGTH}
        invalid={Boolean(problems.tastingRules)}
        onChange={(value) => set('tastingRules', value)}
      />
    </section>
  );
}

/** When /admin-items warns that the till feed went quiet (decision 0377). */
export function TillFeedSection({ form, problems, set }: EditableSectionProps) {
  return (
    <section className="settings-card" aria-labelledby="settings-till-feed">
      <h2 id="settings-till-feed">Till feed</h2>
      <p className="settings-note">
        Stock files the till exports into the till inbox update the counts by themselves. Items shows a warning when none came for this
        long.
      </p>
      <EditorField
        label={TILL_FEED_WARN_HOURS.label}
        note={problems.tillFeedWarnHours ?? `Whole hours, ${TILL_FEED_WARN_HOURS.min} to ${TILL_FEED_WARN_HOURS.max}; 0: never warn`}
        inputMode="numeric"
        value={form.tillFeedWarnHours}
        maxLength={4}
        invalid={Boolean(problems.tillFeedWarnHours)}
        onChange={(value) => set('tillFeedWarnHours', value)}
      />
    </section>
  );
}

const SHARE_CAP = RESERVATION_SETTING_RANGES.reservationShareCap;

/** Reserve for pickup: one customer's fair share of an item's counted shelf (decision 0374). */
export function ReservingSection({ form, problems, set }: EditableSectionProps) {
  return (
    <section className="settings-card" aria-labelledby="settings-reserving">
      <h2 id="settings-reserving">Reserve for pickup</h2>
      <p className="settings-note">
        How much of an item's counted stock one customer may hold in open reservations, at least one bottle. An item's own limit per
        customer applies too; the smaller wins. Items whose stock is not counted are not capped by it.
      </p>
      <EditorField
        label={SHARE_CAP.label}
        note={
          problems.reservationShareCap ??
          `Whole percent, ${SHARE_CAP.min} to ${SHARE_CAP.max}; 100: no cap. 50 lets one customer hold 5 of 10.`
        }
        inputMode="numeric"
        value={form.reservationShareCap}
        maxLength={4}
        invalid={Boolean(problems.reservationShareCap)}
        onChange={(value) => set('reservationShareCap', value)}
      />
    </section>
  );
}

/** Google's local inventory feeds (decision 0379): the store code on every row of the local feed. */
export function GoogleFeedsSection({ form, problems, set }: EditableSectionProps) {
  return (
    <section className="settings-card" aria-labelledby="settings-google-feeds">
      <h2 id="settings-google-feeds">Google: local inventory</h2>
      <p className="settings-note">
        The store code of the shop in Google Business Profile. Until it is set, the local inventory feed lists no items.
      </p>
      <EditorField
        label={STORE_CODE.label}
        note={problems.googleStoreCode ?? 'As Business Profile shows it, such as PATTERSON-1; empty: not set'}
        value={form.googleStoreCode}
        maxLength={STORE_CODE.maxLength}
        invalid={Boolean(problems.googleStoreCode)}
        onChange={(value) => set('googleStoreCode', value)}
      />
    </section>
  );
}
