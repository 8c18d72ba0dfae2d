import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { readsSettled } from './query-client';

describe('readsSettled', () => {
  it('resolves once every read under way has ended, failed ones too, and at once when none is', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await readsSettled(client);
    const answers: Array<() => void> = [];
    const held = (value: string) => () => new Promise<string>((resolve) => answers.push(() => resolve(value)));
    void client.prefetchQuery({ queryKey: ['a'], queryFn: held('a') });
    void client.prefetchQuery({ queryKey: ['b'], queryFn: () => Promise.reject(new Error('down')) });
    void client.prefetchQuery({ queryKey: ['c'], queryFn: held('c') });
    let settled = false;
    const waiting = readsSettled(client).then(() => (settled = true));
    answers[0]!();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    answers[1]!();
    await waiting;
    expect(client.getQueryData(['c'])).toBe('c');
  });
});
