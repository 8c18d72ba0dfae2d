/**
 * The shop's Lambda functions: the authorizer and the three the schema names for its custom
 * mutations. Each bundles the local server's own code (server/) with esbuild; bcrypt and sharp
 * are native, so they come from one layer built for Linux x64 (amplify/layers/native, installed by
 * `npm run amplify:install`) instead of the bundle. All live in the data stack
 * (resourceGroupName 'data'): they read the model tables, and AppSync calls them, which across two
 * nested stacks would be a circular dependency.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineFunction } from '@aws-amplify/backend';
import { Duration, Stack } from 'aws-cdk-lib';
import { Architecture, Code, LayerVersion, Runtime, type ILayerVersion } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Construct } from 'constructs';
import { ACCOUNTS_FUNCTION, CATALOGUE_FUNCTION, MEDIA_FUNCTION } from '../../server/composition/lambdas';
import { FUNCTION_TIMEOUT_SECONDS } from '../../shared/work-deadline';

export const AUTHORIZER_FUNCTION = 'shopAuthorizer';
/** Every function's runtime (Lambda's Node.js runtimes: nodejs20.x can no longer be deployed). */
export const LAMBDA_RUNTIME = Runtime.NODEJS_24_X;
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const NATIVE_LAYER_DIR = fileURLToPath(new URL('../layers/native', import.meta.url));
const NATIVE_MODULES = ['bcrypt', 'sharp'];

function nativeLayer(scope: Construct): ILayerVersion {
  const stack = Stack.of(scope);
  const existing = stack.node.tryFindChild('ShopNativeModules') as ILayerVersion | undefined;
  if (existing) return existing;
  if (!existsSync(`${NATIVE_LAYER_DIR}/nodejs/node_modules/sharp`)) {
    throw new Error('amplify/layers/native is not installed: run `npm run amplify:install` first');
  }
  return new LayerVersion(stack, 'ShopNativeModules', {
    code: Code.fromAsset(NATIVE_LAYER_DIR),
    compatibleRuntimes: [LAMBDA_RUNTIME],
    compatibleArchitectures: [Architecture.X86_64],
    description: 'bcrypt and sharp for Linux x64',
  });
}

function shopFunction(name: string, entry: string, options: { native: boolean; memorySize: number; timeoutSeconds: number }) {
  return defineFunction(
    (scope) =>
      new NodejsFunction(scope, name, {
        entry: fileURLToPath(new URL(entry, import.meta.url)),
        handler: 'handler',
        runtime: LAMBDA_RUNTIME,
        architecture: Architecture.X86_64,
        memorySize: options.memorySize,
        timeout: Duration.seconds(options.timeoutSeconds),
        layers: options.native ? [nativeLayer(scope)] : [],
        projectRoot: REPO_ROOT,
        depsLockFilePath: `${REPO_ROOT}package-lock.json`,
        bundling: {
          format: OutputFormat.CJS,
          target: 'node24',
          minify: true,
          sourceMap: true,
          // The AWS SDK is bundled at the version amplify/package-lock.json pins, not the runtime's.
          externalModules: options.native ? NATIVE_MODULES : [],
          loader: { '.graphql': 'text' },
        },
        environment: { NODE_OPTIONS: '--enable-source-maps' },
      }),
    { resourceGroupName: 'data' },
  );
}

export const authorizer = shopFunction(AUTHORIZER_FUNCTION, './authorizer/handler.ts', {
  native: false,
  memorySize: 256,
  timeoutSeconds: 5,
});
// bcrypt at cost 10 takes about 60 ms of one CPU; 1024 MB buys most of a vCPU.
export const accounts = shopFunction(ACCOUNTS_FUNCTION, './accounts/handler.ts', { native: true, memorySize: 1024, timeoutSeconds: 10 });
// A 5 MB PNG resized to four WebP widths. Every timeout is under AppSync's 30 s a request, so a
// function ends before AppSync gives up on it (decision 0307).
export const media = shopFunction(MEDIA_FUNCTION, './media/handler.ts', {
  native: true,
  memorySize: 1536,
  timeoutSeconds: FUNCTION_TIMEOUT_SECONDS,
});
// 1 GB: an import chunk of 200 rows plans against the whole catalogue in memory (decision 0306).
export const catalogue = shopFunction(CATALOGUE_FUNCTION, './catalogue/handler.ts', {
  native: true,
  memorySize: 1024,
  timeoutSeconds: FUNCTION_TIMEOUT_SECONDS,
});
