/** The server's operator lines (shared/log-line.ts says what every such line may hold). */
import { operatorLine } from '../shared/log-line';

/** One operator line: `[server] message`, and the error clipped to one line. */
export const logLine = (message: string, error?: unknown) => operatorLine('server', message, error);

/** Writes an operator line; the server's parts are handed one. */
export type Log = (message: string, error?: unknown) => void;
