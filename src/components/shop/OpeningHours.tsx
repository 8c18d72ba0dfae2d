/**
 * The shop's opening hours as the storefront shows them (decision 0193): today's status in New
 * York ("Open today 9 AM - 9 PM", "Closed today", "Opens tomorrow at 10 AM"), the week, and the
 * special dates ahead. Used by the footer, Visit Us and About Us; nothing while no hours are set.
 */
import { todayStatus, upcomingSpecialDates, weeklySummary, type ShopHoursSource } from '../../../shared/shop-hours';
import { useNow } from '../../lib/shop-settings';
import './opening-hours.css';

export interface OpeningHoursProps {
  hours: ShopHoursSource | null;
  /** Whether to list the special dates ahead (the footer leaves them to the status line). */
  withSpecialDates?: boolean;
  /** The id of the heading the week's list is named by. */
  labelledBy?: string;
}

export function OpeningHours({ hours, withSpecialDates = true, labelledBy }: OpeningHoursProps) {
  const now = useNow();
  const status = todayStatus(hours, now);
  if (!status) return null;
  const week = weeklySummary(hours);
  const specials = withSpecialDates ? upcomingSpecialDates(hours, now) : [];
  return (
    <div className="opening-hours">
      <p className={`opening-hours__status${status.openNow ? ' opening-hours__status--open' : ''}`} data-hours-status>
        <strong>{status.today}</strong>
        {status.next ? (
          <span className="opening-hours__next">
            <span className="visually-hidden">. </span>
            {status.next}
          </span>
        ) : null}
      </p>
      <dl className="opening-hours__week" aria-labelledby={labelledBy}>
        {week.map((line) => (
          <div key={line.days} className="opening-hours__row">
            <dt>{line.days}</dt>
            <dd>{line.hours}</dd>
          </div>
        ))}
      </dl>
      {specials.length ? (
        <>
          <p className="opening-hours__special-title">Special hours</p>
          <ul className="opening-hours__specials">
            {specials.map((special) => (
              <li key={special.date}>
                <span className="opening-hours__special-day">{special.day}</span> {special.label ? `${special.label}: ` : ''}
                {special.hoursText}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
