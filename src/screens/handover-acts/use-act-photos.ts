/**
 * Adding and removing an act's photos after it is saved (issue 13), on its page: a photo of a kind (gauge,
 * odometer, selfie) replaces the one before; a damage's photos are added to it; one photo is removed after a
 * confirmation. Through Refine's `useCustomMutation` (upload progress through `meta.onProgress`); the act's
 * lists and page refresh afterwards.
 */
import { useCustomMutation, useInvalidate } from '@refinedev/core';
import { useState } from 'react';
import { mutationNotifications } from '../../providers/notifications';
import { actApi } from './paths';

export function useActPhotos(transportId: string, id: string) {
  const { mutateAsync } = useCustomMutation();
  const invalidate = useInvalidate();
  /** Upload progress by slot (`fuel_photo`, `damage-1`), while one is being sent. */
  const [progress, setProgress] = useState<Record<string, number>>({});
  const refresh = () => invalidate({ resource: 'handover-acts', invalidates: ['all'] });

  async function upload(slot: string, path: string, parts: Array<{ field: string; file: File }>) {
    const body = new FormData();
    for (const part of parts) body.append(part.field, part.file, part.file.name);
    setProgress((current) => ({ ...current, [slot]: 0 }));
    try {
      await mutateAsync({
        url: actApi(transportId, id, path),
        method: 'post',
        values: body,
        meta: { onProgress: (percent: number) => setProgress((current) => ({ ...current, [slot]: percent })) },
        ...mutationNotifications,
      });
      await refresh();
    } catch {
      // The notification has said why; the photo can be chosen again.
    } finally {
      setProgress(({ [slot]: _done, ...rest }) => rest);
    }
  }

  async function remove(path: string) {
    await mutateAsync({ url: actApi(transportId, id, path), method: 'delete', values: {}, ...mutationNotifications });
    await refresh();
  }

  return {
    progress,
    addKindPhoto: (kind: string, file: File) => upload(kind, 'photos', [{ field: kind, file }]),
    removeKindPhoto: (kind: string) => remove(`photos/${kind}`),
    addDamagePhotos: (index: number, files: File[]) =>
      upload(
        `damage-${index}`,
        `damages/${index}/photos`,
        files.map((file) => ({ field: 'photos', file })),
      ),
    removeDamagePhoto: (fileId: number) => remove(`damage-photos/${fileId}`),
  };
}
