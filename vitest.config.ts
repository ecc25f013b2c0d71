/**
 * Test layers (DESIGN.md): unit (pure logic and components, happy-dom), api (the real server on PGlite
 * and on PostgreSQL), e2e (the built app in Debian's Chromium). `npm test` runs them in that order.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        extends: './vite.config.ts',
        test: {
          name: 'unit',
          include: ['validation/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'tests/conformance/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // Rendering antd forms in happy-dom takes 1–2 s on this 2-core machine; under load, more.
          testTimeout: 20_000,
          setupFiles: ['./src/test-setup.ts'],
          // Through Vite like the app's code, so it shares the app's copy of react-router (loaded by Node, it
          // would get react-router's CommonJS build: a second router context, and "useLocation() outside a <Router>").
          server: { deps: { inline: ['@refinedev/react-router'] } },
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          globalSetup: ['server/test-support/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 240_000,
          // A browser on a busy 2-core machine: an answer may take seconds (vitest's own default is 1 s).
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
