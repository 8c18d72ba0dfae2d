import { describe, expect, it } from 'vitest';
import { calendarRoutesServed } from './calendar-file';

/** A page whose embedded client config is `text` (or that has none, as on static hosting). */
const pageWith = (text?: string) =>
  ({
    getElementById: (id: string) => (id === 'amplify-outputs' && text !== undefined ? { textContent: text } : null),
  }) as unknown as Document;

const outputs = (region: string) => JSON.stringify({ version: '1.4', data: { url: '/graphql', aws_region: region, api_key: 'da2-x' } });

describe('which backend serves the .ics files', () => {
  it('is the local server when the page carries its embedded config (region local)', () => {
    expect(calendarRoutesServed(pageWith(outputs('local')))).toBe(true);
  });

  it('is no server on static hosting (config fetched, not embedded) or with a cloud config', () => {
    expect(calendarRoutesServed(pageWith())).toBe(false);
    expect(calendarRoutesServed(pageWith(outputs('us-east-1')))).toBe(false);
    expect(calendarRoutesServed(pageWith('{broken'))).toBe(false);
  });
});
