import { eventDateParts } from '../../lib/format';

/**
 * An event's day as product §2 shows it: weekday (3 letters), day number, month abbreviation and
 * year, stacked; assistive technology hears the whole date once ("Saturday, March 15, 2025").
 * Classes follow the given BEM block: `${block}__date`, `__weekday`, `__day` and `__month`;
 * `className` adds one of the caller's own to the date (the admin row's layout).
 */
export function EventDate({ date, block, className }: { date: string; block: string; className?: string }) {
  const parts = eventDateParts(date);
  const dateClass = className ? `${block}__date ${className}` : `${block}__date`;
  if (!parts) return <span className={dateClass}>{date}</span>;
  return (
    <time className={dateClass} dateTime={date}>
      <span className="visually-hidden">{parts.full}</span>
      <span className={`${block}__weekday`} aria-hidden="true">
        {parts.weekday}
      </span>
      <span className={`${block}__day`} aria-hidden="true">
        {parts.day}
      </span>
      <span className={`${block}__month`} aria-hidden="true">
        {parts.monthYear}
      </span>
    </time>
  );
}
