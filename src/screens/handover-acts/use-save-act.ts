/**
 * Saving a new act (issue 13): the act first (Refine's `useCreate`), so it is kept whatever happens to its
 * photos; then each photo upload on its own (`useCustomMutation`, progress through `meta.onProgress`),
 * one after the other so a slow phone line carries one at a time. A failed upload stays in the list with
 * its message and can be tried again; the act is there meanwhile.
 */
import { useCreate, useCustomMutation, useInvalidate } from '@refinedev/core';
import { useRef, useState } from 'react';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../forms/idempotency-key';
import { mutationNotifications } from '../../providers/notifications';
import { actBody, photoUploads, type ActDraft, type PhotoUpload } from './act-draft';
import { actApi } from './paths';

export interface UploadState {
  upload: PhotoUpload;
  percent: number;
  status: 'waiting' | 'sending' | 'done' | 'failed';
  error?: string;
}

/** A 422's field messages as the form shows them (the server's own words, already translated). */
export type ServerErrors = Record<string, string[]>;

export function useSaveAct() {
  const { mutateAsync: create } = useCreate();
  const { mutateAsync: send } = useCustomMutation();
  const invalidate = useInvalidate();
  const [saved, setSaved] = useState<{ transportId: number; id: number } | null>(null);
  const [uploads, setUploads] = useState<UploadState[]>([]);
  const [saving, setSaving] = useState(false);
  // One Idempotency-Key while the act's values stay the same (src/forms/idempotency-key.ts).
  const lastSent = useRef<{ body: string; key: string } | null>(null);
  const keyFor = (values: unknown) => {
    const body = JSON.stringify(values);
    if (lastSent.current?.body !== body) lastSent.current = { body, key: newIdempotencyKey() };
    return lastSent.current.key;
  };

  const track = (key: string, change: Partial<UploadState>) =>
    setUploads((current) => current.map((state) => (state.upload.key === key ? { ...state, ...change } : state)));

  async function sendOne(act: { transportId: number; id: number }, upload: PhotoUpload): Promise<boolean> {
    track(upload.key, { status: 'sending', percent: 0, error: undefined });
    const body = new FormData();
    for (const part of upload.parts) body.append(part.field, part.file, part.file.name);
    try {
      await send({
        url: actApi(act.transportId, act.id, upload.path),
        method: 'post',
        values: body,
        meta: { onProgress: (percent: number) => track(upload.key, { percent }) },
        successNotification: false,
        errorNotification: false,
      });
      track(upload.key, { status: 'done', percent: 100 });
      return true;
    } catch (error) {
      track(upload.key, { status: 'failed', error: (error as { message?: string }).message });
      return false;
    }
  }

  async function sendAll(act: { transportId: number; id: number }, list: PhotoUpload[]): Promise<boolean> {
    let allSent = true;
    for (const upload of list) allSent = (await sendOne(act, upload)) && allSent;
    await invalidate({ resource: 'handover-acts', invalidates: ['all'] });
    return allSent;
  }

  /** Saves the act, then its photos; answers whether everything was sent. A refused act throws the HttpError. */
  async function save(draft: ActDraft): Promise<{ act: { transportId: number; id: number }; allSent: boolean }> {
    setSaving(true);
    try {
      let act = saved;
      if (!act) {
        const transportId = draft.transport_id as number;
        const values = actBody(draft);
        const answer = await create({
          resource: 'handover-acts',
          values,
          // Save pressed again in the yard after the answer was lost: the act the first send made, not a second one.
          meta: { params: { transportId }, headers: { [IDEMPOTENCY_HEADER]: keyFor(values) } },
          ...mutationNotifications,
        });
        act = { transportId, id: Number((answer.data as { id: number }).id) };
        setSaved(act);
      }
      const list = photoUploads(draft);
      setUploads(list.map((upload) => ({ upload, percent: 0, status: 'waiting' })));
      return { act, allSent: await sendAll(act, list) };
    } finally {
      setSaving(false);
    }
  }

  /** Tries one failed photo again; answers whether every photo is now sent. */
  async function retry(key: string): Promise<boolean> {
    const state = uploads.find((candidate) => candidate.upload.key === key);
    if (!saved || !state) return false;
    const sent = await sendOne(saved, state.upload);
    await invalidate({ resource: 'handover-acts', invalidates: ['all'] });
    return sent && uploads.every((other) => other.upload.key === key || other.status === 'done');
  }

  return { save, retry, saved, uploads, saving };
}
