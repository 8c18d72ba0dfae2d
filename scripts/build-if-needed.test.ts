import { describe, expect, it } from 'vitest';
import { productionBuildEnv } from './build-if-needed';

describe('buildIfNeeded', () => {
  it('builds for production even when called under vitest (NODE_ENV=test)', () => {
    expect(process.env.NODE_ENV).toBe('test');
    expect(productionBuildEnv(process.env)).toMatchObject({ NODE_ENV: 'production', PATH: process.env.PATH });
  });
});
