/**
 * Security headers (helmet) and no caching of API answers. The CSP allows what the web app needs and
 * no more: antd injects its styles at run time ('unsafe-inline' styles), avatars are shown through
 * blob: URLs, small images may be data: URLs. No upgrade-insecure-requests: Fleetdesk is served over
 * plain HTTP on localhost by default, where upgrading would break every asset.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

export function isApiUrl(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** The request's path, percent-decoded: the router matches `/%61pi/login` to `/api/login` too. */
export function decodedPath(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Whether a request is for the API, judged by the route it matched and by its decoded path. */
export function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return (route !== undefined && isApiUrl(route)) || isApiUrl(decodedPath(request));
}

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: true,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      // The attachment preview shows a PDF the page fetched (with its token) in a frame of a blob: URL.
      'frame-src': ["'self'", 'blob:'],
      'object-src': ["'none'"],
      'frame-ancestors': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'upgrade-insecure-requests': null,
    },
  },
};

/**
 * The headers helmet sets, worked out once. They are the same for every request (no CSP nonces), and
 * @fastify/helmet built helmet's middleware anew for each request, parsing the CSP every time (~5 % of a
 * list request's CPU in the benchmark's profile).
 */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      void (headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response, (error?: unknown) => (failure = error));
  if (failure instanceof Error) throw failure;
  if (failure) throw new Error('helmet refused its options', { cause: failure });
  return headers;
}

export const securityPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: its promise makes a throw while registering reject register() instead of escaping uncaught
  async (app: FastifyInstance) => {
    const headers = securityHeaders();
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
    // Answers carry personal data and tokens: no browser or proxy may keep them.
    app.addHook('onSend', async (request, reply) => {
      if (isApiRequest(request)) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'fleetdesk-security' },
);
