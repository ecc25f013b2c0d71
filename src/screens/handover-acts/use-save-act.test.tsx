/**
 * Saving a new act (issue 13), answered at the fetch boundary: the act is stored before its photos, a
 * photo that fails leaves the act saved and can be sent again, and a retry sends only that photo.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRefine, setUpScreenTests } from '../../crud/test-support';
import type { ActDraft } from './act-draft';
import { useSaveAct } from './use-save-act';

vi.mock('../../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

setUpScreenTests();

const photo = (name: string) => new File(['photo'], name, { type: 'image/jpeg' });
const draft: ActDraft = {
  transport_id: 7,
  date: '2026-03-20',
  fuel_remaining: 100,
  mileage: 1000,
  fuel_photo: photo('fuel.jpg'),
  mileage_photo: photo('odometer.jpg'),
  equipment: [],
  damages: [],
  documents: [],
  tires: [],
};

/** What the last save or retry answered, where the test reads it. */
const setResult = (value: string) => {
  document.body.dataset.result = value;
};

function Harness() {
  const { save, retry, uploads, saved } = useSaveAct();
  return (
    <div>
      <button onClick={() => void save(draft).then(({ allSent }) => setResult(`saved:${allSent}`))}>save</button>
      <button onClick={() => void retry('mileage_photo').then((allSent) => setResult(`retried:${allSent}`))}>retry</button>
      <output data-testid="saved">{saved ? `${saved.transportId}/${saved.id}` : ''}</output>
      {uploads.map((state) => (
        <output key={state.upload.key} data-testid={`upload-${state.upload.key}`}>
          {state.status}
        </output>
      ))}
    </div>
  );
}

describe('saving a new handover act with its photos', () => {
  it('keeps the act when a photo fails, and sends that photo again on retry', async () => {
    let odometerTries = 0;
    const calls: string[] = [];
    const dataProvider = {
      getApiUrl: () => '/api',
      getList: () => Promise.resolve({ data: [], total: 0 }),
      getOne: () => Promise.reject(new Error('not used')),
      update: () => Promise.reject(new Error('not used')),
      deleteOne: () => Promise.reject(new Error('not used')),
      create: vi.fn(({ resource, meta }: { resource: string; meta?: { params?: Record<string, unknown> } }) => {
        calls.push(`create ${resource} ${JSON.stringify(meta?.params)}`);
        return Promise.resolve({ data: { id: 31 } });
      }),
      custom: vi.fn(({ url, payload, meta }: { url: string; payload: FormData; meta?: { onProgress?: (percent: number) => void } }) => {
        const fields = [...payload.keys()];
        calls.push(`${url} ${fields.join(',')}`);
        meta?.onProgress?.(50);
        if (fields.includes('mileage_photo') && (odometerTries += 1) === 1) return Promise.reject(Object.assign(new Error('Server busy'), { statusCode: 503 }));
        return Promise.resolve({ data: { id: 31 } });
      }),
    };
    renderWithRefine(<Harness />, { dataProvider: dataProvider as never });
    fireEvent.click(screen.getByText('save'));
    await waitFor(() => expect(document.body.dataset.result).toBe('saved:false'));
    expect(screen.getByTestId('saved').textContent).toBe('7/31');
    expect(screen.getByTestId('upload-fuel_photo').textContent).toBe('done');
    expect(screen.getByTestId('upload-mileage_photo').textContent).toBe('failed');
    expect(calls).toEqual([
      'create handover-acts {"transportId":7}',
      '/transport/7/handover-acts/31/photos fuel_photo',
      '/transport/7/handover-acts/31/photos mileage_photo',
    ]);

    fireEvent.click(screen.getByText('retry'));
    await waitFor(() => expect(document.body.dataset.result).toBe('retried:true'));
    expect(screen.getByTestId('upload-mileage_photo').textContent).toBe('done');
    // The act is not made twice: only the odometer photo went again.
    expect(calls.slice(3)).toEqual(['/transport/7/handover-acts/31/photos mileage_photo']);
  });
});
