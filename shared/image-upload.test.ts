import { describe, expect, it } from 'vitest';
import { fitWithin, sniffImageType } from './image-upload';

const bytes = (...parts: Array<number[] | string>) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...new TextEncoder().encode(part)] : part)));

describe('sniffImageType', () => {
  it('knows JPEG, PNG and WebP by their first bytes', () => {
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe1]))).toBe('jpeg');
    expect(sniffImageType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(sniffImageType(bytes('RIFF', [1, 2, 3, 4], 'WEBP'))).toBe('webp');
  });
  it('recognises HEIC (to say why it is refused) but not AVIF, and nothing else', () => {
    expect(sniffImageType(bytes([0, 0, 0, 0x18], 'ftypheic'))).toBe('heic');
    expect(sniffImageType(bytes([0, 0, 0, 0x18], 'ftypavif'))).toBeNull();
    expect(sniffImageType(bytes('GIF89a'))).toBeNull();
    expect(sniffImageType(bytes('RIFF', [1, 2, 3, 4], 'WAVE'))).toBeNull();
    expect(sniffImageType(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(bytes())).toBeNull();
  });
});

describe('fitWithin', () => {
  it('shrinks the long side to 2,000 px, keeping the shape, and never enlarges', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 2000, height: 1500 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1500, height: 2000 });
    expect(fitWithin(1900, 370)).toEqual({ width: 1900, height: 370 });
    expect(fitWithin(20000, 10)).toEqual({ width: 2000, height: 1 });
  });
});
