/**
 * The Amplify libraries themselves (about 48 KB gzipped): configured and turned into the data
 * client here, in a chunk of its own, so the first page renders while they load
 * (lib/amplify.ts loads this module; vite.config.ts preloads it with the page).
 *
 * `Amplify` comes from `@aws-amplify/core`, not `aws-amplify`: the latter's `configure` only adds
 * Cognito's token and credential providers, which this app never uses (its sessions are Lambda
 * authorizer tokens, the public calls the API key), and they cost 8 KB gzipped on every page.
 */
import { Amplify } from '@aws-amplify/core';
import { generateClient } from 'aws-amplify/data';
import type { Schema } from '../../amplify/data/schema';

type Outputs = Parameters<typeof Amplify.configure>[0];

/**
 * The local server names its API by path alone (`/graphql`) unless PUBLIC_ORIGIN is set, so no
 * request header decides where the page sends its queries; Amplify needs an absolute URL.
 */
export function withAbsoluteEndpoint(outputs: Outputs, origin: string): Outputs {
  const data = (outputs as { data?: { url?: unknown } }).data;
  if (!data || typeof data.url !== 'string' || !data.url.startsWith('/')) return outputs;
  return { ...outputs, data: { ...data, url: new URL(data.url, origin).href } };
}

export function createDataClient(outputs: Outputs) {
  Amplify.configure(withAbsoluteEndpoint(outputs, window.location.origin));
  return generateClient<Schema>();
}
