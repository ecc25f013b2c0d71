/**
 * JSON bodies: Fastify's own parser (with its prototype-poisoning protection), except that an empty
 * body counts as "no body" instead of a 400. A client that sets `Content-Type: application/json` on a
 * body-less POST (logout) is not wrong; a route that needs a body answers 422 with its field messages.
 * Fastify's text/plain parser goes: the API reads JSON and multipart only, anything else is a 415.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const jsonBodyPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: its promise makes a throw while registering reject register() instead of escaping uncaught
  async (app: FastifyInstance) => {
    const parse = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser(['application/json', 'text/plain']);
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
      return parse(request, body as string, done);
    });
  },
  { name: 'fleetdesk-json-body' },
);
