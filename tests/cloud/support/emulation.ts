/**
 * The emulation's own routes for the cloud batteries (tests/cloud-emulation/appsync.ts): the limits in
 * force, changed for one test and put back after it; a hook that makes a function run longer; how
 * many instances each function has up. AppSync has none of these: they only steer the emulation.
 */
import type { EmulationLimits } from '../../cloud-emulation/limits';

const base = () => new URL('/', process.env.CLOUD_API_URL).href;

async function post(path: string, body: unknown): Promise<Record<string, any>> {
  const response = await fetch(`${base()}${path}`, { method: 'POST', body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, any>;
}

export async function limitsInForce(): Promise<{ limits: EmulationLimits; aws: EmulationLimits }> {
  return (await (await fetch(`${base()}_emulation/limits`)).json()) as { limits: EmulationLimits; aws: EmulationLimits };
}

export const changeLimits = (change: Partial<EmulationLimits>) => post('_emulation/limits', change);
export const resetLimits = () => post('_emulation/limits', { reset: true });

/** Invocations of functions whose name holds `name` run `ms` longer (inside the instance: run time). */
export const slowFunction = (name: string, ms: number) => post('_emulation/hooks', { slowFunction: name, slowByMs: ms });
export const noHooks = () => post('_emulation/hooks', {});

/** Instances up of the function whose name holds `name`. */
/** Runs the function whose name contains `name` as an EventBridge schedule does, with `event` as the rule's input. */
export const runSchedule = (name: string, event: Record<string, unknown>) => post('_emulation/schedule', { function: name, event });

export async function instancesOf(name: string): Promise<number> {
  const functions = (await (await fetch(`${base()}_emulation/lambdas`)).json()) as Record<string, { instances: number }>;
  const matching = Object.entries(functions).filter(([functionName]) => functionName.toLowerCase().includes(name.toLowerCase()));
  if (matching.length !== 1) throw new Error(`${matching.length} functions match ${name}`);
  return matching[0]![1].instances;
}

export const coldStart = () => post('_emulation/cold-start', {});

/** The API firewall's rules as the template has them, its limit for one test (null: the template's), its counts forgotten. */
export const setFirewallLimit = (limit: number | null) =>
  post('_emulation/firewall', { limit }) as Promise<{ rules: Array<{ name: string; limit: number; windowMs: number }> }>;

/**
 * As a redeploy of the backend with other settings would: the functions that have these
 * variables get the values given, in fresh instances. Resolves to the values they had (give them
 * back the same way when done).
 */
export const redeployWith = async (environment: Record<string, string>): Promise<Record<string, string>> =>
  (await post('_emulation/environment', environment)).before as Record<string, string>;
