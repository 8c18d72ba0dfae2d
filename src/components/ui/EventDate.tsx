import { eventDateParts } from '../../lib/format';

/**
 * An event's day as SPEC §2 shows it: weekday (3 letters), day number, month abbreviation and
 * year, stacked; assistive technology hears the whole date once ("Saturday, March 15, 2025").
 * Classes follow the given BEM block: `${block}__date`, `__weekday`, `__day` and `__month`.
 */
export function EventDate({ date, block }: { date: string; block: string }) {
  const parts = eventDateParts(date);
  if (!parts) return <span className={`${block}__date`}>{date}</span>;
  return (
    <time className={`${block}__date`} dateTime={date}>
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
