/**
 * Amplify client configuration and the one data client of the app.
 *
 * The client config is what `amplify_outputs.json` holds. The local server embeds it in the page
 * (index.html's `<!--amplify-outputs-->` becomes
 * `<script id="amplify-outputs" type="application/json">{...}</script>`), so the app starts
 * without an extra request. Where it is not embedded (the Vite dev server, static hosting) the
 * file is fetched once from `/amplify_outputs.json`.
 */
import type { createDataClient } from './amplify-runtime';
import { parseJsonAs } from './json';

/** The id of the JSON element the server writes into index.html. */
export const AMPLIFY_OUTPUTS_ELEMENT_ID = 'amplify-outputs';
/** Where the client config is fetched from when it is not embedded. */
export const AMPLIFY_OUTPUTS_URL = '/amplify_outputs.json';

/** What `Amplify.configure` accepts (an `amplify_outputs.json` object among others). */
export type AmplifyOutputs = Parameters<typeof createDataClient>[0];
export type DataClient = ReturnType<typeof createDataClient>;

/**
 * Per-call options of a signed-in call: the session token, checked by the Lambda authorizer.
 * The admin screens' client attaches them itself (features/admin/common/admin-client.ts), which also
 * handles an ended session.
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
  return parseJsonAs(doc.getElementById(AMPLIFY_OUTPUTS_ELEMENT_ID)?.textContent?.trim(), isOutputs);
}

/** While a server draws a page (src/app/server-render.tsx): whether that server is the local one. */
let drawingForLocalServer = true;
export const setDrawingForLocalServer = (local: boolean) => {
  drawingForLocalServer = local;
};

/**
 * Whether the local server sent this page: it embeds its client config with region `local`, AWS's
 * page server with the AWS region (decision 0392), and the Vite dev server has the page fetch the
 * config instead. Only the local server has the routes beyond the API (/events.ics).
 */
export function servedByLocalServer(doc: Document | undefined = globalThis.document): boolean {
  // No document: a server is drawing the page (decisions 0388 and 0392), and says which.
  if (!doc) return drawingForLocalServer;
  const outputs = readEmbeddedOutputs(doc) as { data?: { aws_region?: unknown } } | null;
  return outputs?.data?.aws_region === 'local';
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

let loading: Promise<DataClient> | undefined;
let outputsLoading: Promise<AmplifyOutputs> | undefined;
let outputsLoaded: AmplifyOutputs | null = null;

/** The client config: the embedded one, or else `/amplify_outputs.json` (fetched once). */
export function loadOutputs(): Promise<AmplifyOutputs> {
  outputsLoading ??= (async () => {
    const outputs = readEmbeddedOutputs() ?? (await fetchOutputs());
    outputsLoaded = outputs;
    return outputs;
  })();
  return outputsLoading;
}

/** The client config once it is here (after any data call), or null. */
export const loadedOutputs = (): AmplifyOutputs | null => outputsLoaded ?? readEmbeddedOutputs();

/**
 * Loads the Amplify libraries and configures them from the client config (loadOutputs).
 * Concurrent and later calls share one promise. main.tsx starts it before the first render; data
 * calls wait for it. Rejects when no config can be had.
 */
export function loadDataClient(): Promise<DataClient> {
  loading ??= (async () => {
    const [runtime, outputs] = await Promise.all([import('./amplify-runtime'), loadOutputs()]);
    return runtime.createDataClient(outputs);
  })();
  return loading;
}

/**
 * Loads the Amplify libraries when the visitor first touches, clicks or types, or at the first
 * data call, whichever is first: for a page drawn from inlined data (lib/first-screen.ts), which
 * makes no call while it loads. The next page's data then rarely waits for them.
 */
export function loadDataClientOnFirstInteraction(target: EventTarget = window): void {
  const events = ['pointerdown', 'keydown', 'touchstart'] as const;
  const start = () => {
    for (const event of events) target.removeEventListener(event, start, true);
    loadDataClient().catch((error: unknown) => console.error('Amplify is not configured:', error));
  };
  for (const event of events) target.addEventListener(event, start, { capture: true, passive: true });
}

/**
 * The data client (`client.models.Item.list(...)` and friends), usable at once: every call waits
 * for `loadDataClient()`, then runs on the real client. Each path ends in a call that returns a
 * promise, as all of the client's operations do (subscriptions are disabled in the schema). API
 * key mode is the default of the config; pass `authMode: 'lambda', authToken` per call for
 * signed-in operations.
 */
export const client = deferredCall([]) as DataClient;

function deferredCall(path: string[]): unknown {
  return new Proxy(() => undefined, {
    // Not a promise itself (`await client.models` must not wait for a call that never comes).
    get: (_target, key) => (key === 'then' || typeof key === 'symbol' ? undefined : deferredCall([...path, key])),
    apply: async (_target, _this, args: unknown[]) => {
      const owner = path
        .slice(0, -1)
        .reduce<Record<string, unknown>>(
          (node, key) => node[key] as Record<string, unknown>,
          (await loadDataClient()) as unknown as Record<string, unknown>,
        );
      return (owner[path[path.length - 1]!] as (...callArgs: unknown[]) => unknown)(...args);
    },
  });
}
