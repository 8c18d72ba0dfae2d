/**
 * The DynamoDB calls the cloud's stores make, as a narrow port over the SDK's document client
 * (dynamo-client.ts adapts the real one). The stores take this port, so their tests can run them
 * against an in-memory fake (tests/support/fake-dynamo/) here, where no real DynamoDB can run. Inputs are the
 * SDK's own command inputs.
 */
import type {
  DeleteCommandInput,
  GetCommandInput,
  PutCommandInput,
  QueryCommandInput,
  ScanCommandInput,
  TransactWriteCommandInput,
  UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';

export type Item = Record<string, unknown>;

/** One operation of a TransactWriteItems call, as the document client takes it. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface DynamoPort {
  get(input: GetCommandInput): Promise<Item | undefined>;
  put(input: PutCommandInput): Promise<void>;
  /** Returns the item as updated (ReturnValues ALL_NEW). */
  update(input: UpdateCommandInput): Promise<Item | undefined>;
  delete(input: DeleteCommandInput): Promise<void>;
  query(input: QueryCommandInput): Promise<{ items: Item[]; lastKey?: Item }>;
  scan(input: ScanCommandInput): Promise<{ items: Item[]; lastKey?: Item; count: number }>;
  transactWrite(input: TransactWriteCommandInput): Promise<void>;
}

/** Why each item of a cancelled transaction failed (`ConditionalCheckFailed`, `None`, ...), or null. */
export function cancellationReasons(error: unknown): string[] | null {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return null;
  const reasons = (error as Error & { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
  return reasons.map((reason) => reason.Code ?? 'None');
}

export const isConditionFailure = (error: unknown) => error instanceof Error && error.name === 'ConditionalCheckFailedException';

/** Reads every page of a query or scan. */
export async function allPages(read: (startKey: Item | undefined) => Promise<{ items: Item[]; lastKey?: Item }>): Promise<Item[]> {
  const items: Item[] = [];
  let startKey: Item | undefined;
  do {
    const page = await read(startKey);
    items.push(...page.items);
    startKey = page.lastKey;
  } while (startKey);
  return items;
}

/** An ISO timestamp later than `previous` (+1 ms when the clock has not moved), as the local store keeps it. */
export function nextTimestamp(now: number, previous?: unknown): string {
  const last = typeof previous === 'string' ? Date.parse(previous) : Number.NaN;
  return new Date(Number.isNaN(last) ? now : Math.max(now, last + 1)).toISOString();
}
