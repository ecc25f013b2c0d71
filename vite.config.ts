import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server proxies the API and the locale files to the Fastify server (npm run dev:server).
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/locales': 'http://localhost:3000' },
  },
  build: { outDir: 'dist', sourcemap: false },
});
