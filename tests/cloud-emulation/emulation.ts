/**
 * The synthesized backend, up on loopback: DynamoDB Local with the stack's tables, s3rver with its
 * buckets behind a POST-policy check, its Lambda functions, and the AppSync endpoint with the
 * authorizer in front, all within AWS's limits (limits.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readSynthesizedBackend, type SynthesizedBackend } from './backend';
import { LambdaFunction, type LambdaHooks } from './lambda-runtime';
import { limitsFromEnvironment } from './limits';
import { createTables, OFFLINE_CREDENTIALS, startDynamoDbLocal, startS3 } from './services';
import { startAppSync, type AppSyncEndpoint } from './appsync';

export interface Emulation {
  backend: SynthesizedBackend;
  appsync: AppSyncEndpoint;
  dynamoEndpoint: string;
  s3Endpoint: string;
  /** The environment that points the AWS SDK (and our scripts) at the emulated services. */
  awsEnvironment: Record<string, string>;
  stop(): Promise<void>;
}

export interface EmulationPorts {
  appsync: number;
  dynamo: number;
  s3: number;
}

export interface EmulationOptions {
  apiKey?: string;
  /**
   * Values for variables the template already gives a function (SMTP_PORT, SHOP_SITE_ORIGIN), as a
   * second deploy of the same backend with other settings would have: each site of `npm run
   * test:cloud` mails its own links to its own inbox. A variable a function lacks is not added.
   */
  deployEnvironment?: Record<string, string>;
}

export async function startEmulation(synthDir: string, ports: EmulationPorts, options: EmulationOptions = {}): Promise<Emulation> {
  const { apiKey = 'da2-offlineemulationkey', deployEnvironment = {} } = options;
  const stops: Array<() => Promise<void> | void> = [];
  // Last started, first stopped; every part is stopped even when one fails, and only once.
  const stop = async () => {
    for (const fn of stops.splice(0).reverse())
      await Promise.resolve()
        .then(fn)
        .catch((error: unknown) => console.error('stopping the emulation:', error));
  };
  try {
    const graphqlUrl = `http://127.0.0.1:${ports.appsync}/graphql`;
    const backend = readSynthesizedBackend(synthDir, graphqlUrl, apiKey);
    for (const fn of backend.functions.values())
      for (const [name, value] of Object.entries(deployEnvironment)) if (name in fn.environment) fn.environment[name] = value;

    const dynamo = await startDynamoDbLocal(ports.dynamo);
    stops.push(dynamo.stop);
    await createTables(dynamo.endpoint, backend.tables, backend.timeToLive);

    const s3Dir = mkdtempSync(join(tmpdir(), 'patterson-s3-'));
    stops.push(() => rmSync(s3Dir, { recursive: true, force: true }));
    // An object stored under an event rule's prefix invokes the rule's function with its input, as
    // EventBridge does (after the answer to the PUT, and once the functions are up).
    let objectCreated = (_bucket: string, _key: string): void => undefined;
    const s3 = await startS3(ports.s3, s3Dir, backend.buckets, (bucket, key) => objectCreated(bucket, key));
    stops.push(s3.stop);

    const awsEnvironment = {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: OFFLINE_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: OFFLINE_CREDENTIALS.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_ENDPOINT_URL_S3: s3.endpoint,
    };
    // AWS's limits, or what CLOUD_LIMIT_* says (design §8); one object, so a test's change reaches all.
    const limits = limitsFromEnvironment();
    const hooks: LambdaHooks = { slowFunction: '', slowByMs: 0 };
    const lambdas = new Map(
      [...backend.functions.values()].map((definition) => [definition.name, new LambdaFunction(definition, awsEnvironment, limits, hooks)]),
    );
    stops.push(() => {
      for (const fn of lambdas.values()) fn.stop();
    });
    objectCreated = (bucket, key) => {
      for (const rule of backend.objectCreatedRules)
        if (rule.bucket === bucket && key.startsWith(rule.prefix))
          lambdas
            .get(rule.functionName)
            ?.invoke(rule.input)
            .catch((error: unknown) => console.error(`the event rule of ${rule.prefix} failed:`, error));
    };

    const appsync = await startAppSync(backend, lambdas, {
      port: ports.appsync,
      apiKey,
      dynamoEndpoint: dynamo.endpoint,
      limits,
      hooks,
    });
    stops.push(
      () =>
        new Promise<void>((resolve) => {
          appsync.server.closeAllConnections();
          appsync.server.close(() => resolve());
        }),
    );
    return { backend, appsync, dynamoEndpoint: dynamo.endpoint, s3Endpoint: s3.endpoint, awsEnvironment, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
