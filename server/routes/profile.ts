/**
 * The signed-in user's own profile (SPEC §7 "Profile"). Every read and write of tenant rows goes
 * through `request.tenantDb`.
 */
import { SIGNED_IN } from '../plugins/auth';
import type { FastifyInstance } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { issueSessionToken, revokeAllTokens } from '../auth/tokens';
import { fileUrl, memberDataChange, takenFields, uniqueViolationField, userView, type UserRow } from '../auth/users';
import type { Database } from '../db/database';
import { sql } from '../db/sql';
import { storedFileName } from '../files/file-names';
import { recordChange } from '../engine/audit';
import type { EngineResource } from '../engine/model';
import { HttpError } from '../http-error';
import { readUploadedFile } from '../plugins/multipart';
import { withBody } from '../plugins/validation';
import { checkNewPassword, uniqueError } from './auth';

interface ProfileBody {
  login: string;
  name: string;
  last_name: string;
  email: string;
  phone?: string;
  job_position?: string;
  /** The member's record version the form was loaded at (`user.version`); without it the last save wins. */
  version?: number;
}
interface PasswordChangeBody {
  current_password: string;
  password: string;
}

/** Avatars are images a browser shows safely; the type comes from the bytes, never the file name. */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: its promise makes a throw while registering reject register() instead of escaping uncaught
export async function profileRoutes(app: FastifyInstance, options: { database: Database }) {
  const { pool } = options.database;
  // The member's own profile and the shared lookups: any signed-in member.
  const authenticated = { onRequest: app.authenticate, config: { permission: SIGNED_IN } };
  // The member's own record is a `users` record: its changes go to the audit trail like any other.
  const members = () => app.engine.byName.get('users') as EngineResource;

  app.get('/api/profile/show', authenticated, async (request) => ({ data: await userView(request.tenantDb, request.user) }));

  app.post<{ Body: ProfileBody }>('/api/profile/update', { ...authenticated, ...withBody(app, 'profile-update') }, async (request) => {
    const body = request.body;
    const taken = await takenFields(pool, body, request.user.id);
    if (taken.length > 0) throw uniqueError(taken);
    let updated: UserRow[];
    try {
      updated = await request.tenantDb.transaction(async (tenantDb) => {
        // With the version the form was loaded at (the web app sends it), a change made meanwhile (an administrator's
        // to the job position) is not overwritten silently: 409, as for every other record.
        const rows = await tenantDb.update<UserRow>(
          'users',
          body.version === undefined ? { id: request.user.id } : { id: request.user.id, version: body.version },
          {
            // The form sends the whole profile: an optional field left out is cleared.
            data: memberDataChange(
              {
                login: body.login,
                name: body.name.trim(),
                last_name: body.last_name.trim(),
                email: body.email,
                ...(body.phone ? { phone: body.phone } : {}),
                ...(body.job_position?.trim() ? { job_position: body.job_position.trim() } : {}),
              },
              [...(body.phone ? [] : ['phone' as const]), ...(body.job_position?.trim() ? [] : ['job_position' as const])],
            ),
            updated_at: sql`now()`,
            updated_by: request.user.id,
            version: sql`version + 1`,
          },
        );
        if (rows[0]) await recordChange(tenantDb.client, request.user, members(), request.user.id, 'update', request.user.data, rows[0].data);
        return rows;
      });
    } catch (error) {
      const field = uniqueViolationField(error);
      if (field) throw uniqueError([field]);
      throw error;
    }
    const user = updated[0];
    if (!user && body.version !== undefined && (await request.tenantDb.selectOne('users', { id: request.user.id }))) throw new HttpError(409, 'errors.stale');
    if (!user) throw new HttpError(401, 'auth.unauthenticated'); // deleted meanwhile
    return { message: request.t('profile.updated'), data: await userView(request.tenantDb, user) };
  });

  app.put<{ Body: PasswordChangeBody }>('/api/profile/update/password', { ...authenticated, ...withBody(app, 'password-change') }, async (request) => {
    const { current_password: currentPassword, password } = request.body;
    const wrongCurrentPassword = () =>
      new HttpError(422, 'profile.currentPasswordWrong', { fieldErrors: { current_password: [{ key: 'profile.currentPasswordWrong' }] } });
    if (!(await verifyPassword(request.user.password_hash, currentPassword))) throw wrongCurrentPassword();
    // "Changed" must mean changed: the same password again would end every other session and keep the old secret.
    if (password === currentPassword) throw new HttpError(422, 'profile.samePassword', { fieldErrors: { password: [{ key: 'profile.samePassword' }] } });
    const user = request.user;
    await checkNewPassword(password, { login: user.login, email: user.email, name: user.name, lastName: user.last_name });
    const passwordHash = await hashPassword(password);
    // Every session ends (other devices too); this one continues with a fresh token.
    const { token, version } = await request.tenantDb.transaction(async (tenantDb) => {
      // Two changes at once take turns on the member's row: the second is checked against the password the first
      // set (which its sender no longer has), so only one of them is told "changed".
      const [locked] = await tenantDb.select<{ password_hash: string }>('users', { id: user.id }, { columns: ['password_hash'], forUpdate: true });
      if (!locked) throw new HttpError(401, 'auth.unauthenticated');
      if (locked.password_hash !== user.password_hash && !(await verifyPassword(locked.password_hash, currentPassword))) throw wrongCurrentPassword();
      const [changed] = await tenantDb.update<UserRow>(
        'users',
        { id: user.id },
        { data: memberDataChange({ password: passwordHash }), updated_at: sql`now()`, updated_by: user.id, version: sql`version + 1` },
      );
      await recordChange(tenantDb.client, user, members(), user.id, 'update', { password: user.password_hash }, { password: passwordHash });
      await revokeAllTokens(tenantDb.client, user.id);
      return { token: await issueSessionToken(tenantDb.client, user), version: changed.version };
    });
    // The record's new version too: the profile form sends it with its next save.
    return { message: request.t('profile.passwordChanged'), data: { token, version } };
  });

  app.post('/api/profile/update/avatar', { ...authenticated, config: { ...authenticated.config, uploads: ['file'] } }, async (request) => {
    const upload = await readUploadedFile(request, 'file');
    const type = await fileTypeFromBuffer(upload.content);
    if (!type || !IMAGE_TYPES.has(type.mime)) {
      throw new HttpError(422, 'validation.file.imageOnly', { fieldErrors: { file: [{ key: 'validation.file.imageOnly' }] } });
    }
    const user = request.user;
    const { fileId, version } = await request.tenantDb.transaction(async (tenantDb) => {
      const file = await tenantDb.insert<{ id: number }>('files', {
        owner_kind: 'user',
        owner_id: user.id,
        file_name: storedFileName(upload.fileName, type.mime),
        mime_type: type.mime,
        size: upload.content.length,
        content: upload.content,
      });
      const [current] = await tenantDb.select<{ avatar_file_id: number | null }>('users', { id: user.id }, { columns: ['avatar_file_id'] });
      const [changed] = await tenantDb.update<UserRow>(
        'users',
        { id: user.id },
        { avatar_file_id: file.id, updated_at: sql`now()`, version: sql`version + 1` },
      );
      const before = current?.avatar_file_id ? fileUrl(current.avatar_file_id) : null;
      await recordChange(tenantDb.client, user, members(), user.id, 'update', { avatar: before }, { avatar: fileUrl(file.id) });
      // The previous avatar is replaced, not kept.
      if (current?.avatar_file_id) await tenantDb.delete('files', { id: current.avatar_file_id });
      return { fileId: file.id, version: changed.version };
    });
    return { message: request.t('profile.avatarUpdated'), data: { avatar: fileUrl(fileId), version } };
  });
}
