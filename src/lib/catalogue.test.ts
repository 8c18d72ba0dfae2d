import { describe, expect, it } from 'vitest';
import { byIndex, listAll, type ListPage } from './catalogue';

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
