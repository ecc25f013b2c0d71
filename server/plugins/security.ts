/**
 * Security headers (helmet) and no caching of API answers. The CSP allows what the web app needs and
 * no more: antd injects its styles at run time ('unsafe-inline' styles), avatars are shown through
 * blob: URLs, small images may be data: URLs. No upgrade-insecure-requests: Fleetdesk is served over
 * plain HTTP on localhost by default, where upgrading would break every asset.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export function isApiUrl(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'"],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          'font-src': ["'self'", 'data:'],
          'connect-src': ["'self'"],
          'object-src': ["'none'"],
          'frame-ancestors': ["'none'"],
          'base-uri': ["'self'"],
          'form-action': ["'self'"],
          'upgrade-insecure-requests': null,
        },
      },
    });
    // Answers carry personal data and tokens: no browser or proxy may keep them.
    app.addHook('onSend', async (request, reply) => {
      if (isApiUrl(request.url)) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'fleetdesk-security' },
);
