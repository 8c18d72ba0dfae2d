/** `npm start`: builds the app if needed, then serves the shop and its API on one port. */
import { buildIfNeeded } from './build-if-needed';

buildIfNeeded();
await import('../server/main');
