/**
 * Sign-in, registration, sign-out and password reset (SPEC §7 "Auth", docs/architecture.md).
 * Wrong login and wrong password answer alike, in about the same time; "forgot password" answers
 * alike, and at once, whether or not the e-mail exists (its work runs after the answer).
 * Failed sign-ins are counted per login as well (auth/sign-in-throttle.ts); new passwords must pass the
 * strength check (auth/password-strength.ts).
 */
import { SIGNED_IN } from '../plugins/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { countFailedSignIn } from '../auth/failed-sign-in';
import { consumeReset, createPasswordReset, findValidReset, setPasswordHash, spendPasswordResetWork } from '../auth/password-resets';
import { passwordWeakness, type PersonalInfo } from '../auth/password-strength';
import { hashPassword, spendVerificationTime, verifyPassword } from '../auth/passwords';
import { clearFailures, secondsBeforeAttempt } from '../auth/sign-in-throttle';
import { issueSessionToken, revokeAllTokens, revokeToken } from '../auth/tokens';
import { findUserByEmail, findUserByLogin, takenFields, uniqueViolationField, userView, type MemberData, type UserRow } from '../auth/users';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { TenantDb } from '../db/tenant-db';
import { recordChange } from '../engine/audit';
import type { EngineResource } from '../engine/model';
import { EngineStore } from '../engine/store';
import { HttpError } from '../http-error';
import type { Mailer } from '../mail/mailer';
import { resetLink, resetMail } from '../mail/reset-mail';
import type { FieldMessages } from '../../validation/messages';
import { authRateLimit } from '../plugins/rate-limit';
import { withBody } from '../plugins/validation';

interface LoginBody {
  login: string;
  password: string;
}
interface RegisterBody {
  login: string;
  email: string;
  phone: string;
  company_name: string;
  password: string;
}
interface ForgetPasswordBody {
  email: string;
}
interface UpdatePasswordBody {
  token: string;
  email: string;
  password: string;
}

const uniqueMessages = (fields: string[]): FieldMessages => Object.fromEntries(fields.map((field) => [field, [{ key: 'validation.unique' }]]));

export function uniqueError(fields: string[]): HttpError {
  return new HttpError(422, 'errors.invalidData', { fieldErrors: uniqueMessages(fields) });
}

/** 422 on `password` with the reason the new password is refused, unless it is strong enough. */
export async function checkNewPassword(password: string, personal: PersonalInfo, otherErrors: FieldMessages = {}): Promise<void> {
  const weakness = await passwordWeakness(password, personal);
  const fieldErrors: FieldMessages = { ...otherErrors, ...(weakness ? { password: [weakness] } : {}) };
  if (Object.keys(fieldErrors).length > 0) throw new HttpError(422, 'errors.invalidData', { fieldErrors });
}

const invalidCredentials = () => new HttpError(422, 'auth.invalidCredentials', { fieldErrors: { login: [{ key: 'auth.invalidCredentials' }] } });
const invalidResetToken = () => new HttpError(422, 'auth.resetTokenInvalid', { fieldErrors: { token: [{ key: 'auth.resetTokenInvalid' }] } });

// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: its promise makes a throw while registering reject register() instead of escaping uncaught
export async function authRoutes(app: FastifyInstance, options: { config: Config; database: Database; mailer: Mailer }) {
  const { config, database, mailer } = options;
  const { pool } = database;
  const limited = { config: authRateLimit(config.authRateLimit) };

  const throttle = config.signInThrottle;
  const countFailure = (request: FastifyRequest, login: string, user: UserRow | null) =>
    countFailedSignIn({ database, translator: app.translator, config }, { login, user, requestLanguage: request.language });

  app.post<{ Body: LoginBody }>('/api/login', { ...limited, ...withBody(app, 'login') }, async (request, reply) => {
    const { login, password } = request.body;
    const wait = await secondsBeforeAttempt(pool, login, throttle);
    if (wait.seconds > 0) {
      void reply.header('retry-after', String(wait.seconds));
      throw new HttpError(429, 'auth.accountThrottled', { params: { seconds: wait.seconds } });
    }
    const user = await findUserByLogin(pool, login);
    if (!user) {
      await spendVerificationTime(password);
      await countFailure(request, login, null);
      throw invalidCredentials();
    }
    if (!(await verifyPassword(user.password_hash, password))) {
      await countFailure(request, login, user);
      throw invalidCredentials();
    }
    if (wait.counted) await clearFailures(pool, login);
    // Said only after the right password, so it reveals nothing to someone guessing.
    if (user.data.active === false) throw new HttpError(403, 'auth.disabled');
    const token = await issueSessionToken(pool, user);
    return { message: request.t('auth.loginSuccess'), data: { token, user: await userView(new TenantDb(database, user.tenant_id), user) } };
  });

  /** A new tenant's vehicle document columns (SPEC §3: inspection, insurance, CMR insurance), as locale keys. */
  const DEFAULT_DOCUMENT_COLUMNS = [
    'transport-document-groups.defaults.inspection',
    'transport-document-groups.defaults.insurance',
    'transport-document-groups.defaults.cmrInsurance',
  ];

  app.post<{ Body: RegisterBody }>('/api/register', { ...limited, ...withBody(app, 'register') }, async (request) => {
    const body = request.body;
    const taken = await takenFields(pool, body);
    // A taken login and a weak password are told together, so the form is corrected in one go.
    await checkNewPassword(body.password, { login: body.login, email: body.email, company: body.company_name }, uniqueMessages(taken));
    const passwordHash = await hashPassword(body.password);
    let created: { token: string; user: UserRow };
    try {
      // Tenant, owner and main company exist together or not at all.
      created = await database.transaction(async (client) => {
        const tenant = (await client.query('INSERT INTO tenants DEFAULT VALUES RETURNING id')).rows[0] as { id: number };
        const tenantDb = new TenantDb(database, tenant.id, client);
        // The owner is the account's first administrator (resources/permissions.ts).
        const data: MemberData = {
          login: body.login,
          email: body.email,
          password: passwordHash,
          administrator: true,
          active: true,
          permissions: [],
          departments: [],
        };
        if (body.phone) data.phone = body.phone;
        const user = await tenantDb.insert<UserRow>('users', { data: JSON.stringify(data), is_owner: true });
        const company = await tenantDb.insert<{ id: number; data: Record<string, unknown> }>('companies', {
          data: { name: body.company_name.trim(), main: true },
          created_by: user.id,
          updated_by: user.id,
        });
        // The account's first entries in its audit trail: the owner and the main company.
        await recordChange(client, user, app.engine.byName.get('users') as EngineResource, user.id, 'create', null, user.data);
        await recordChange(client, user, app.engine.byName.get('companies') as EngineResource, company.id, 'create', null, company.data);
        // The vehicles' document columns SPEC §3 gives by default, named in the registering member's language.
        const columns = new EngineStore(client, tenant.id, user);
        for (const column of DEFAULT_DOCUMENT_COLUMNS)
          await columns.insert(
            app.engine.byName.get('transport-document-groups') as EngineResource,
            { name: request.t(column), show_document_start_date: false },
            user.id,
          );
        return { token: await issueSessionToken(client, user), user };
      });
    } catch (error) {
      // Two registrations raced past the check above: the unique index decides.
      const field = uniqueViolationField(error);
      if (field) throw uniqueError([field]);
      throw error;
    }
    const { token, user } = created;
    return { message: request.t('auth.registerSuccess'), data: { token, user: await userView(new TenantDb(database, user.tenant_id), user) } };
  });

  app.post('/api/logout', { onRequest: app.authenticate, config: { permission: SIGNED_IN } }, async (request) => {
    await revokeToken(pool, request.sessionTokenHash);
    return { message: request.t('auth.logoutSuccess'), data: null };
  });

  /**
   * The work behind "forgot password", done after the answer has gone out, so its time tells nothing: the same
   * lookup, token and transaction for an unknown address (which touches no row), the mail only for a known one.
   */
  async function sendResetLink(request: FastifyRequest<{ Body: ForgetPasswordBody }>): Promise<void> {
    const user = await findUserByEmail(pool, request.body.email);
    if (!user) {
      await database.transaction((client) => spendPasswordResetWork(client));
      return;
    }
    const token = await database.transaction((client) => createPasswordReset(client, user.id));
    const link = resetLink(config.appUrl, token, user.email, request.language);
    const log = request.log;
    mailer.send(resetMail(request.t, user.email, user.name ?? user.login, link), log, (delivery) => {
      // Without SMTP the log is how an admin finds the link: the one place a secret may be logged.
      if (delivery.via === 'outbox') log.info({ file: delivery.file }, `Password reset mail written to the outbox (SMTP_URL is not set). Reset link: ${link}`);
    });
  }
  const resetWork = new Set<Promise<void>>();
  // Closing waits for the reset links still being made (the mailer and the database close after this plugin).
  app.addHook('onClose', async () => {
    await Promise.allSettled([...resetWork]);
  });

  app.post<{ Body: ForgetPasswordBody }>(
    '/api/forget-password',
    {
      ...limited,
      ...withBody(app, 'forget-password'),
      onResponse: (request, reply, done) => {
        if (reply.statusCode === 200) {
          const work = sendResetLink(request).catch((error: unknown) => request.log.error({ err: error }, 'could not make a password reset link'));
          resetWork.add(work);
          void work.finally(() => resetWork.delete(work));
        }
        done();
      },
    },
    // eslint-disable-next-line @typescript-eslint/require-await -- the same answer for every address; the work is in onResponse
    async (request) => ({ message: request.t('auth.resetLinkSent'), data: null }),
  );

  app.post<{ Body: UpdatePasswordBody }>('/api/update-password', { ...limited, ...withBody(app, 'update-password') }, async (request) => {
    const { token, email, password } = request.body;
    const reset = await findValidReset(pool, token);
    if (!reset || reset.email.toLowerCase() !== email.toLowerCase()) throw invalidResetToken();
    await checkNewPassword(password, { login: reset.login, email: reset.email, name: reset.name, lastName: reset.lastName });
    const passwordHash = await hashPassword(password);
    await database.transaction(async (client) => {
      if (!(await consumeReset(client, reset.tokenHash))) throw invalidResetToken();
      await setPasswordHash(client, reset.userId, passwordHash);
      // Whoever knew the old password is signed out everywhere.
      await revokeAllTokens(client, reset.userId);
    });
    return { message: request.t('auth.passwordReset'), data: null };
  });
}
