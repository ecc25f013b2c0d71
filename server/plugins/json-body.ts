/**
 * JSON bodies: Fastify's own parser (with its prototype-poisoning protection), except that an empty
 * body counts as "no body" instead of a 400. A client that sets `Content-Type: application/json` on a
 * body-less POST (logout) is not wrong; a route that needs a body answers 422 with its field messages.
 * Fastify's text/plain parser goes: the API reads JSON and multipart only, anything else is a 415. A body that is
 * not UTF-8 (RFC 8259 §8.1) is malformed JSON too.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http-error';

export const jsonBodyPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: its promise makes a throw while registering reject register() instead of escaping uncaught
  async (app: FastifyInstance) => {
    const parse = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser(['application/json', 'text/plain']);
    // Bytes that are not UTF-8 are refused as malformed JSON: decoded leniently they were stored as U+FFFD.
    const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, bytes, done) => {
      let body: string;
      try {
        body = utf8.decode(bytes as Buffer);
      } catch {
        return done(new HttpError(400, 'errors.malformedJson'), undefined);
      }
      if (body.trim() === '') return done(null, undefined);
      return parse(request, body, done);
    });
  },
  { name: 'fleetdesk-json-body' },
);
