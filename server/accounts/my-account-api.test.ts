/**
 * A customer's own account on the local server: the battery both backends run
 * (tests/support/account-battery.ts), links stored as the sign-up mail stores them.
 */
import { describe } from 'vitest';
import { accountBattery } from '../../tests/support/account-battery';
import { localBatteryServer } from '../../tests/support/local-battery';
import { postGraphQL, TEST_PASSWORD } from '../../tests/support/test-server';
import { hashToken, newSessionToken } from '../auth/sessions';
import { confirmStamp, DEFAULT_THROTTLE_RULES } from './account-service';
import { SqliteAccountStore } from './account-store';

// The battery signs up more accounts than one address may in 6 minutes.
const local = localBatteryServer({
  overrides: { throttleRules: { ...DEFAULT_THROTTLE_RULES, signUpPerAddress: { burst: 100, intervalMs: 6 * 60_000 } } },
});

describe("a customer's own account (local server)", () => {
  accountBattery({
    ...local,
    as: async (token, query, variables = {}) => (await postGraphQL(local.server(), { query, variables }, { authorization: token })).body,
    async storeConfirmLink(userId, email, expiresAt) {
      const token = newSessionToken();
      await new SqliteAccountStore(local.server().store).saveResetToken(
        { tokenHash: hashToken(token), userId, expiresAt, stamp: confirmStamp(email) },
        Date.now(),
      );
      return token;
    },
    password: TEST_PASSWORD,
  });
});
