/**
 * Set-up of every component test (vitest.config.ts, project `components`; docs/testing.md): no
 * request leaves the test, and each test starts with an empty page and empty storage.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The data client fetches its config and the API with fetch: a component test that reaches for
// the network without meaning to fails here, instead of calling whatever listens on this machine.
vi.stubGlobal('fetch', (input: unknown) => Promise.reject(new TypeError(`No network in component tests (asked for ${String(input)})`)));

afterEach(() => {
  cleanup();
  // What cleanup leaves: elements made outside React (the toasts' host), and what the app stored.
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
});
