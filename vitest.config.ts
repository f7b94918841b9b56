import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { tableFeatures } from './vite.table-features';

// Vitest's default on a 2-core machine is one worker (cores - 1), which leaves a core idle while
// a file imports its modules or opens its database; two workers keep both cores busy.
const maxWorkers = Number(process.env.VIGIL_VITEST_WORKERS ?? 2);

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      {
        // The console's tables run on table-core as the build ships it (vite.table-features.ts).
        plugins: [react(), tableFeatures()],
        test: {
          name: 'console',
          server: { deps: { inline: [/@tanstack[\\/](react-table|table-core)/] } },
          include: ['src/**/*.test.{ts,tsx}', 'widgets/**/*.test.{ts,tsx}'],
          exclude: ['widgets/**/*.browser.test.*'],
          environment: 'jsdom',
          // One jsdom per worker instead of one per file: building jsdom took ~2.4 s per file, more
          // than most files' tests. tests/setup/vitest-setup.ts resets what a file could leave
          // behind (storage, stubbed globals, timers, the DOM).
          isolate: false,
          setupFiles: ['./tests/setup/vitest-setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          // The project's scripts (the CI size check), on small fake inputs.
          name: 'scripts',
          include: ['tests/scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          // Builds the migrated and the demo-seeded database once; openTestDb loads them.
          globalSetup: ['./server/test/fixtures/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
});
