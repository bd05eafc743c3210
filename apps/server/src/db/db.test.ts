import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../lib/ids';
import { openDatabase } from './client';
import { runMigrations } from './migrate';
import { users } from './schema';

describe('the embedded database', () => {
  it('keeps its data across a restart, and migrating again changes nothing', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'cuadra-db-'));
    const id = newId();
    const first = await openDatabase({ url: '', dataDir });
    await runMigrations(first);
    await first.db
      .insert(users)
      .values({ id, email: 'ana@example.com', name: 'Ana', accountType: 'accountant' });
    await first.close();

    const second = await openDatabase({ url: '', dataDir });
    await runMigrations(second);
    const [row] = await second.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ email: 'ana@example.com', name: 'Ana', tokenVersion: 0 });
    await second.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('hands out time-ordered ids that cannot be guessed', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => newId(1_800_000_000_000 + i));
    expect(new Set(ids).size).toBe(1000);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids.slice(0, 5))
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('keeps ids made in the same millisecond in the order they were made', () => {
    const sameMs = Array.from({ length: 5000 }, () => newId(1_900_000_000_000));
    expect([...sameMs].sort()).toEqual(sameMs);
    expect(new Set(sameMs).size).toBe(5000);
  });
});
