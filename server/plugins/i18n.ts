/**
 * `request.t(key, params)` in the language of `Accept-Language` (en, uk, el, it, es, de; else en),
 * so every message and 422 field error comes back in the user's language.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Language, Translate, Translator } from '../i18n/i18n';

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
    t: Translate;
  }
  interface FastifyInstance {
    translator: Translator;
  }
}

export const i18nPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: its promise makes a throw while registering reject register() instead of escaping uncaught
  async (app: FastifyInstance, options: { translator: Translator }) => {
    const { translator } = options;
    app.decorate('translator', translator);
    // Set for every request by the hook below, registered before any hook that can fail a request.
    app.decorateRequest('language', 'en');
    app.decorateRequest('t', null as unknown as Translate);
    app.addHook('onRequest', (request, _reply, done) => {
      request.language = translator.pickLanguage(request.headers['accept-language']);
      request.t = translator.forLanguage(request.language);
      done();
    });
  },
  { name: 'fleetdesk-i18n' },
);
