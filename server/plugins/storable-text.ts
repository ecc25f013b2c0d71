/**
 * Text PostgreSQL cannot store (U+0000, unpaired UTF-16 surrogates such as "\ud800"; engine/body.ts) is a
 * 422 on its field on every route, checked once here before any handler runs: in a JSON body, the query
 * string and the path. Multipart text fields are checked where they are read (readMultipartForm), with the
 * same rule. Without this, a hand-written route that passes such a text on to the database answered 500.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { unstorableFields } from '../engine/body';
import { HttpError } from '../http-error';

export const storableTextPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: its promise makes a throw while registering reject register() instead of escaping uncaught
  async (app: FastifyInstance) => {
    app.addHook('preValidation', (request, _reply, done) => {
      for (const part of [request.params, request.query, request.body]) {
        if (part === null || typeof part !== 'object') continue;
        // An array body (a list of statuses): its items are checked as fields named by their index.
        const fields = Array.isArray(part)
          ? Object.fromEntries(part.map((item, index) => [String(index), item as unknown]))
          : (part as Record<string, unknown>);
        const errors = unstorableFields(fields);
        if (Object.keys(errors).length > 0) return done(new HttpError(422, 'errors.invalidData', { fieldErrors: errors }));
      }
      done();
    });
  },
  { name: 'fleetdesk-storable-text' },
);
