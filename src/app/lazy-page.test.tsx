import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { FirstReads } from '../lib/query-client';
import { lazyPage } from './lazy-page';

const Page = () => <p>page</p>;

/** A page whose chunk load and first reads are counted. */
function countedPage() {
  const reads = vi.fn<FirstReads>();
  const load = vi.fn(async () => ({ Page, reads }));
  return {
    reads,
    load,
    page: lazyPage(
      load,
      (m) => m.Page,
      (m) => m.reads,
    ),
  };
}

describe('a lazily loaded page', () => {
  it('starts its first reads once its chunk is in, with the visit query and the client given', async () => {
    const { reads, load, page } = countedPage();
    const client = new QueryClient();

    await page.startReads(new URLSearchParams('category=wine'), client);

    expect(load).toHaveBeenCalledTimes(1);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(reads.mock.calls[0]![0].get('category')).toBe('wine');
    expect(reads.mock.calls[0]![1]).toBe(client);
  });

  it('loads its chunk once however it is asked, and preloading alone starts no read (the server renders with it)', async () => {
    const { reads, load, page } = countedPage();

    await page.preload();
    await page.preload();
    expect(reads).not.toHaveBeenCalled();
    await page.startReads(new URLSearchParams(), new QueryClient());
    expect(load).toHaveBeenCalledTimes(1);
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('without reads of its own, starting them only loads the chunk', async () => {
    const load = vi.fn(async () => ({ Page }));
    const page = lazyPage(load, (m) => m.Page);
    await expect(page.startReads(new URLSearchParams(), new QueryClient())).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
