/**
 * Amplify client configuration and the one data client of the app.
 *
 * The client config is what `amplify_outputs.json` holds. The local server embeds it in the page
 * (index.html's `<!--amplify-outputs-->` becomes
 * `<script id="amplify-outputs" type="application/json">{...}</script>`), so the app starts
 * without an extra request. Where it is not embedded (the Vite dev server, static hosting) the
 * file is fetched once from `/amplify_outputs.json`.
 */
import { Amplify } from 'aws-amplify';
import { generateClient } from 'aws-amplify/data';
import type { Schema } from '../../amplify/data/schema';

/** The id of the JSON element the server writes into index.html. */
export const AMPLIFY_OUTPUTS_ELEMENT_ID = 'amplify-outputs';
/** Where the client config is fetched from when it is not embedded. */
export const AMPLIFY_OUTPUTS_URL = '/amplify_outputs.json';

/** What `Amplify.configure` accepts (an `amplify_outputs.json` object among others). */
export type AmplifyOutputs = Parameters<typeof Amplify.configure>[0];

/**
 * The data client (`client.models.Item.list(...)` and friends). API key mode is the default of
 * the config; pass `authMode: 'lambda', authToken` per call for signed-in operations.
 * Usable once `configureAmplify()` has resolved (the client picks the config up when it comes).
 */
export const client = generateClient<Schema>();
export type DataClient = typeof client;

/**
 * Per-call options of a signed-in call: the session token, checked by the Lambda authorizer.
 * Pages get them through `useSignedInCall()` (lib/auth), which also handles an ended session.
 */
export interface SignedInOptions {
  authMode: 'lambda';
  authToken: string;
}

export const signedInOptions = (authToken: string): SignedInOptions => ({ authMode: 'lambda', authToken });

function isOutputs(value: unknown): value is AmplifyOutputs {
  if (typeof value !== 'object' || value === null) return false;
  const data = (value as { data?: unknown }).data;
  return typeof data === 'object' && data !== null && typeof (data as { url?: unknown }).url === 'string';
}

/** The config embedded in the page by the server, or null when there is none (or it is unusable). */
export function readEmbeddedOutputs(doc: Document = document): AmplifyOutputs | null {
  const element = doc.getElementById(AMPLIFY_OUTPUTS_ELEMENT_ID);
  const text = element?.textContent?.trim();
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isOutputs(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

async function fetchOutputs(): Promise<AmplifyOutputs> {
  const response = await fetch(AMPLIFY_OUTPUTS_URL, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`${AMPLIFY_OUTPUTS_URL}: HTTP ${response.status}`);
  const parsed: unknown = await response.json();
  if (!isOutputs(parsed)) throw new Error(`${AMPLIFY_OUTPUTS_URL}: not an Amplify client config`);
  return parsed;
}

let configuring: Promise<void> | undefined;

/**
 * Configures Amplify from the embedded config, or else from `/amplify_outputs.json` (fetched
 * once; concurrent and later calls share the same promise). Rejects when no config can be had.
 */
export function configureAmplify(): Promise<void> {
  configuring ??= (async () => {
    const outputs = readEmbeddedOutputs() ?? (await fetchOutputs());
    Amplify.configure(outputs);
  })();
  return configuring;
}
