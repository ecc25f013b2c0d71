/**
 * Multipart uploads (avatar now, documents later): one file of at most 5,242,880 bytes (SPEC §9).
 * Routes read it with `readUploadedFile`, which answers 413 `validation.file.tooLarge` past the limit
 * and 422 `validation.file.missing` without a `file` part. A multipart body sent to a route that declares no
 * `config.uploads` is a 415.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http-error';

export const MAX_FILE_BYTES = 5_242_880;

export const multipartPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(multipart, {
      limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 25, headerPairs: 100 },
    });
    // Only routes that name their file fields (`config.uploads`) read a multipart body; any other route would see no
    // body at all and answer "required" for every field, which sends the client looking in the wrong place.
    app.addHook('preValidation', (request, _reply, done) => {
      done(request.isMultipart() && request.routeOptions.config.uploads === undefined ? new HttpError(415, 'errors.unsupportedMediaType') : undefined);
    });
  },
  { name: 'fleetdesk-multipart' },
);

export interface UploadedFile {
  fileName: string;
  content: Buffer;
}

/** A file of no bytes (a failed save, a cloud placeholder) is said to be empty, not "not a PDF or an image". */
export function refuseEmptyFile(field: string, content: Buffer): void {
  if (content.length === 0) throw new HttpError(422, 'validation.file.empty', { fieldErrors: { [field]: [{ key: 'validation.file.empty' }] } });
}

export async function readUploadedFile(request: FastifyRequest, field = 'file'): Promise<UploadedFile> {
  if (!request.isMultipart()) throw new HttpError(415, 'errors.unsupportedMediaType');
  const tooLarge = () => new HttpError(413, 'validation.file.tooLarge', { fieldErrors: { [field]: [{ key: 'validation.file.tooLarge' }] } });
  let found: UploadedFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field || found) {
        part.file.resume(); // drain parts we do not want
        continue;
      }
      const content = await part.toBuffer();
      found = { fileName: part.filename, content };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new HttpError(413, 'errors.tooLarge');
    // Anything else here is a broken multipart body (bad boundary, cut-off stream): the client's fault.
    request.log.info({ err: error }, 'unreadable multipart body');
    throw new HttpError(400, 'errors.badRequest');
  }
  if (!found) throw new HttpError(422, 'errors.invalidData', { fieldErrors: { [field]: [{ key: 'validation.file.missing' }] } });
  refuseEmptyFile(field, found.content);
  return found;
}
