/**
 * Both sign-in failures ('User not found', 'Incorrect password') take the same time. A timing
 * measurement, so `npm test` runs this file on its own after the others (vitest.config.ts leaves
 * it out unless TIMING_TESTS=1): parallel test files would add their noise to the medians.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postGraphQL, startTestServer, type TestServer } from '../../tests/support/test-server';

let server: TestServer;
let clock = Date.now();
const GOOD = 'Corkscrew#2024';

beforeAll(async () => {
  server = await startTestServer({ overrides: { now: () => clock } });
});
afterAll(async () => {
  await server?.stop();
});

async function signIn(email: string, password: string) {
  const query = 'mutation ($email: String, $password: String) { signIn(email: $email, password: $password) { token } }';
  return (await postGraphQL(server, { query, variables: { email, password } })).body;
}

describe('sign-in timing', () => {
  it('costs the same for an unknown e-mail as for a wrong password (median gap < 5 ms over 80 tries each)', async () => {
    const email = `timing.${process.pid}@example.com`;
    const signUp =
      'mutation ($e: String) { signUp(firstName: "T", lastName: "T", email: $e, password: "Corkscrew#2024", confirmPassword: "Corkscrew#2024") { token } }';
    expect((await postGraphQL(server, { query: signUp, variables: { e: email } })).body.errors).toBeUndefined();
    await signIn(email, GOOD); // warm up both code paths
    await signIn(`ghost.${email}`, GOOD);
    const time = async (address: string) => {
      const started = performance.now();
      const result = await signIn(address, 'Wrong#Pass1');
      const elapsed = performance.now() - started;
      expect(result.errors?.[0]?.message).toMatch(/User not found|Incorrect password/);
      clock += 60 * 60_000; // a fresh throttle window for every try
      return elapsed;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, alternating which goes first, so drift in the machine's load hits both alike.
    for (let i = 0; i < 80; i += 1) {
      if (i % 2 === 0) {
        known.push(await time(email));
        unknown.push(await time(`ghost${i}.${email}`));
      } else {
        unknown.push(await time(`ghost${i}.${email}`));
        known.push(await time(email));
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const gap = Math.abs(median(known) - median(unknown));
    console.log(
      `sign-in failure medians: known ${median(known).toFixed(1)} ms, unknown ${median(unknown).toFixed(1)} ms, gap ${gap.toFixed(2)} ms`,
    );
    expect(median(known)).toBeGreaterThan(10); // a real bcrypt comparison ran
    expect(gap).toBeLessThan(5);
  }, 180_000);
});
