/**
 * `npm start`: builds the app if needed, then serves the shop and its API on one port, the server
 * supervised (scripts/supervise.ts): started again after a crash, stopped with SIGTERM/SIGINT.
 */
import { buildIfNeeded } from './build-if-needed';
import { superviseServer } from './supervise';

buildIfNeeded();
superviseServer();
