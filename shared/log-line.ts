/**
 * Operator lines, on the local server and in the cloud's functions alike. A request can make things
 * fail, and its text may be in the error's message, so what it causes is one clipped line: never a
 * stack trace or a line break in the log (decision 0266).
 */

/** The longest text a log line quotes (an error's message, a refused request's). */
const MAX_QUOTED = 300;

/** A text a log line quotes: at most MAX_QUOTED characters, and on one line. */
export const clipForLog = (text: string) =>
  text
    // eslint-disable-next-line no-control-regex -- control characters (line breaks above all) are what it removes
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .slice(0, MAX_QUOTED);

/** An error as one clipped line, its name and message only. */
export const describeError = (error: unknown) => clipForLog(error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/** One operator line: `[source] message`, and the error as `describeError` gives it. */
export const operatorLine = (source: string, message: string, error?: unknown) =>
  `[${source}] ${message}${error === undefined ? '' : `: ${describeError(error)}`}`;
