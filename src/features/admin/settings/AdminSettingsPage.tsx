/**
 * Shop settings (decision 0190): the shop's name, address, phone, e-mail and map link, its weekly
 * opening hours and its special dates, shown on /home, /aboutus and every public page's footer.
 * Hours New York does not allow a package store are refused here, beside the day, and by the
 * server (the same rules, shared/shop-hours.ts).
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { MAX_LABEL_LENGTH, WEEKDAYS } from '../../../../shared/shop-hours';
import { shop, shopAddressLine } from '../../../../shared/shop';
import { usePageHead } from '../../../hooks/use-page-head';
import { SessionEndedError } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { AdminPageHeader } from '../common/AdminPageHeader';
import { EditorField } from '../common/editor-parts';
import { QueryState } from '../common/QueryState';
import { userFacingMessage } from '../common/graphql-errors';
import '../common/admin.css';
import { useAdminShopSettings, useSaveShopSettings } from './api';
import {
  defaultHours,
  EDITOR_DAY_ORDER,
  formOf,
  inputOf,
  newSpecialKey,
  problemsOf,
  type DayForm,
  type FormProblems,
  type SettingsForm,
  type SpecialForm,
} from './settings-form';
import './admin-settings.css';

export const SETTINGS_MESSAGES = { saved: 'Shop settings saved', failed: 'Error saving shop settings' } as const;

const FALLBACK = { name: shop.name, address: shopAddressLine, phone: shop.phone, email: shop.email };

interface HoursFieldsProps {
  day: DayForm;
  /** Names the controls for screen readers and tests: "Monday", "Special date 1". */
  legend: string;
  error: string | undefined;
  onChange: (day: DayForm) => void;
  /** What the hours become when the day is opened. */
  openDefaults: { open: string; close: string };
}

/** Closed, or open from and to: the controls of one day's hours. */
function HoursFields({ day, legend, error, onChange, openDefaults }: HoursFieldsProps) {
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

interface SettingsEditorProps {
  initial: SettingsForm;
  exists: boolean;
}

function SettingsEditor({ initial, exists }: SettingsEditorProps) {
  const [form, setForm] = useState(initial);
  const saveSettings = useSaveShopSettings();
  const saving = saveSettings.isPending;
  const [stored, setStored] = useState(exists);
  /** Shown once Save was tried, then kept current as the fields change. */
  const [showProblems, setShowProblems] = useState(false);
  const [serverError, setServerError] = useState('');
  const problems: FormProblems = showProblems ? problemsOf(form) : { days: {}, specials: {} };
  const formError = problems.first ?? serverError;

  const set = <K extends keyof SettingsForm>(key: K, value: SettingsForm[K]) => {
    setServerError('');
    setForm((current) => ({ ...current, [key]: value }));
  };
  const setDay = (weekday: number, day: DayForm) =>
    set(
      'week',
      form.week.map((current, i) => (i === weekday ? day : current)),
    );
  const setSpecial = (key: number, change: Partial<SpecialForm>) =>
    set(
      'specials',
      form.specials.map((special) => (special.key === key ? { ...special, ...change } : special)),
    );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setShowProblems(true);
    if (problemsOf(form).first) return;
    try {
      await saveSettings.mutateAsync({ input: inputOf(form), exists: stored });
      setStored(true);
      notify.success(SETTINGS_MESSAGES.saved);
    } catch (error) {
      if (!(error instanceof SessionEndedError)) {
        const message = userFacingMessage(error, SETTINGS_MESSAGES.failed);
        setServerError(message);
        notify.error(message);
      }
    }
  };

  return (
    <form className="settings-form" noValidate onSubmit={(event) => void onSubmit(event)}>
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

      <section className="settings-card" aria-labelledby="settings-special">
        <h2 id="settings-special">Special dates</h2>
        <p className="settings-note">Holidays, a stocktake, a late night: these hours replace the weekday's on that date.</p>
        {form.specials.length === 0 ? <p className="settings-note">No special dates.</p> : null}
        {form.specials.map((special, index) => {
          const legend = `Special date ${index + 1}`;
          return (
            <fieldset key={special.key} className="settings-day settings-special">
              <legend>{legend}</legend>
              <div className="settings-special__fields">
                <EditorField
                  label="Date"
                  type="date"
                  aria-label={`${legend} date`}
                  value={special.date}
                  onChange={(date) => setSpecial(special.key, { date })}
                />
                <EditorField
                  label="Name"
                  note="e.g. Thanksgiving, Stocktake"
                  aria-label={`${legend} name`}
                  value={special.label}
                  maxLength={MAX_LABEL_LENGTH}
                  onChange={(label) => setSpecial(special.key, { label })}
                />
              </div>
              <HoursFields
                day={special}
                legend={legend}
                error={problems.specials[special.key]}
                openDefaults={{ open: '10:00', close: '18:00' }}
                onChange={(day) => setSpecial(special.key, day)}
              />
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() =>
                  set(
                    'specials',
                    form.specials.filter((s) => s.key !== special.key),
                  )
                }
              >
                Remove {legend.toLowerCase()}
              </button>
            </fieldset>
          );
        })}
        <button
          type="button"
          className="button button--ghost"
          onClick={() =>
            set('specials', [...form.specials, { key: newSpecialKey(), date: '', label: '', closed: true, open: '10:00', close: '18:00' }])
          }
        >
          Add special date
        </button>
      </section>

      <div className="settings-actions">
        <p className="admin-form-error" role="alert">
          {formError}
        </p>
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}

export function AdminSettingsPage() {
  usePageHead('Shop settings · Admin');
  const { data, isPending, isError, refetch } = useAdminShopSettings();
  const [initial, setInitial] = useState<SettingsForm | null>(null);
  useEffect(() => {
    if (!isPending && !isError) setInitial(formOf(data, FALLBACK));
    // Only the first answer fills the form: a refetch after Save must not undo what is typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isPending, isError]);
  // The form waits for its first values (set just after the answer arrives).
  const loading = isPending || (!isError && !initial);
  return (
    <>
      <AdminPageHeader title="Shop settings" />
      <QueryState query={{ isPending: loading, isError, refetch }} noun="shop settings">
        {initial ? <SettingsEditor initial={initial} exists={data !== null} /> : null}
      </QueryState>
    </>
  );
}
