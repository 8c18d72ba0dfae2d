/**
 * The AWS services the synthesized stack uses, on this machine: DynamoDB Local (the jar that
 * amplify-dynamodb-simulator ships, on the machine's Java) and s3rver behind a policy-checking
 * front. Both are started and stopped by the caller; DynamoDB Local listens on every interface, so
 * run.ts starts the whole emulation inside a private network namespace.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { CorsRule, SynthesizedBackend } from './backend';
import { startS3Front } from './s3-front';
import { OFFLINE_CREDENTIALS } from './offline-credentials';
import { CreateTableCommand, DynamoDBClient, UpdateTimeToLiveCommand, type CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

const require = createRequire(import.meta.url);

export { OFFLINE_CREDENTIALS };

export async function startDynamoDbLocal(port: number): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const emulator = join(dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
  const java: ChildProcess = spawn(
    'java',
    [
      `-Djava.library.path=${join(emulator, 'DynamoDBLocal_lib')}`,
      '-jar',
      join(emulator, 'DynamoDBLocal.jar'),
      '-port',
      String(port),
      '-inMemory',
      '-sharedDb',
      '-disableTelemetry',
    ],
    { cwd: emulator, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const endpoint = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => java.once('exit', () => resolve()));
  const client = dynamoClient(endpoint);
  for (let attempt = 0; ; attempt++) {
    if (java.exitCode !== null) throw new Error(`DynamoDB Local exited with ${java.exitCode}`);
    try {
      await client.send(
        new CreateTableCommand({
          TableName: '_ready',
          AttributeDefinitions: [{ AttributeName: 'k', AttributeType: 'S' }],
          KeySchema: [{ AttributeName: 'k', KeyType: 'HASH' }],
          BillingMode: 'PAY_PER_REQUEST',
        }),
      );
      break;
    } catch (error) {
      if (attempt > 120) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return {
    endpoint,
    stop: async () => {
      java.kill();
      await exited;
    },
  };
}

export function dynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: OFFLINE_CREDENTIALS });
}

export async function createTables(endpoint: string, tables: CreateTableCommandInput[], ttl: Record<string, string>): Promise<void> {
  const client = dynamoClient(endpoint);
  for (const table of tables) {
    await client.send(new CreateTableCommand(table));
    const attribute = ttl[table.TableName!];
    if (attribute)
      await client.send(
        new UpdateTimeToLiveCommand({ TableName: table.TableName, TimeToLiveSpecification: { AttributeName: attribute, Enabled: true } }),
      );
  }
}

/** CloudFormation's CorsRules as the CORS configuration XML S3 (and s3rver) takes. */
export function corsXml(rules: CorsRule[]): string {
  const each = (tag: string, values: string[] = []) => values.map((value) => `<${tag}>${value}</${tag}>`).join('');
  return `<CORSConfiguration>${rules.map((rule) => `<CORSRule>${each('AllowedMethod', rule.AllowedMethods)}${each('AllowedOrigin', rule.AllowedOrigins)}${each('AllowedHeader', rule.AllowedHeaders)}${each('ExposeHeader', rule.ExposedHeaders)}${rule.MaxAge === undefined ? '' : `<MaxAgeSeconds>${rule.MaxAge}</MaxAgeSeconds>`}</CORSRule>`).join('')}</CORSConfiguration>`;
}

interface S3EventRecords {
  Records: Array<{ eventName: string; s3: { bucket: { name: string }; object: { key: string } } }>;
}

/**
 * s3rver with the template's buckets and their CORS rules (the browser POSTs uploads to the media
 * bucket from the site's origin), behind a front (s3-front.ts) that holds each presigned POST to
 * its policy as S3 does: s3rver 3.7 ignores the policy (signature, key, expiry,
 * content-length-range: "unimplemented" in its postObject). s3rver listens on a port of its own.
 */
export async function startS3(
  port: number,
  directory: string,
  buckets: SynthesizedBackend['buckets'],
  onObjectCreated: (bucket: string, key: string) => void = () => undefined,
): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const S3rver = require('s3rver') as new (options: Record<string, unknown>) => {
    run: () => Promise<{ port: number }>;
    close: () => Promise<void>;
    on: (event: 'event', listener: (event: S3EventRecords) => void) => void;
  };
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    resetOnClose: true,
    allowMismatchedSignatures: true,
    configureBuckets: buckets.map(({ name, corsRules }) => ({ name, configs: corsRules.length ? [corsXml(corsRules)] : [] })),
  });
  // A bucket with EventBridge on sends each object it stores (s3rver's own event records, as S3 sends them).
  server.on('event', ({ Records }) => {
    for (const record of Records)
      if (record.eventName.startsWith('ObjectCreated:')) onObjectCreated(record.s3.bucket.name, decodeURIComponent(record.s3.object.key));
  });
  const { port: s3rverPort } = await server.run();
  const front = await startS3Front(port, new URL(`http://127.0.0.1:${s3rverPort}`), OFFLINE_CREDENTIALS);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      front.closeAllConnections();
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await server.close();
    },
  };
}
