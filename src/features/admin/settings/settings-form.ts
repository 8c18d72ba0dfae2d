/**
 * The Shop settings form (decision 0190), pure: the record as form values and back, and the
 * problems to show, found with the same rules the server applies (shared/shop-hours-rules.ts).
 */
import {
  dayHoursText,
  isMapUrl,
  MAX_LABEL_LENGTH,
  parseDayHours,
  specialDatesOf,
  specialDateText,
  weekdayOf,
  WEEKDAYS,
  type DayHours,
} from '../../../../shared/shop-hours';
import { dayHoursProblem, HOURS_MESSAGES, specialDatesProblem, weeklyHoursProblem } from '../../../../shared/shop-hours-rules';
import { priceBoundariesOf, priceBoundariesProblem } from '../../../../shared/price-ranges';
import { tastingRulesInput, tastingRulesOf, tastingRulesProblem } from '../../../../shared/tasting-rules';
import { tillFeedWarnHoursOf, tillFeedWarnHoursProblem, TILL_FEED_MESSAGES } from '../../../../shared/till-feed';
import { storeCodeProblem } from '../../../../shared/google-feeds';
import { reservationSettingsOf, reservationSettingsProblem } from '../../../../shared/reservation-limits';
import type { ShopSettingsRecord } from '../../../lib/shop-settings';

export interface DayForm {
  closed: boolean;
  open: string;
  close: string;
}
export interface SpecialForm extends DayForm {
  key: number;
  date: string;
  label: string;
}

export interface SettingsForm {
  name: string;
  address: string;
  phone: string;
  email: string;
  mapUrl: string;
  /** Sunday first, as stored. */
  week: DayForm[];
  specials: SpecialForm[];
  /** The menu's price boundaries as typed: "20, 40" (decision 0280). */
  priceBoundaries: string;
  /** The text shown on tastings (decision 0350): the stored one or the shipped default. */
  tastingRules: string;
  /** Hours without a till file before /admin-items warns (decision 0377), as typed. */
  tillFeedWarnHours: string;
  /** Google's store code (decision 0379), as typed; empty: not set. */
  googleStoreCode: string;
  /** One customer's share of an item's counted shelf, percent (decision 0374), as typed. */
  reservationShareCap: string;
}

/** The order the editor lists the days in: Monday first. */
export const EDITOR_DAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** Opening hours a day gets when it is opened in the editor. */
export const defaultHours = (weekday: number): { open: string; close: string } =>
  weekday === 0 ? { open: '12:00', close: '18:00' } : { open: '09:00', close: '21:00' };

const dayForm = (hours: DayHours | undefined, weekday: number): DayForm =>
  hours ? { closed: false, ...hours } : { closed: hours === null, ...defaultHours(weekday) };

let keys = 0;
export const newSpecialKey = () => ++keys;

export function formOf(
  record: ShopSettingsRecord | null | undefined,
  fallback: { name: string; address: string; phone: string; email: string },
): SettingsForm {
  const stored = record?.weeklyHours?.length === 7 ? record.weeklyHours : null;
  return {
    name: record?.name ?? fallback.name,
    address: record?.address ?? fallback.address,
    phone: record?.phone ?? fallback.phone,
    email: record?.email ?? fallback.email,
    mapUrl: record?.mapUrl ?? '',
    week: WEEKDAYS.map((_day, weekday) => {
      const text = stored?.[weekday];
      return dayForm(typeof text === 'string' ? parseDayHours(text) : undefined, weekday);
    }),
    specials: specialDatesOf(record).map((special) => ({
      key: newSpecialKey(),
      date: special.date,
      label: special.label,
      ...dayForm(special.hours, weekdayOf(special.date) ?? 1),
    })),
    priceBoundaries: priceBoundariesOf(record).join(', '),
    tastingRules: tastingRulesOf(record),
    tillFeedWarnHours: String(tillFeedWarnHoursOf(record)),
    googleStoreCode: record?.googleStoreCode ?? '',
    reservationShareCap: String(reservationSettingsOf(record).shareCap),
  };
}

/** The share as typed ("50", "50%"), as a whole number; NaN when it is not one. */
const shareCapOf = (text: string): number => (/^\s*\d{1,3}\s*%?\s*$/.test(text) ? Number(text.replace('%', '')) : Number.NaN);

/** The warning hours as typed, as a whole number; NaN when they are not one. */
const warnHoursOf = (text: string): number => (/^\s*\d{1,4}\s*$/.test(text) ? Number(text) : Number.NaN);

export const PRICE_BOUNDARIES_FORMAT = 'Enter whole dollar amounts separated by commas, such as 20, 40';

/** "20, 40" (or "$20 $40") as [20, 40]; empty as [] (no price filter); undefined when not whole dollar amounts. */
export function parsePriceBoundaries(text: string): number[] | undefined {
  const parts = text.trim()
    ? text
        .trim()
        .split(/[\s,]+/)
        .filter(Boolean)
    : [];
  if (!parts.every((part) => /^\$?\d{1,7}$/.test(part))) return undefined;
  return parts.map((part) => Number(part.replace('$', '')));
}

const hoursOf = (day: DayForm): DayHours => (day.closed ? null : { open: day.open, close: day.close });

/** What the form saves (UpdateShopSettingsInput without the id). */
export function inputOf(form: SettingsForm) {
  return {
    name: form.name.trim(),
    address: form.address.trim(),
    phone: form.phone.trim(),
    email: form.email.trim(),
    mapUrl: form.mapUrl.trim(),
    weeklyHours: form.week.map((day) => dayHoursText(hoursOf(day))),
    specialDates: form.specials.map((special) => specialDateText({ date: special.date, label: special.label, hours: hoursOf(special) })),
    priceBoundaries: parsePriceBoundaries(form.priceBoundaries) ?? [],
    tastingRules: tastingRulesInput(form.tastingRules),
    tillFeedWarnHours: warnHoursOf(form.tillFeedWarnHours),
    googleStoreCode: form.googleStoreCode.trim() || null,
    reservationShareCap: shareCapOf(form.reservationShareCap),
  };
}

export interface FormProblems {
  /** By weekday (0 Sunday). */
  days: Record<number, string>;
  /** By special date key. */
  specials: Record<number, string>;
  mapUrl?: string;
  priceBoundaries?: string;
  tastingRules?: string;
  tillFeedWarnHours?: string;
  googleStoreCode?: string;
  reservationShareCap?: string;
  /** The first problem, for the message beside Save; undefined when the form can be saved. */
  first?: string;
}

export const SPECIAL_DATE_REQUIRED = 'Each special date needs a date';

/** What stands in the way of saving, field by field. */
export function problemsOf(form: SettingsForm): FormProblems {
  const problems: FormProblems = { days: {}, specials: {} };
  const found: string[] = [];
  for (const weekday of EDITOR_DAY_ORDER) {
    const day = form.week[weekday]!;
    const hours = hoursOf(day);
    const problem =
      hours && (!day.open || !day.close) ? HOURS_MESSAGES.format(WEEKDAYS[weekday]) : dayHoursProblem(weekday, hours, WEEKDAYS[weekday]);
    if (problem) {
      problems.days[weekday] = problem;
      found.push(problem);
    }
  }
  const seen = new Set<string>();
  for (const special of form.specials) {
    const weekday = weekdayOf(special.date);
    const hours = hoursOf(special);
    let problem: string | null = null;
    if (weekday === undefined) problem = SPECIAL_DATE_REQUIRED;
    else if (seen.has(special.date)) problem = HOURS_MESSAGES.specialDuplicate(special.date);
    else if (special.label.trim().length > MAX_LABEL_LENGTH) problem = HOURS_MESSAGES.labelLength;
    else if (hours && (!special.open || !special.close)) problem = HOURS_MESSAGES.format(special.date);
    else problem = dayHoursProblem(weekday, hours, special.date);
    seen.add(special.date);
    if (problem) {
      problems.specials[special.key] = problem;
      found.push(problem);
    }
  }
  const mapUrl = form.mapUrl.trim();
  if (mapUrl && !isMapUrl(mapUrl)) {
    problems.mapUrl = HOURS_MESSAGES.mapUrl;
    found.push(HOURS_MESSAGES.mapUrl);
  }
  const boundaries = parsePriceBoundaries(form.priceBoundaries);
  const boundariesProblem = boundaries ? priceBoundariesProblem(boundaries) : PRICE_BOUNDARIES_FORMAT;
  if (boundariesProblem) {
    problems.priceBoundaries = boundariesProblem;
    found.push(boundariesProblem);
  }
  const rulesProblem = tastingRulesProblem(form.tastingRules);
  if (rulesProblem) {
    problems.tastingRules = rulesProblem;
    found.push(rulesProblem);
  }
  const warnHours = warnHoursOf(form.tillFeedWarnHours);
  const warnProblem = Number.isNaN(warnHours) ? TILL_FEED_MESSAGES.warnHours : tillFeedWarnHoursProblem(warnHours);
  if (warnProblem) {
    problems.tillFeedWarnHours = warnProblem;
    found.push(warnProblem);
  }
  const storeCode = storeCodeProblem(form.googleStoreCode.trim());
  if (storeCode) {
    problems.googleStoreCode = storeCode;
    found.push(storeCode);
  }
  const shareProblem = reservationSettingsProblem({ reservationShareCap: shareCapOf(form.reservationShareCap) });
  if (shareProblem) {
    problems.reservationShareCap = shareProblem;
    found.push(shareProblem);
  }
  // Anything the field checks missed, as the server would say it.
  const input = inputOf(form);
  const rest = weeklyHoursProblem(input.weeklyHours) ?? specialDatesProblem(input.specialDates);
  if (rest && !found.length) found.push(rest);
  problems.first = found[0];
  return problems;
}
