import { describe, expect, it } from 'vitest';
import { clipForLog, describeError, operatorLine } from './log-line';

describe('operator lines', () => {
  it('clip a quoted text to 300 characters on one line', () => {
    const clipped = clipForLog(`line one\r\nline two\u2028${'x'.repeat(10_000)}`);
    expect(clipped).toHaveLength(300);
    expect(clipped).toMatch(/^line one line two x+$/);
  });

  it('give an error as its name and message, never its stack', () => {
    const error = new RangeError('Expression tree is too large');
    expect(error.stack).toContain('\n    at ');
    expect(describeError(error)).toBe('RangeError: Expression tree is too large');
    expect(describeError('a thrown text')).toBe('a thrown text');
  });

  it('name their source and add the error clipped', () => {
    expect(operatorLine('lambda', 'importItems failed', new Error('y'.repeat(5000)))).toBe(
      `[lambda] importItems failed: Error: ${'y'.repeat(293)}`,
    );
    expect(operatorLine('server', 'listening')).toBe('[server] listening');
  });
});
