import { describe, expect, it } from 'vitest';
import {
  TILL_FEED_MESSAGES,
  TILL_FEED_WARN_HOURS,
  tillFeedSummary,
  tillFeedWarnHoursOf,
  tillFeedWarnHoursProblem,
  tillFeedWarning,
  type TillFeedRun,
} from './till-feed';

const NOW = new Date('2026-11-28T18:00:00.000Z');
const RUN: TillFeedRun = {
  file: 'stock.csv',
  receivedAt: '2026-11-28T06:00:00.000Z',
  startedAt: '2026-11-28T06:00:01.000Z',
  finishedAt: '2026-11-28T06:00:02.000Z',
  outcome: 'done',
  rows: 190,
  applied: 182,
  unknownUpcs: ['1', '2'],
  unknownUpcCount: 5,
  leftOut: [{ line: 4, message: 'UPC: No UPC' }],
  leftOutCount: 3,
  warnings: [],
  skipped: '',
  failure: null,
};

describe('the till feed in words (decision 0377)', () => {
  it('sums a run up by its counts, not by the lines listed', () => {
    expect(tillFeedSummary(RUN)).toBe('Applied 182 of 190 rows; 5 UPCs not found; 3 rows left out.');
    expect(tillFeedSummary({ ...RUN, applied: 1, rows: 1, unknownUpcCount: 0, leftOutCount: 0 })).toBe('Applied 1 of 1 row.');
    expect(tillFeedSummary({ ...RUN, outcome: 'failed', failure: 'No UPC column' })).toBe('Not applied: No UPC column');
  });

  it('warns once the feed has been quiet longer than the hours set, never before a first file or with 0', () => {
    expect(tillFeedWarning(RUN, 26, NOW)).toBeNull();
    expect(tillFeedWarning(RUN, 11, NOW)).toBe(
      'The last till file came 12 hours ago: check that the till still exports its stock into the till inbox.',
    );
    expect(tillFeedWarning(RUN, 12, NOW)).toBeNull();
    expect(tillFeedWarning(null, 1, NOW)).toBeNull();
    expect(tillFeedWarning(RUN, 0, NOW)).toBeNull();
  });

  it('keeps the warning hours whole and in range; unset or out of range reads as the default', () => {
    for (const good of [null, undefined, 0, 26, TILL_FEED_WARN_HOURS.max]) expect(tillFeedWarnHoursProblem(good)).toBeNull();
    for (const bad of [-1, 1.5, TILL_FEED_WARN_HOURS.max + 1, '12', Number.NaN])
      expect(tillFeedWarnHoursProblem(bad)).toBe(TILL_FEED_MESSAGES.warnHours);
    expect(tillFeedWarnHoursOf(null)).toBe(26);
    expect(tillFeedWarnHoursOf({ tillFeedWarnHours: 0 })).toBe(0);
    expect(tillFeedWarnHoursOf({ tillFeedWarnHours: 9999 })).toBe(26);
  });
});
