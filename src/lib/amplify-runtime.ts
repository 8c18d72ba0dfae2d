/**
 * The Amplify libraries themselves (about 60 KB gzipped): configured and turned into the data
 * client here, in a chunk of its own, so the first page renders while they load
 * (lib/amplify.ts loads this module; vite.config.ts preloads it with the page).
 */
import { Amplify } from 'aws-amplify';
import { generateClient } from 'aws-amplify/data';
import type { Schema } from '../../amplify/data/schema';

export function createDataClient(outputs: Parameters<typeof Amplify.configure>[0]) {
  Amplify.configure(outputs);
  return generateClient<Schema>();
}
