/**
 * Uploads of the hand-written routes: multipart bodies with several files and form fields, each file
 * at most 5,242,880 bytes (413 above, SPEC §9), its type taken from its bytes (`file-type`), never from
 * its name or declared type: documents are PDFs or images (JPEG, PNG, GIF, WebP), anything else a 422.
 * Their names are cleaned and end in that type's extension (files/file-names.ts).
 *
 * Files live in the `files` table with their owner (`owner_kind`, `owner_id`) and are served by
 * `GET /api/files/:id` only to their tenant. They go with their owner however it is deleted (by a
 * hand-written route or by the engine's cascade from a vehicle or a column): an AFTER DELETE trigger on
 * each owner table removes the owner's files in the deleting transaction. The engine makes its tables
 * at start and migrations are not ours to add here, so the triggers are made (idempotently, under a
 * transaction-scoped advisory lock) when these routes start.
 */
import { unstorableFields } from '../../engine/body';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { fileUrl } from '../../auth/users';
import type { Database } from '../../db/database';
import { HttpError } from '../../http-error';
import { MAX_FILE_BYTES, refuseEmptyFile } from '../../plugins/multipart';
import { storedFileName } from '../../files/file-names';

export { fileUrl };

/** At most this many files per request (the forms upload a handful). */
export const MAX_FILES_PER_REQUEST = 10;

export const DOCUMENT_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png', 'image/gif', 'image/webp']);

export interface Upload {
  field: string;
  fileName: string;
  content: Buffer;
  mimeType: string;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: Upload[];
}

/**
 * Reads a whole multipart body: text fields, and the files of the fields `accept` takes (others are
 * drained). 415 when not multipart, 413 for a file over the limit or too many parts, 422
 * `handWritten.fileType` for a file that is not a PDF or an image by its content (on its field).
 */
export async function readMultipartForm(request: FastifyRequest, accept: (field: string) => boolean): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new HttpError(415, 'errors.unsupportedMediaType');
  const fields: Record<string, string> = {};
  const raw: Array<Omit<Upload, 'mimeType'>> = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_FILE_BYTES, files: MAX_FILES_PER_REQUEST, parts: MAX_FILES_PER_REQUEST + 20 } })) {
      if (part.type === 'file') {
        if (!accept(part.fieldname)) {
          part.file.resume();
          continue;
        }
        raw.push({ field: part.fieldname, fileName: part.filename, content: await part.toBuffer() });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, 'validation.file.tooLarge', { fieldErrors: { file: [{ key: 'validation.file.tooLarge' }] } });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new HttpError(413, 'errors.tooLarge');
    request.log.info({ err: error }, 'unreadable multipart body');
    throw new HttpError(400, 'errors.badRequest');
  }
  // The same rule as every JSON body (plugins/storable-text.ts): text the database cannot store is a 422.
  const unstorable = unstorableFields(fields);
  if (Object.keys(unstorable).length > 0) throw new HttpError(422, 'errors.invalidData', { fieldErrors: unstorable });
  const files: Upload[] = [];
  for (const upload of raw) {
    refuseEmptyFile(upload.field, upload.content);
    const type = await fileTypeFromBuffer(upload.content);
    if (!type || !DOCUMENT_TYPES.has(type.mime))
      throw new HttpError(422, 'handWritten.fileType', { fieldErrors: { [upload.field]: [{ key: 'handWritten.fileType' }] } });
    // Named only now: the extension follows the type found in the bytes.
    files.push({ ...upload, fileName: storedFileName(upload.fileName, type.mime), mimeType: type.mime });
  }
  return { fields, files };
}

/** Owner kinds of the `files` table and the engine tables their owners live in. */
export const FILE_OWNERS = {
  'vehicle-document': 'r_vehicle_documents',
  repair: 'r_repairs',
  'employee-attachment': 'r_employee_attachments',
  'handover-act': 'r_handover_acts',
} as const;

export type FileOwnerKind = keyof typeof FILE_OWNERS;

/** Makes the triggers that delete an owner's files with the owner (see the header). */
export function ensureFileOwnerTriggers(database: Database): Promise<void> {
  let made = triggersMade.get(database);
  if (!made) {
    made = makeFileOwnerTriggers(database);
    triggersMade.set(database, made);
  }
  return made;
}

const triggersMade = new WeakMap<Database, Promise<void>>();

async function makeFileOwnerTriggers(database: Database): Promise<void> {
  await database.transaction(async (client) => {
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('fleetdesk-hand-written-file-owners'))`);
    await client.query(`
      CREATE OR REPLACE FUNCTION fleetdesk_delete_owned_files() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM files WHERE tenant_id = OLD.tenant_id AND owner_kind = TG_ARGV[0] AND owner_id = OLD.id;
        RETURN OLD;
      END $$`);
    for (const [kind, table] of Object.entries(FILE_OWNERS)) {
      await client.query(`DROP TRIGGER IF EXISTS ${table}_owned_files ON ${table}`);
      await client.query(`CREATE TRIGGER ${table}_owned_files AFTER DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION fleetdesk_delete_owned_files('${kind}')`);
    }
  });
}

/** A file of the listing: id, name and where the tenant reads it. */
export function fileView(file: { file_id: number; file_name?: string }) {
  return { file_id: file.file_id, file_name: file.file_name ?? 'file', url: fileUrl(file.file_id) };
}
