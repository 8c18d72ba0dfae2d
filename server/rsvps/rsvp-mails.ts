/**
 * The RSVP e-mails (product §12, decision 0346), built here for both backends: the confirmation
 * (with the event's calendar file, shared/event-calendar.ts, the same file the events page offers),
 * the waiting list's move up (with the file too), the day-before reminder and the event cancelled.
 * Plain text, as the reservation mails are. No text a customer typed goes into them (decision
 * 0266): the event's name and description and staff's reason are the shop's text.
 */
import { buildEventCalendar, CALENDAR_CONTENT_TYPE, type CalendarShop } from '../../shared/event-calendar';
import { eventFileName, eventSchedule } from '../../shared/event-schedule';
import { shop as shopFallback, shopAddressLine } from '../../shared/shop';
import { formatShortDate, formatTime } from '../../shared/shop-hours';
import type { MailMessage } from '../accounts/mailer';
import type { ConfirmedAddress } from '../../shared/account-rules';
import type { RsvpEventRecord, StoredRsvp } from './rsvp-types';

export type RsvpMailKind = 'confirmed' | 'promoted' | 'reminder' | 'eventCancelled';

export interface RsvpMailInput {
  rsvp: StoredRsvp;
  event: RsvpEventRecord;
  /** The account's confirmed address (customerMailAddress, decision 0369). */
  to: ConfirmedAddress;
  /** The shop's name and address as set (ShopSettings), else the shipped ones. */
  shop: Partial<CalendarShop> | null;
  /** The site's origin, for the events page's link; null when unknown. */
  siteOrigin: string | null;
  /** The shop's message to the guests of a cancelled event (not staff's own note, decision 0368). */
  reason?: string | null;
}

/** "Sat, Dec 5, 7 PM" or "Sat, Dec 5" for an event without a time. */
export function eventWhen(event: Pick<RsvpEventRecord, 'date' | 'time'>): string {
  const schedule = eventSchedule(event);
  if (!schedule || schedule.allDay) return formatShortDate(event.date);
  const { minutes } = schedule.start;
  const clock = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return `${formatShortDate(event.date)}, ${formatTime(clock)}`;
}

const places = (n: number) => (n === 1 ? '1 place' : `${n} places`);

/** The mail of `kind` for the customer's RSVP. */
export function rsvpMail(kind: RsvpMailKind, input: RsvpMailInput): MailMessage {
  const { rsvp, event, to } = input;
  const shop: CalendarShop = {
    name: input.shop?.name?.trim() || shopFallback.name,
    address: input.shop?.address?.trim() || shopAddressLine,
  };
  const when = eventWhen(event);
  const where = `${shop.name}, ${shop.address}`;
  const page = input.siteOrigin ? [`${input.siteOrigin}/events`] : [];
  const sign = ['', shop.name];
  const calendar = () => {
    const text = buildEventCalendar(event, { shop, pageUrl: input.siteOrigin ? `${input.siteOrigin}/events` : null });
    return text ? [{ filename: eventFileName(event), content: text, contentType: CALENDAR_CONTENT_TYPE }] : [];
  };
  switch (kind) {
    case 'confirmed':
      return {
        to,
        subject: `You're coming to ${event.name}`,
        text: [
          'Hello,',
          '',
          `We have your RSVP for ${places(rsvp.partySize)} at ${event.name}.`,
          '',
          `When: ${when}`,
          `Where: ${where}`,
          '',
          'The calendar file attached adds it to your calendar. Plans changed? Change or cancel your RSVP on the events page or in your account, so someone else can come.',
          ...page,
          ...sign,
        ].join('\n'),
        attachments: calendar(),
      };
    case 'promoted':
      return {
        to,
        subject: `A place opened up: you're coming to ${event.name}`,
        text: [
          'Hello,',
          '',
          `Good news: places opened up, and your RSVP for ${places(rsvp.partySize)} at ${event.name} moved up from the waiting list. You're coming.`,
          '',
          `When: ${when}`,
          `Where: ${where}`,
          '',
          'The calendar file attached adds it to your calendar. Cannot make it after all? Cancel your RSVP on the events page or in your account, so the next in line can come.',
          ...page,
          ...sign,
        ].join('\n'),
        attachments: calendar(),
      };
    case 'reminder':
      return {
        to,
        subject: `Tomorrow: ${event.name}`,
        text: [
          'Hello,',
          '',
          `A reminder: you're coming to ${event.name} with your party of ${rsvp.partySize}.`,
          '',
          `When: ${when}`,
          `Where: ${where}`,
          ...(event.isTasting ? ['', 'It is a tasting: please bring a photo ID showing you are 21 or older.'] : []),
          '',
          'Cannot make it? Please cancel your RSVP on the events page or in your account, so someone else can come.',
          ...page,
          ...sign,
        ].join('\n'),
      };
    case 'eventCancelled':
      return {
        to,
        subject: `Cancelled: ${event.name}`,
        text: [
          'Hello,',
          '',
          `We are sorry: ${event.name} (${when}) is cancelled, so your RSVP is cancelled too.`,
          ...(input.reason ? ['', `A word from the shop: ${input.reason}`] : []),
          '',
          'We hope to see you at another event.',
          ...page,
          ...sign,
        ].join('\n'),
      };
  }
}
