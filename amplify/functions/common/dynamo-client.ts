/** The real DynamoDB behind DynamoPort: the SDK's document client, its transactions tokened and retried (dynamo-retry.ts). */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { DynamoPort } from './dynamo-port';
import { withTransactionRetries } from './dynamo-retry';

export function sdkDynamoPort(
  client = DynamoDBDocumentClient.from(new DynamoDBClient({}), { marshallOptions: { removeUndefinedValues: true } }),
): DynamoPort {
  return withTransactionRetries({
    get: async (input) => (await client.send(new GetCommand({ ...input, ConsistentRead: true }))).Item,
    put: async (input) => {
      await client.send(new PutCommand(input));
    },
    update: async (input) => (await client.send(new UpdateCommand({ ...input, ReturnValues: 'ALL_NEW' }))).Attributes,
    delete: async (input) => {
      await client.send(new DeleteCommand(input));
    },
    query: async (input) => {
      const output = await client.send(new QueryCommand(input));
      return { items: output.Items ?? [], lastKey: output.LastEvaluatedKey };
    },
    scan: async (input) => {
      const output = await client.send(new ScanCommand(input));
      return { items: output.Items ?? [], lastKey: output.LastEvaluatedKey, count: output.Count ?? 0 };
    },
    transactWrite: async (input) => {
      await client.send(new TransactWriteCommand(input));
    },
  });
}
