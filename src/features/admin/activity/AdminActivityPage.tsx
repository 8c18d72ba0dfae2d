/**
 * Activity (decision 0260): every admin write, newest first: when, who, what, and each changed
 * field's old and new value. Filtered by person and by kind on the server, 50 at a time.
 */
import { useId, useState } from 'react';
import { ACTIVITY_KIND_LABELS, ACTIVITY_KINDS, isActivityKind, type ActivityEntry, type FieldChange } from '../../../../shared/activity';
import { Spinner } from '../../../components/ui/Spinner';
import { usePageHead } from '../../../hooks/use-page-head';
import { AdminPageHeader } from '../common/AdminPageHeader';
import { LoadMore } from '../common/LoadMore';
import { useActivityAdmins, useActivityPages, useTagNames, type ActivityFilter } from './use-activity-pages';
import './activity.css';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Field names as staff know them from the editors. */
const FIELD_LABELS: Record<string, string> = {
  img: 'image',
  upc: 'UPC',
  weeklyHours: 'weekly hours',
  specialDates: 'special dates',
  mapUrl: 'map link',
  tastingRules: 'tasting rules',
  categoryId: 'category',
};

export function AdminActivityPage() {
  usePageHead('Activity · Admin');
  const [filter, setFilter] = useState<ActivityFilter>({ actorId: '', kind: '' });
  const admins = useActivityAdmins();
  const tagNames = useTagNames();
  const { data, isPending, isError, isFetchingNextPage, hasNextPage, fetchNextPage, refetch } = useActivityPages(filter);
  const entries = isError ? [] : (data?.pages.flatMap((page) => page.entries) ?? []);
  const statusId = useId();

  let status: string;
  if (isPending) status = 'Loading the activity log...';
  else if (isError) status = "The activity log couldn't be loaded.";
  else if (entries.length === 0) status = filter.actorId || filter.kind ? 'No activity matches these filters.' : 'No activity yet.';
  else status = `Showing the latest ${entries.length} ${entries.length === 1 ? 'change' : 'changes'}${hasNextPage ? ' (more below)' : ''}.`;

  return (
    <>
      <AdminPageHeader title="Activity" />
      <div className="activity-filters" role="group" aria-label="Filter the activity">
        <FilterSelect
          label="Person"
          value={filter.actorId}
          describedBy={statusId}
          options={[{ value: '', label: 'Everyone' }, ...(admins.data ?? []).map((admin) => ({ value: admin.id, label: admin.name }))]}
          onChange={(actorId) => setFilter((current) => ({ ...current, actorId }))}
        />
        <FilterSelect
          label="Kind"
          value={filter.kind}
          describedBy={statusId}
          options={[
            { value: '', label: 'Everything' },
            ...ACTIVITY_KINDS.map((kind) => ({ value: kind, label: ACTIVITY_KIND_LABELS[kind] })),
          ]}
          onChange={(kind) => setFilter((current) => ({ ...current, kind: isActivityKind(kind) ? kind : '' }))}
        />
      </div>
      <p id={statusId} className="activity-status" role="status">
        {status}
      </p>
      {isPending ? (
        <Spinner label="Loading the activity log" />
      ) : isError ? (
        <button type="button" className="button button--ghost" onClick={() => void refetch()}>
          Try again
        </button>
      ) : entries.length > 0 ? (
        <ol className="activity-list">
          {entries.map((entry) => (
            <ActivityRow key={entry.id} entry={entry} tagNames={tagNames.data} />
          ))}
        </ol>
      ) : null}
      <LoadMore pages={{ hasNextPage, isError, isFetchingNextPage, fetchNextPage }} />
    </>
  );
}

interface FilterSelectProps {
  label: string;
  value: string;
  options: Array<{ value: string; label: string }>;
  describedBy: string;
  onChange: (value: string) => void;
}

/** A labelled filter; the status line it is described by says what the list now shows. */
function FilterSelect({ label, value, options, describedBy, onChange }: FilterSelectProps) {
  const id = useId();
  return (
    <div className="activity-filter">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="admin-input"
        value={value}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function ActivityRow({ entry, tagNames }: { entry: ActivityEntry; tagNames: Map<string, string> | undefined }) {
  const at = new Date(entry.at);
  return (
    <li className="card activity-entry">
      <div className="activity-entry__head">
        <span className="activity-entry__what">
          <span className="activity-entry__kind">{ACTIVITY_KIND_LABELS[entry.kind] ?? entry.kind}</span> {entry.action}
          {entry.targetName ? <strong className="activity-entry__target"> {entry.targetName}</strong> : null}
        </span>
        <span className="activity-entry__who">
          {entry.actorName || 'An admin'} · <time dateTime={entry.at}>{when.format(at)}</time>
        </span>
      </div>
      {entry.changes.length > 0 ? (
        <dl className="activity-changes">
          {entry.changes.map((change) => (
            <div key={change.field} className="activity-change">
              <dt>{FIELD_LABELS[change.field] ?? change.field}</dt>
              <dd>
                <ChangeValues change={change} tagNames={entry.kind === 'item' && change.field === 'tags' ? tagNames : undefined} />
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** A logged value as staff read it in the editors: Yes/No, $12.50, tag names (a deleted tag's id stays as it is). */
function displayValue(field: string, value: string, tagNames: Map<string, string> | undefined): string {
  if (value === 'true' || value === 'false') return value === 'true' ? 'Yes' : 'No';
  if (field === 'price' && Number.isFinite(Number(value))) return money.format(Number(value));
  if (tagNames)
    return value
      .split('; ')
      .map((id) => tagNames.get(id) ?? id)
      .join('; ');
  return value;
}

/** "old → new", each side "(none)" when there was no value. */
function ChangeValues({ change, tagNames }: { change: FieldChange; tagNames: Map<string, string> | undefined }) {
  const before = change.before === null ? null : displayValue(change.field, change.before, tagNames);
  const after = change.after === null ? null : displayValue(change.field, change.after, tagNames);
  return (
    <>
      {before === null ? <span className="activity-change__none">(none)</span> : <del className="activity-change__before">{before}</del>}
      <span aria-hidden="true"> → </span>
      <span className="visually-hidden"> changed to </span>
      {after === null ? <span className="activity-change__none">(none)</span> : <ins className="activity-change__after">{after}</ins>}
    </>
  );
}
