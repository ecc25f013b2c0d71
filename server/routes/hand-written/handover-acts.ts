/**
 * The photos of a handover act (SPEC §3: fuel remaining with a photo, mileage with a photo, the
 * driver's selfie with the vehicle). The act itself is the engine's generic resource
 * (`/transport/{transportId}/handover-acts…`); its `fuel_photo_id`, `mileage_photo_id` and
 * `driver_selfie_id` are read-only there and set only here:
 * - `POST /api/transport/{transportId}/handover-acts/{id}/photos`: multipart with any of the fields
 *   `fuel_photo`, `mileage_photo`, `driver_selfie` (images by their bytes, ≤ 5 MB each); a photo sent
 *   replaces the previous one of its kind, whose file is deleted;
 * - `DELETE /api/transport/{transportId}/handover-acts/{id}/photos/{kind}` (kind: one of those fields);
 * - `POST …/handover-acts/{id}/damages/{index}/photos`: multipart `photos` (one or more images, ≤ 5 MB
 *   each), added to the damage or fine at that position of `damages` (its `photo_ids`);
 * - `DELETE …/handover-acts/{id}/damage-photos/{fileId}`: one damage photo, from whichever damage holds it.
 * Both answer the act as the generic routes do. And to read an act (issue 13):
 * - `GET …/handover-acts/{id}/changes`: what changed since the vehicle's previous act (server/handover/compare.ts);
 * - `GET …/handover-acts/{id}/pdf`: the act as a PDF in the member's language (server/handover/act-pdf.ts).
 * SPEC §7 names no path for acts; these follow the invented id-first pattern of resources/handover-acts.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordLabel } from '../../../resources/label';
import { TenantDb } from '../../db/tenant-db';
import type { EngineStore } from '../../engine/store';
import { HttpError, notFound } from '../../http-error';
import { sql } from '../../db/sql';
import { actPdf } from '../../handover/act-pdf';
import { madeFileDisposition } from '../../files/file-names';
import { compareActs } from '../../handover/compare';
import { engineResource, findOr404, inTransaction, paramId, readStore, toWire, type HandWrittenOptions, type RecordRow, guard } from './support';
import { photoIdsOf } from '../../rules/handover-acts';
import { ensureFileOwnerTriggers, readMultipartForm, type Upload } from './uploads';

const OWNER_KIND = 'handover-act';
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
/** Photos one damage or fine may have (a few close-ups, not an album). */
const MAX_DAMAGE_PHOTOS = 10;

/** Form field → the act's field holding the file id. */
export const PHOTO_FIELDS: Record<string, string> = {
  fuel_photo: 'fuel_photo_id',
  mileage_photo: 'mileage_photo_id',
  driver_selfie: 'driver_selfie_id',
};

export async function handoverActRoutes(app: FastifyInstance, options: HandWrittenOptions) {
  const { database } = options;
  await ensureFileOwnerTriggers(database);
  const acts = engineResource(app, 'handover-acts');
  // Only looked up (labels for the PDF): their sensitive fields never reach an answer.
  const transport = engineResource(app, 'transport', 'looked-up');
  const employees = engineResource(app, 'employees', 'looked-up');
  const guarded = guard(app);

  /** The act of the path, within its vehicle; else 404. */
  const actOf = (store: EngineStore, request: FastifyRequest, lock = true) =>
    findOr404(store, acts, paramId(request, 'id'), paramId(request, 'transportId'), lock);

  async function dropFile(store: EngineStore, fileId: unknown) {
    if (typeof fileId !== 'number') return;
    await new TenantDb(database, store.tenantId, store.client).delete('files', { id: fileId, owner_kind: OWNER_KIND });
  }

  /** 422 on `field` unless every upload is an image. */
  function imagesOnly(files: Upload[]) {
    for (const upload of files) {
      if (!IMAGE_TYPES.has(upload.mimeType)) {
        throw new HttpError(422, 'validation.file.imageOnly', { fieldErrors: { [upload.field]: [{ key: 'validation.file.imageOnly' }] } });
      }
    }
  }

  async function storePhoto(store: EngineStore, actId: number, upload: Upload): Promise<number> {
    const file = await new TenantDb(database, store.tenantId, store.client).insert<{ id: number }>('files', {
      owner_kind: OWNER_KIND,
      owner_id: actId,
      file_name: upload.fileName,
      mime_type: upload.mimeType,
      size: upload.content.length,
      content: upload.content,
    });
    return Number(file.id);
  }

  app.post('/api/transport/:transportId/handover-acts/:id/damages/:index/photos', guarded('transport.update', { uploads: ['photos'] }), async (request) => {
    const indexText = (request.params as { index: string }).index;
    if (!/^\d{1,4}$/.test(indexText)) throw notFound();
    const index = Number(indexText);
    await actOf(readStore(database, request), request, false);
    const form = await readMultipartForm(request, (field) => field === 'photos');
    imagesOnly(form.files);
    if (form.files.length === 0) throw new HttpError(422, 'errors.invalidData', { fieldErrors: { photos: [{ key: 'validation.required' }] } });
    const row = await inTransaction(database, request, async (store) => {
      const act = await actOf(store, request);
      const damages = Array.isArray(act.data.damages) ? (act.data.damages as Array<Record<string, unknown>>).map((damage) => ({ ...damage })) : [];
      const damage = damages[index];
      if (!damage) throw notFound();
      const photoIds = Array.isArray(damage.photo_ids) ? [...(damage.photo_ids as number[])] : [];
      if (photoIds.length + form.files.length > MAX_DAMAGE_PHOTOS) throw new HttpError(413, 'errors.tooLarge');
      for (const upload of form.files) photoIds.push(await storePhoto(store, Number(act.id), upload));
      damage.photo_ids = photoIds;
      return store.update(acts, Number(act.id), { ...act.data, damages }, request.user.id, act.data);
    });
    return { message: request.t('crud.updated'), data: toWire(acts, row) };
  });

  app.delete('/api/transport/:transportId/handover-acts/:id/damage-photos/:fileId', guarded('transport.update'), async (request) => {
    const fileId = paramId(request, 'fileId');
    const row = await inTransaction(database, request, async (store) => {
      const act = await actOf(store, request);
      const damages = Array.isArray(act.data.damages) ? (act.data.damages as Array<Record<string, unknown>>) : [];
      if (!photoIdsOf(act.data).includes(fileId)) throw notFound();
      await dropFile(store, fileId);
      const kept = damages.map((damage) => {
        if (!Array.isArray(damage.photo_ids)) return damage;
        const { photo_ids: ids, ...rest } = damage;
        const left = (ids as number[]).filter((id) => id !== fileId);
        return left.length > 0 ? { ...rest, photo_ids: left } : rest;
      });
      return store.update(acts, Number(act.id), { ...act.data, damages: kept }, request.user.id, act.data);
    });
    return { message: request.t('crud.deleted'), data: toWire(acts, row) };
  });

  app.post('/api/transport/:transportId/handover-acts/:id/photos', guarded('transport.update', { uploads: Object.keys(PHOTO_FIELDS) }), async (request) => {
    await actOf(readStore(database, request), request, false);
    const form = await readMultipartForm(request, (field) => Object.hasOwn(PHOTO_FIELDS, field));
    imagesOnly(form.files);
    if (form.files.length === 0) throw new HttpError(422, 'errors.invalidData', { fieldErrors: { fuel_photo: [{ key: 'validation.required' }] } });
    const row = await inTransaction(database, request, async (store) => {
      const act = await actOf(store, request);
      const data = { ...act.data };
      for (const upload of form.files) {
        const field = PHOTO_FIELDS[upload.field];
        await dropFile(store, data[field]);
        data[field] = await storePhoto(store, Number(act.id), upload);
      }
      return store.update(acts, Number(act.id), data, request.user.id);
    });
    return { message: request.t('crud.updated'), data: toWire(acts, row) };
  });

  /** The vehicle's act before this one (an earlier date, or the same date and made before it), or null. */
  async function previousOf(store: EngineStore, act: RecordRow) {
    const date = typeof act.data.date === 'string' ? act.data.date : '';
    const [row] = await store.page(
      acts,
      { parentId: Number(act.parent_id) },
      [sql`(data->>'date' < ${date} OR (data->>'date' = ${date} AND id < ${act.id}))`],
      sql`data->>'date' DESC, id DESC`,
      1,
      0,
    );
    return row ? { id: Number(row.id), ...row.data } : null;
  }

  app.get('/api/transport/:transportId/handover-acts/:id/changes', guarded('transport.view'), async (request) => {
    const store = readStore(database, request);
    const act = await actOf(store, request, false);
    return { data: compareActs(await previousOf(store, act), act.data) };
  });

  app.get('/api/transport/:transportId/handover-acts/:id/pdf', guarded('transport.view'), async (request, reply) => {
    const store = readStore(database, request);
    const act = await actOf(store, request, false);
    const vehicle = await findOr404(store, transport, paramId(request, 'transportId'), undefined, false);
    const employeeName = async (id: unknown) => {
      if (typeof id !== 'number') return null;
      const row = await store.find(employees, id, {});
      return row ? [row.data.name, row.data.last_name].filter((part) => typeof part === 'string' && part).join(' ') : null;
    };
    const tenantDb = new TenantDb(database, store.tenantId, store.client);
    const photos = [];
    for (const [field, column] of Object.entries(PHOTO_FIELDS)) {
      const fileId = act.data[column];
      if (typeof fileId !== 'number') continue;
      const file = await tenantDb.selectOne<{ mime_type: string; content: Buffer }>(
        'files',
        { id: fileId, owner_kind: OWNER_KIND },
        { columns: ['mime_type', 'content'] },
      );
      if (file) photos.push({ label: request.t(`handover-acts.photos.${field}`), mimeType: file.mime_type, content: file.content });
    }
    const damages = Array.isArray(act.data.damages) ? (act.data.damages as Array<Record<string, unknown>>) : [];
    for (const damage of damages) {
      for (const fileId of photoIdsOf({ damages: [damage] })) {
        const file = await tenantDb.selectOne<{ mime_type: string; content: Buffer }>(
          'files',
          { id: fileId, owner_kind: OWNER_KIND },
          { columns: ['mime_type', 'content'] },
        );
        if (file)
          photos.push({ label: request.t('handover-acts.pdf.damagePhoto', { title: String(damage.title) }), mimeType: file.mime_type, content: file.content });
      }
    }
    const creator =
      act.created_by === null
        ? undefined
        : await tenantDb.selectOne<{ login: string; name: string | null; last_name: string | null }>(
            'users',
            { id: act.created_by },
            { columns: ['login', 'name', 'last_name'] },
          );
    const pdf = await actPdf({
      t: request.t,
      language: request.language,
      vehicle: recordLabel(transport.definition, vehicle.data),
      act: act.data,
      transferredBy: await employeeName(act.data.transferred_by_id),
      receivedBy: await employeeName(act.data.received_by_id),
      createdBy: creator ? [creator.name, creator.last_name].filter(Boolean).join(' ') || creator.login : null,
      changes: compareActs(await previousOf(store, act), act.data),
      photos,
    });
    const day = typeof act.data.date === 'string' ? act.data.date : 'undated';
    const disposition = madeFileDisposition(`handover-act-${day}-${act.id}.pdf`, `${request.t('handover-acts.titleSingular')} ${day} ${act.id}.pdf`);
    return reply.type('application/pdf').header('Content-Disposition', disposition).send(pdf);
  });

  app.delete('/api/transport/:transportId/handover-acts/:id/photos/:kind', guarded('transport.update'), async (request) => {
    const field = PHOTO_FIELDS[(request.params as { kind: string }).kind];
    if (!field) throw notFound();
    const row = await inTransaction(database, request, async (store) => {
      const act = await actOf(store, request);
      if (act.data[field] === undefined) throw notFound();
      await dropFile(store, act.data[field]);
      const { [field]: _removed, ...data } = act.data;
      return store.update(acts, Number(act.id), data, request.user.id);
    });
    return { message: request.t('crud.deleted'), data: toWire(acts, row) };
  });
}
