import { describe, expect, it, vi } from 'vitest';
import { createSessionStore } from './session-store';
import { writeSession } from './storage';
import { sampleSession, testStorage } from './testing';

describe('createSessionStore', () => {
  it('notifies subscribers on save and clear, and the snapshot follows', () => {
    const store = createSessionStore(testStorage());
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    expect(store.getSnapshot()).toBeNull();
    store.save(sampleSession());
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()?.name).toBe('Ana Lopez');
    store.clear();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.getSnapshot()).toBeNull();
    unsubscribe();
    store.save(sampleSession());
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('returns the same snapshot object while storage is unchanged', () => {
    const store = createSessionStore(testStorage());
    store.save(sampleSession());
    const first = store.getSnapshot();
    expect(store.getSnapshot()).toBe(first);
  });

  it('sees storage edited behind its back (a forged role)', () => {
    const storage = testStorage();
    const store = createSessionStore(storage);
    store.save(sampleSession({ type: 1 }));
    const before = store.getSnapshot();
    storage.setItem('role', '0');
    const after = store.getSnapshot();
    expect(after).not.toBe(before);
    expect(after?.role).toBe(0);
  });

  it('forgets a session past its expiry when created', () => {
    const storage = testStorage();
    writeSession(storage, sampleSession({ expiresAt: '2026-01-01T00:00:00Z' }));
    storage.setItem('other', 'x');
    const store = createSessionStore(storage, () => Date.parse('2026-01-02T00:00:00Z'));
    expect(store.getSnapshot()).toBeNull();
    expect(storage.dump()).toEqual({});
  });

  it('keeps a session that has not expired', () => {
    const storage = testStorage();
    writeSession(storage, sampleSession({ expiresAt: '2026-01-03T00:00:00Z' }));
    const store = createSessionStore(storage, () => Date.parse('2026-01-02T00:00:00Z'));
    expect(store.getSnapshot()?.authToken).toBe('tok-123');
  });
});
