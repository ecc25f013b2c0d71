/**
 * Serves the built web app (`dist/`) and the translations (`locales/`, read by the web app's i18n
 * backend), with the SPA fallback: a GET for a client route (/login, /reset-password/…) answers
 * index.html. Missing API routes and missing files answer 404 instead, so a broken asset link fails
 * visibly rather than loading HTML as a script. Without a build, page requests get a short hint.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../http-error';
import { LOCALES_DIR } from '../i18n/i18n';
import { decodedPath, isApiRequest } from './security';

export const DIST_DIR = fileURLToPath(new URL('../../dist/', import.meta.url));
// Requests for these are files, never client routes (an e-mail in /reset-password/… ends in ".com").
const ASSET_EXTENSION = /\.(?:js|mjs|css|map|json|png|jpe?g|gif|webp|svg|ico|woff2?|ttf|txt|webmanifest|html?)$/i;
export const NOT_BUILT_TEXT = 'The Fleetdesk web app is not built yet: run `npm run build`, then reload this page.\n';

export const staticWebPlugin = fp(
  async (app: FastifyInstance, options: { distDir?: string; localesDir?: string }) => {
    const distDir = options.distDir ?? DIST_DIR;
    const localesDir = options.localesDir ?? LOCALES_DIR;

    // Registered even when dist/ is missing (fastify-static only warns): a build made while the server
    // runs (npm run build in another terminal) is served without a restart.
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      // `npm run build` writes .br and .gz beside each asset (scripts/compress-dist.mjs).
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Vite names files under assets/ by content hash: they never change.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    await app.register(fastifyStatic, { root: localesDir, prefix: '/locales/', decorateReply: false });

    // Not async: an async handler returning `reply` (a thenable) makes the promise call its `then`, which adds one
    // more 'close' listener to a response that @fastify/static's stream already listens to: eleven in all, and Node
    // warned of a leak on every page load (seen in a QA run's log).
    app.setNotFoundHandler((request, reply) => {
      const pathname = decodedPath(request);
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isApiRequest(request) &&
        pathname !== '/locales' &&
        !pathname.startsWith('/locales/') &&
        !ASSET_EXTENSION.test(pathname);
      if (!isPage) throw notFound();
      if (!fs.existsSync(path.join(distDir, 'index.html'))) {
        reply.code(404).type('text/plain; charset=utf-8').send(NOT_BUILT_TEXT);
        return;
      }
      // index.html names the current asset files: always revalidate it.
      void reply.header('cache-control', 'no-cache').sendFile('index.html', distDir, { cacheControl: false });
    });
  },
  { name: 'fleetdesk-static-web' },
);
