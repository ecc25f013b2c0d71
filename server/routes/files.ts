/**
 * `GET /api/files/:id`: a stored file's bytes, only to a signed-in user of its tenant (another
 * tenant's id answers 404, exactly like a missing one) who may view its owner: a vehicle document's
 * file needs `transport.view`, an employee attachment `employees.view`; avatars are for every member.
 */
import type { FastifyInstance } from 'fastify';
import { holds } from '../../resources/permissions';
import { contentDisposition } from '../files/file-names';
import { HttpError, notFound } from '../http-error';
import { SIGNED_IN } from '../plugins/auth';

/** The right that reading a file of each owner kind needs (FILE_OWNERS in hand-written/uploads.ts). */
const READ_RIGHT_OF_OWNER: Record<string, string> = {
  'vehicle-document': 'transport.view',
  repair: 'repairs.view',
  'employee-attachment': 'employees.view',
  'handover-act': 'transport.view',
};

interface FileRow {
  id: number;
  owner_kind: string;
  file_name: string;
  mime_type: string;
  size: number;
  content: Buffer;
}

// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: its promise makes a throw while registering reject register() instead of escaping uncaught
export async function fileRoutes(app: FastifyInstance) {
  app.get<{ Params: { id: string } }>('/api/files/:id', { onRequest: app.authenticate, config: { permission: SIGNED_IN } }, async (request, reply) => {
    // Ids are positive integers well inside int8 and JavaScript's safe range.
    if (!/^[1-9][0-9]{0,14}$/.test(request.params.id)) throw notFound();
    const file = await request.tenantDb.selectOne<FileRow>('files', { id: Number(request.params.id) });
    if (!file) throw notFound();
    const right = READ_RIGHT_OF_OWNER[file.owner_kind];
    if (right && !holds(request.user.data, right)) throw new HttpError(403, 'errors.forbidden');
    return (
      reply
        .header('content-type', file.mime_type)
        .header('content-disposition', contentDisposition(file.file_name, file.mime_type))
        .header('x-content-type-options', 'nosniff')
        // Even if a file were ever opened directly, it could run nothing.
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        .send(file.content)
    );
  });
}
