import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { bootPlugin } from './src/boot/vite-plugin';
import { formValidatorsPlugin } from './src/crud/precompile/vite-plugin';

const stub = (name: string) => fileURLToPath(new URL(`./src/stubs/${name}`, import.meta.url));

// The dev server proxies the API and the locale files to the Fastify server (npm run dev:server).
export default defineConfig({
  // The forms' validators are compiled at build time: the CSP forbids ajv's run-time `new Function`.
  // The boot module (src/boot/) asks for the first data and the signed-in chunks while the entry loads.
  plugins: [react(), formValidatorsPlugin(), bootPlugin()],
  resolve: {
    alias: [
      // @refinedev/core imports papaparse at its top level for CSV import/export hooks Fleetdesk does not use.
      { find: /^papaparse$/, replacement: stub('papaparse.ts') },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/locales': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // scripts/measure-login-js.mjs reads the manifest to add up what /login downloads.
    manifest: true,
  },
});
