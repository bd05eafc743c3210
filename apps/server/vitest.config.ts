import { defineConfig } from 'vitest/config';

/**
 * Files that time the API's answers against its idle answers while they load the machine (issue #35): they
 * run last, one at a time, so that no other file's work lands in one window and not the other.
 */
const TIMED = ['src/features/inbound/hostile-mail.test.ts', 'src/features/uploads/hostile-pdf.test.ts'];

/**
 * Files run side by side. Vitest's default is one fewer than the cores, which on a two-core machine is a
 * single file at a time, while a file spends much of its time waiting (on extraction processes, on the
 * queue's polls). On PostgreSQL the database's own work is in the server, outside the test processes, so
 * one more file fits. TEST_WORKERS overrides both.
 */
const WORKERS = Number(process.env.TEST_WORKERS) || (process.env.TEST_DB === 'postgres' ? 3 : 2);

const shared = {
  globalSetup: ['test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'server',
          sequence: { groupOrder: 0 },
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: TIMED,
          maxWorkers: WORKERS,
        },
      },
      {
        test: {
          ...shared,
          name: 'server (timed, alone)',
          include: TIMED,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
