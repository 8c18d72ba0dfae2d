/**
 * No answer may reveal the server's insides: stack frames, file paths, SQL or engine errors.
 * Every battery runs this on every answer it reads.
 */
import { expect } from 'vitest';

const INTERNALS: Array<[string, RegExp]> = [
  // Bounded repeats: messages may echo a megabyte of input, and unbounded ones would backtrack for minutes.
  ['a stack frame', /\bat [\w$.<>]{1,200} \(|\bat (file:|node:|\/)/],
  ['a file path', /(\/(work|tmp|home|usr|var|root)\/)|node_modules|[\w-]{1,100}\.(ts|js|mjs|cjs):\d/],
  ['a database error', /SQLITE_|sqlite|no such (table|column)|syntax error near/i],
  ['a JavaScript error name', /\b(TypeError|ReferenceError|RangeError|SyntaxError)\b/],
  ['a JavaScript error message', /Maximum call stack|Cannot read propert|is not a function|is not iterable|undefined is not/],
];
/** Internals sit at a message's start; the rest of a long one is echoed input. */
const MAX_CHECKED_LENGTH = 16 * 1024;
const BCRYPT_HASH = /\$2[aby]\$\d\d\$/;

interface ErrorLike {
  message?: unknown;
  errorType?: unknown;
  [key: string]: unknown;
}

/** Fails when any error in the body carries internals or keys beyond AppSync's error shape, or the body a hash. */
export function expectNoInternals(body: unknown): void {
  const errors = (body as { errors?: ErrorLike[] } | null)?.errors ?? [];
  expect(BCRYPT_HASH.test(JSON.stringify(body)), 'the answer carries a password hash').toBe(false);
  for (const error of errors) {
    expect(typeof error.errorType, `error without errorType: ${JSON.stringify(error)}`).toBe('string');
    expect(Object.keys(error).filter((key) => !['path', 'data', 'errorType', 'errorInfo', 'locations', 'message'].includes(key))).toEqual(
      [],
    );
    const message = String(error.message).slice(0, MAX_CHECKED_LENGTH);
    for (const [what, pattern] of INTERNALS) {
      expect(pattern.test(message), `error message carries ${what}: ${message.slice(0, 200)}`).toBe(false);
    }
  }
}
