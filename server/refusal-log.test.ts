import { describe, expect, it } from 'vitest';
import { createRefusalLog } from './refusal-log';

describe('the refusal log', () => {
  const setup = () => {
    const lines: Array<Record<string, unknown>> = [];
    let clock = 1_000_000;
    const log = createRefusalLog(
      (line) => lines.push(JSON.parse(line) as Record<string, unknown>),
      () => clock,
      3,
    );
    return { lines, log, tick: (ms: number) => (clock += ms) };
  };

  it('clips every quoted text: an unknown field name of 255,000 characters is not logged whole', () => {
    const { lines, log } = setup();
    log({ status: 200, errorType: 'ValidationError', message: `Unknown field ${'x'.repeat(255_000)}`, address: '203.0.113.9' });
    expect(lines).toHaveLength(1);
    expect(JSON.stringify(lines[0]).length).toBeLessThan(600);
    expect(lines[0]).toMatchObject({ event: 'request-refused', errorType: 'ValidationError', address: '203.0.113.9' });
  });

  it('writes a few lines per address a minute, then one summary of the rest', () => {
    const { lines, log, tick } = setup();
    for (let i = 0; i < 1_000; i += 1) log({ status: 429, errorType: 'TooManyRequests', message: 'slow down', address: '203.0.113.9' });
    log({ status: 429, errorType: 'TooManyRequests', message: 'slow down', address: '198.51.100.7' });
    expect(lines.filter((line) => line.address === '203.0.113.9')).toHaveLength(3);
    expect(lines.filter((line) => line.address === '198.51.100.7')).toHaveLength(1);
    tick(60_000);
    log({ status: 429, errorType: 'TooManyRequests', message: 'slow down', address: '203.0.113.9' });
    expect(lines).toContainEqual(expect.objectContaining({ event: 'requests-refused-summary', address: '203.0.113.9', refused: 997 }));
    // A new minute: the address has its few lines again.
    expect(lines.at(-1)).toMatchObject({ event: 'request-refused', address: '203.0.113.9' });
    expect(lines).toHaveLength(6);
  });

  it('owes nothing when no refusal was held back, and flush writes what is owed', () => {
    const { lines, log } = setup();
    for (let i = 0; i < 5; i += 1) log({ status: 429, errorType: 'TooManyRequests', address: '203.0.113.9' });
    log.flush();
    expect(lines.at(-1)).toMatchObject({ event: 'requests-refused-summary', refused: 2 });
    const count = lines.length;
    log.flush();
    expect(lines).toHaveLength(count);
  });

  it('writes at most a few hundred lines a minute in all, however many addresses are refused', () => {
    const lines: Array<Record<string, unknown>> = [];
    const log = createRefusalLog(
      (line) => lines.push(JSON.parse(line) as Record<string, unknown>),
      () => 5_000_000,
      20,
      300,
    );
    // An IPv6 attacker: 50,000 addresses, 3 refusals each.
    for (let a = 0; a < 50_000; a += 1)
      for (let r = 0; r < 3; r += 1)
        log({ status: 200, errorType: 'ValidationError', message: 'x'.repeat(500), address: `2001:db8:${a.toString(16)}::/64` });
    log.flush();
    expect(lines.filter((line) => line.event === 'request-refused')).toHaveLength(300);
    const others = lines.filter((line) => line.address === 'others');
    // The first 100 addresses wrote their 3 lines each; the other 49,900 are one line (the
    // addresses past the 10,000 tracked in a minute count as one).
    expect(others).toEqual([expect.objectContaining({ event: 'requests-refused-summary', refused: 149_700, addresses: 9_901 })]);
    expect(lines.length).toBeLessThanOrEqual(2 * 300 + 1);
  });
});
