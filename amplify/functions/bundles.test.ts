/**
 * The Lambda handlers take native modules (sharp, bcrypt) from the layer and must never reach the
 * local server's SQLite engine. check:amplify proves it on the synthesized stack; this catches an
 * import that drags better-sqlite3 in during `npm test`, long before that.
 */
import { build } from 'esbuild';
import { readdirSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const functionsDir = fileURLToPath(new URL('.', import.meta.url));
const handlers = readdirSync(functionsDir).filter((name) => existsSync(`${functionsDir}${name}/handler.ts`));

describe('Lambda handler bundles', () => {
  it('finds every handler', () => expect(handlers.sort()).toEqual(['accounts', 'authorizer', 'catalogue', 'media']));

  it.each(handlers)('%s bundles no native module and no SQLite code', async (name) => {
    const result = await build({
      entryPoints: [`${functionsDir}${name}/handler.ts`],
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      format: 'esm',
      logLevel: 'silent',
      // What the layer and the Lambda runtime provide.
      external: ['sharp', 'bcrypt', '@aws-sdk/*', '@smithy/*'],
      loader: { '.graphql': 'text' },
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((input) => input.includes(`functions/${name}/handler.ts`))).toBe(true);
    expect(inputs.filter((input) => /node_modules\/(better-sqlite3|bindings)\/|server\/db\/database\.ts/.test(input))).toEqual([]);
  });
});
