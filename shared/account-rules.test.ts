import { describe, expect, it } from 'vitest';
import { canReserve, requiresConfirmedEmail } from './account-rules';
import { confirmEmailFirstMessage } from './messages';

describe('the confirmed e-mail rule', () => {
  it('lets a confirmed account reserve', () => {
    expect(requiresConfirmedEmail({ email: 'ann@example.com', emailConfirmed: true })).toBeNull();
    expect(canReserve({ email: 'ann@example.com', emailConfirmed: true })).toBe(true);
  });

  it('stops an unconfirmed account (or one from before confirmation existed) and names the address', () => {
    for (const emailConfirmed of [false, null, undefined]) {
      expect(requiresConfirmedEmail({ email: 'ann@example.com', emailConfirmed })).toBe(confirmEmailFirstMessage('ann@example.com'));
      expect(canReserve({ email: 'ann@example.com', emailConfirmed })).toBe(false);
    }
    expect(confirmEmailFirstMessage('ann@example.com')).toContain('ann@example.com is not confirmed yet');
  });
});
