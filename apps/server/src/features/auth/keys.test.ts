import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createAuthKeys } from './keys';

describe('access-token key', () => {
  it('without JWT_SECRET, generates one secret in DATA_DIR (owner-only) and reuses it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cuadra-keys-'));
    try {
      const first = createAuthKeys(loadConfig({ DATA_DIR: dir }));
      const file = join(dir, 'jwt-secret');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await readFile(file, 'utf8')).length).toBe(64);
      const second = createAuthKeys(loadConfig({ DATA_DIR: dir }));
      expect(Buffer.from(second.accessKey).equals(Buffer.from(first.accessKey))).toBe(true);
      expect(first.googleKeys).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('uses JWT_SECRET when set, and refuses a short one', () => {
    const secret = 's'.repeat(40);
    const keys = createAuthKeys(loadConfig({ JWT_SECRET: secret, DATA_DIR: '/nonexistent-never-written' }));
    expect(new TextDecoder().decode(keys.accessKey)).toBe(secret);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });
});
