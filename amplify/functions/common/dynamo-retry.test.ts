import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../server/errors';
import type { DynamoPort } from './dynamo-port';
import { busyMessage, retryKind, withTransactionRetries } from './dynamo-retry';

/** DynamoDB's cancellation, as the SDK throws it. */
const cancelled = (...codes: string[]) =>
  Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
const named = (name: string) => Object.assign(new Error(name), { name });

/** A port whose transactWrite answers with `outcomes` in turn (an error to throw, or null for success), recording each input. */
function scripted(outcomes: Array<Error | null>) {
  const calls: TransactWriteCommandInput[] = [];
  const port = {
    transactWrite: async (input: TransactWriteCommandInput) => {
      calls.push(input);
      const outcome = outcomes.shift();
      if (outcome) throw outcome;
    },
  } as unknown as DynamoPort;
  const sleeps: number[] = [];
  let tokens = 0;
  const retrying = withTransactionRetries(port, {
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    newToken: () => `token-${++tokens}`,
    random: () => 1,
  });
  return { retrying, calls, sleeps };
}

const input = { TransactItems: [{ Delete: { TableName: 't', Key: { id: 'a' } } }] } as TransactWriteCommandInput;

describe('transactions tried again as DynamoDB asks', () => {
  it('sends every transaction with a token, and retries a conflict as a new transaction with back-off', async () => {
    const { retrying, calls, sleeps } = scripted([cancelled('None', 'TransactionConflict'), cancelled('ThrottlingError'), null]);
    await retrying.transactWrite(input);
    expect(calls.map((call) => call.ClientRequestToken)).toEqual(['token-1', 'token-2', 'token-3']);
    expect(calls.every((call) => call.TransactItems === input.TransactItems)).toBe(true);
    expect(sleeps).toEqual([50, 100]);
  });

  it('retries an answer of unknown outcome with the same token, so it is applied once', async () => {
    const { retrying, calls } = scripted([named('TransactionInProgressException'), named('InternalServerError'), null]);
    await retrying.transactWrite(input);
    expect(calls.map((call) => call.ClientRequestToken)).toEqual(['token-1', 'token-1', 'token-1']);
  });

  it('never retries a failed condition: the caller reports the stale edit', async () => {
    const stale = cancelled('TransactionConflict', 'ConditionalCheckFailed');
    const { retrying, calls } = scripted([stale, null]);
    await expect(retrying.transactWrite(input)).rejects.toBe(stale);
    expect(calls).toHaveLength(1);
    const invalid = cancelled('ValidationError');
    await expect(scripted([invalid]).retrying.transactWrite(input)).rejects.toBe(invalid);
  });

  it('reports a conflict that outlasts every attempt as TooManyRequests, never as a stale edit', async () => {
    const { retrying, calls, sleeps } = scripted(Array.from({ length: 10 }, () => cancelled('TransactionConflict')));
    const error = await retrying.transactWrite(input).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ errorType: 'TooManyRequests', message: busyMessage, errorInfo: { retryAfterSeconds: 1 } });
    expect(calls).toHaveLength(6);
    expect(sleeps).toEqual([50, 100, 200, 400, 800]);
  });

  it('keeps a token the caller chose', async () => {
    const { retrying, calls } = scripted([null]);
    await retrying.transactWrite({ ...input, ClientRequestToken: 'mine' });
    expect(calls[0]!.ClientRequestToken).toBe('mine');
  });

  it('tells the kinds apart', () => {
    expect(retryKind(named('ThrottlingException'))).toBe('new-transaction');
    expect(retryKind(Object.assign(new Error('socket'), { code: 'ECONNRESET' }))).toBe('same-token');
    expect(retryKind(named('ValidationException'))).toBe('no');
    expect(retryKind('not an error')).toBe('no');
  });
});
