/**
 * The limits real AppSync, Lambda and S3 impose, which the emulation enforces by default so that
 * `npm run test:cloud` (and CI) fails where a deploy would (design §8, decision 0287). Each has an
 * environment variable; the cloud batteries change them for one test through
 * POST /_emulation/limits (appsync.ts) and put them back after it.
 */

export interface EmulationLimits {
  /** AppSync: a query or mutation runs at most 30 s, then answers "Execution timed out.". */
  requestTimeoutMs: number;
  /** AppSync: at most 10,000 resolver executions in one request. */
  resolverExecutions: number;
  /** AppSync: an evaluated mapping template over about 1 MB is "Transformation too large". */
  templateBytes: number;
  /** Lambda: a synchronous Invoke's request payload (6 MB: 6,291,456 bytes). */
  lambdaRequestBytes: number;
  /** Lambda: a synchronous invocation's response payload (6,291,556 bytes). */
  lambdaResponseBytes: number;
  /** Instances of one function that serve invocations side by side (Lambda scales out). */
  lambdaInstances: number;
  /** When set, every function's timeout in seconds instead of its template's (for tests). */
  lambdaTimeoutSeconds: number | null;
}

export const AWS_LIMITS: Readonly<EmulationLimits> = Object.freeze({
  requestTimeoutMs: 30_000,
  resolverExecutions: 10_000,
  templateBytes: 1_000_000,
  lambdaRequestBytes: 6_291_456,
  lambdaResponseBytes: 6_291_556,
  lambdaInstances: 4,
  lambdaTimeoutSeconds: null,
});

/** The environment variable of each limit (documented in design §8). */
export const LIMIT_VARIABLES: Record<Exclude<keyof EmulationLimits, 'lambdaTimeoutSeconds'>, string> = {
  requestTimeoutMs: 'CLOUD_LIMIT_REQUEST_MS',
  resolverExecutions: 'CLOUD_LIMIT_RESOLVER_EXECUTIONS',
  templateBytes: 'CLOUD_LIMIT_TEMPLATE_BYTES',
  lambdaRequestBytes: 'CLOUD_LIMIT_LAMBDA_REQUEST_BYTES',
  lambdaResponseBytes: 'CLOUD_LIMIT_LAMBDA_RESPONSE_BYTES',
  lambdaInstances: 'CLOUD_LAMBDA_INSTANCES',
};

/** AWS's limits, each replaced by its environment variable when that is set (a positive integer). */
export function limitsFromEnvironment(env: Record<string, string | undefined> = process.env): EmulationLimits {
  const limits: EmulationLimits = { ...AWS_LIMITS };
  for (const [name, variable] of Object.entries(LIMIT_VARIABLES) as Array<[keyof typeof LIMIT_VARIABLES, string]>) {
    const value = env[variable];
    if (value === undefined || value === '') continue;
    limits[name] = positiveInteger(value, variable);
  }
  return limits;
}

/** Applies a partial change (a test's), refusing anything that is not a limit or not a positive integer. */
export function changeLimits(limits: EmulationLimits, change: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(change)) {
    if (!(name in AWS_LIMITS)) throw new Error(`${name} is not an emulated limit`);
    if (name === 'lambdaTimeoutSeconds' && value === null) limits.lambdaTimeoutSeconds = null;
    else (limits as unknown as Record<string, number>)[name] = positiveInteger(value, name);
  }
}

function positiveInteger(value: unknown, name: string): number {
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(number) || number < 1) throw new Error(`${name} must be a positive integer, not ${String(value)}`);
  return number;
}

/** The UTF-8 size of a value as JSON, as a payload or an evaluated template is measured. */
export const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
