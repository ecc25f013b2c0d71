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

  it('sends the act again with the same Idempotency-Key after a lost answer, and with a new one for changed values', async () => {
    const keys: string[] = [];
    const dataProvider = {
      getApiUrl: () => '/api',
      getList: () => Promise.resolve({ data: [], total: 0 }),
      getOne: () => Promise.reject(new Error('not used')),
      update: () => Promise.reject(new Error('not used')),
      deleteOne: () => Promise.reject(new Error('not used')),
      create: vi.fn(({ meta }: { meta?: { headers?: Record<string, string> } }) => {
        keys.push(meta?.headers?.['Idempotency-Key'] ?? 'none');
        return Promise.reject(Object.assign(new Error('The server could not be reached'), { statusCode: 0 }));
      }),
      custom: vi.fn(() => Promise.resolve({ data: {} })),
    };
    function Resender() {
      const { save } = useSaveAct();
      const attempt = (sent: ActDraft) => () => void save(sent).catch(() => setResult(`failed:${keys.length}`));
      return (
        <div>
          <button onClick={attempt(draft)}>save</button>
          <button onClick={attempt({ ...draft, mileage: 1200 })}>save changed</button>
        </div>
      );
    }
    renderWithRefine(<Resender />, { dataProvider: dataProvider as never });
    for (const [index, button] of ['save', 'save', 'save changed'].entries()) {
      fireEvent.click(screen.getByText(button));
      await waitFor(() => expect(document.body.dataset.result).toBe(`failed:${index + 1}`));
    }
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
