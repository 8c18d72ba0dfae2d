import { describe, expect, it } from 'vitest';
import { byIndex, fillPage, listAll, listAllPrepared, type ListPage } from './catalogue';

/** A fake `list` serving `records` in pages of `size`, recording the tokens it was given. */
function pager<T>(records: T[], size: number) {
  const calls: Array<string | undefined> = [];
  const fetchPage = async (nextToken: string | undefined): Promise<ListPage<T>> => {
    calls.push(nextToken);
    const start = nextToken ? Number(nextToken) : 0;
    const end = start + size;
    return { data: records.slice(start, end), nextToken: end < records.length ? String(end) : null };
  };
  return { calls, fetchPage };
}

describe('listAll', () => {
  it('follows nextToken until it is null', async () => {
    const records = Array.from({ length: 2500 }, (_, i) => i);
    const { calls, fetchPage } = pager(records, 1000);
    expect(await listAll(fetchPage)).toEqual(records);
    expect(calls).toEqual([undefined, '1000', '2000']);
  });

  it('reads a single page', async () => {
    const { calls, fetchPage } = pager(['a', 'b'], 1000);
    expect(await listAll(fetchPage)).toEqual(['a', 'b']);
    expect(calls).toEqual([undefined]);
  });

  it('throws when a page has errors and no data', async () => {
    await expect(listAll(async () => ({ data: [], errors: [{ message: 'Unauthorized' }] }))).rejects.toThrow('Unauthorized');
  });

  it('keeps partial data that came with errors', async () => {
    expect(await listAll(async () => ({ data: [1], errors: [{ message: 'partial' }], nextToken: null }))).toEqual([1]);
  });

  it('stops when the server repeats a token', async () => {
    let calls = 0;
    const result = await listAll(async () => ({ data: [calls++], nextToken: 'same' }));
    expect(result).toEqual([0, 1]);
  });
});

/**
 * A fake filtered DynamoDB Scan: each call reads `limit` records from where the token points and
 * returns those that match, with a token when records are left, so pages come back short or empty.
 */
function scan<T>(records: T[], matches: (record: T) => boolean) {
  const calls: Array<{ limit: number; returned: number }> = [];
  const fetchPage = async (nextToken: string | undefined, limit: number): Promise<ListPage<T>> => {
    const start = nextToken ? Number(nextToken) : 0;
    const end = Math.min(start + limit, records.length);
    const data = records.slice(start, end).filter(matches);
    calls.push({ limit, returned: data.length });
    return { data, nextToken: end < records.length ? String(end) : null };
  };
  return { calls, fetchPage };
}

describe('fillPage', () => {
  const records = Array.from({ length: 500 }, (_, i) => i);
  const everyThird = (n: number) => n % 3 === 0;

  it('asks again, each time for the records still missing, until the page holds `size`', async () => {
    const { calls, fetchPage } = scan(records, everyThird);
    const page = await fillPage(fetchPage, 50);
    expect(page.items).toEqual(records.filter(everyThird).slice(0, 50));
    expect(page.nextToken).not.toBeNull();
    expect(calls.length).toBeGreaterThan(1);
    let held = 0;
    for (const call of calls) {
      expect(call.limit).toBe(50 - held);
      held += call.returned;
    }
  });

  it('hands back a token that goes on without losing or repeating a record', async () => {
    const { fetchPage } = scan(records, everyThird);
    const pages: number[][] = [];
    let token: string | undefined;
    do {
      const page = await fillPage(fetchPage, 50, token);
      pages.push(page.items);
      token = page.nextToken ?? undefined;
    } while (token !== undefined);
    expect(pages.flat()).toEqual(records.filter(everyThird));
    expect(pages.slice(0, -1).every((page) => page.length === 50)).toBe(true);
  });

  it('goes on past empty pages, and ends short with no token when the list ends', async () => {
    const { fetchPage } = scan(records, (n) => n >= 480);
    expect(await fillPage(fetchPage, 50)).toEqual({ items: records.slice(480), nextToken: null });
  });

  it('makes one call when the page comes back full (the local server)', async () => {
    const { calls, fetchPage } = scan(records, () => true);
    expect(await fillPage(fetchPage, 50)).toEqual({ items: records.slice(0, 50), nextToken: '50' });
    expect(calls).toEqual([{ limit: 50, returned: 50 }]);
  });

  it('throws on errors without data and stops on a repeated token', async () => {
    await expect(fillPage(async () => ({ data: null, errors: [{ message: 'Unauthorized' }] }), 50)).rejects.toThrow('Unauthorized');
    expect(await fillPage(async () => ({ data: [1], nextToken: 'same' }), 50, 'same')).toEqual({ items: [1], nextToken: null });
  });
});

describe('byIndex', () => {
  it('sorts by index, missing ones last, stable among equals', () => {
    const sorted = byIndex([
      { id: 'c', index: 2 },
      { id: 'x', index: null },
      { id: 'a', index: 0 },
      { id: 'b1', index: 1 },
      { id: 'b2', index: 1 },
    ]);
    expect(sorted.map((r) => r.id)).toEqual(['a', 'b1', 'b2', 'c', 'x']);
  });
});

describe('listAllPrepared', () => {
  it("prepares each page after the next one has been asked for, and hands the prepared pages back in the list's order", async () => {
    const events: string[] = [];
    const pages: Record<string, { data: number[]; nextToken: string | null }> = {
      start: { data: [3, 1], nextToken: 'b' },
      b: { data: [2], nextToken: 'c' },
      c: { data: [5, 4], nextToken: null },
    };
    const prepared = await listAllPrepared(
      async (nextToken) => {
        events.push(`ask ${nextToken ?? 'start'}`);
        return pages[nextToken ?? 'start']!;
      },
      (records) => {
        events.push(`prepare ${records.join(',')}`);
        return [...records].sort();
      },
    );
    expect(prepared).toEqual([[1, 3], [2], [4, 5]]);
    expect(events.indexOf('ask b')).toBeLessThan(events.indexOf('prepare 3,1'));
    expect(events.indexOf('ask c')).toBeLessThan(events.indexOf('prepare 2'));
  });

  it('fails as the list fails, and with the error of a page that could not be prepared', async () => {
    await expect(
      listAllPrepared(
        async (nextToken) => {
          if (nextToken) throw new Error('page 2 is gone');
          return { data: [1], nextToken: 'next' };
        },
        (records) => records,
      ),
    ).rejects.toThrow('page 2 is gone');
    await expect(
      listAllPrepared(
        async () => ({ data: [1], nextToken: null }),
        () => {
          throw new Error('unreadable');
        },
      ),
    ).rejects.toThrow('unreadable');
  });
});
