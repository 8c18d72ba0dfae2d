/**
 * The composition's own rules (decision 0363): an operation declared once, services built once on
 * first use, an operation's activity entry recorded after it with the caller, reactions run for
 * every feature with a failure logged rather than undoing what landed. The shop's real reactions
 * are proven on both backends by the batteries (tests/support/account-deletion-battery.ts, the
 * notify-me, RSVP and reservation mail batteries).
 */
import { describe, expect, it } from 'vitest';
import { ROLE_ADMIN } from '../../shared/roles';
import { ActivityRecorder } from '../activity/activity-recorder';
import type { ActivityEntry } from '../../shared/activity';
import type { Principal } from '../auth/authorizer';
import type { RequestContext } from '../graphql/request-context';
import { composeShop, operationsOf } from './compose-shop';
import type { Feature } from './feature';
import { ACCOUNTS_FUNCTION, CATALOGUE_FUNCTION } from './lambdas';

const admin: Principal = { userId: 'admin-1', name: 'Pat', type: ROLE_ADMIN };
const context = {
  auth: { mode: 'lambda', principal: admin, deniedFields: new Set(), token: null },
  clientIp: '127.0.0.1',
} as unknown as RequestContext;

function memoryActivity() {
  const entries: ActivityEntry[] = [];
  return {
    entries,
    recorder: new ActivityRecorder({ add: (entry) => void entries.push(entry), list: () => ({ entries, nextToken: null }) }),
  };
}

const feature = (name: string, parts: Partial<Feature>): Feature => ({ name, lambda: CATALOGUE_FUNCTION, operations: {}, ...parts });

describe('composeShop', () => {
  it('refuses an operation two features declare', () => {
    const run = () => 1;
    expect(() =>
      operationsOf([
        feature('one', { operations: { 'Query.twice': { callers: 'staff', run } } }),
        feature('two', { operations: { 'Query.twice': { callers: 'staff', run } } }),
      ]),
    ).toThrow('Query.twice is declared by two features');
  });

  it('builds a service once, on first use, and names one this backend lacks', async () => {
    let built = 0;
    const { recorder } = memoryActivity();
    const shop = composeShop(
      {
        activity: () => {
          built += 1;
          return recorder;
        },
      },
      { features: [feature('activity', { operations: { 'Query.count': { callers: 'staff', run: () => built } } })] },
    );
    expect(built).toBe(0);
    expect(shop.services.activity).toBe(shop.services.activity);
    expect(built).toBe(1);
    expect(await shop.handlers['Query.count']!({}, context)).toBe(1);
    expect(() => shop.services.rsvps).toThrow('rsvps is not available here');
  });

  it("records an operation's activity entry after it, with the caller; a failing entry leaves the answer and is logged", async () => {
    const { entries, recorder } = memoryActivity();
    const logged: string[] = [];
    const shop = composeShop(
      { activity: () => recorder },
      {
        log: (message) => void logged.push(message),
        features: [
          feature('renamer', {
            lambda: ACCOUNTS_FUNCTION,
            operations: {
              'Mutation.rename': {
                callers: 'staff',
                run: (_services, args) => ({ id: 'x', name: args.name }),
                activity: {
                  before: async () => 'Old name',
                  facts: (_args, result, before) => ({
                    kind: 'account',
                    action: 'rename',
                    targetId: 'x',
                    targetName: (result as { name: string }).name,
                    changes: [{ field: 'name', before: before as string, after: (result as { name: string }).name }],
                  }),
                },
              },
              'Mutation.broken': {
                callers: 'staff',
                run: () => 'done',
                activity: {
                  facts: () => {
                    throw new Error('no facts');
                  },
                },
              },
            },
          }),
        ],
      },
    );
    expect(await shop.handlers['Mutation.rename']!({ name: 'New name' }, context)).toEqual({ id: 'x', name: 'New name' });
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'rename',
        actorId: 'admin-1',
        changes: [{ field: 'name', before: 'Old name', after: 'New name' }],
      }),
    ]);
    expect(await shop.handlers['Mutation.broken']!({}, context)).toBe('done');
    expect(logged).toEqual(['Mutation.broken was not recorded in the activity log']);
  });

  it("runs every feature's reaction to a model write; one failing is logged and the others still run", async () => {
    const seen: string[] = [];
    const logged: string[] = [];
    const shop = composeShop(
      {},
      {
        log: (message) => void logged.push(message),
        features: [
          feature('failing', {
            reactions: {
              modelWritten: () => {
                throw new Error('down');
              },
            },
          }),
          feature('listening', { reactions: { modelWritten: async (_services, write) => void seen.push(`${write.op} ${write.model}`) } }),
        ],
      },
    );
    const landed = await shop.modelWritten(
      { op: 'delete', model: 'Event', before: { id: 'e', createdAt: '', updatedAt: '' }, after: null },
      admin,
    );
    expect(landed).toBe(false);
    expect(seen).toEqual(['delete Event']);
    expect(logged).toEqual(['failing: modelWritten failed']);
  });
});
