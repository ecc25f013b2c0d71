import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRequestOnce } from './use-request-once';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe('a request asked again while in flight', () => {
  it('is sent once, and both asks get its answer', async () => {
    const { result } = renderHook(() => useRequestOnce());
    const answer = deferred<string>();
    let sends = 0;
    const send = () => {
      sends++;
      return answer.promise;
    };
    const request = { method: 'post', url: '/api/x', values: { a: 1 } };
    const first = result.current(request, send);
    const second = result.current({ ...request, values: { a: 1 } }, send);
    answer.resolve('made');
    expect(await Promise.all([first, second])).toEqual(['made', 'made']);
    expect(sends).toBe(1);
  });

  it('is sent again once the first has answered, and a different request meanwhile is sent as asked', async () => {
    const { result } = renderHook(() => useRequestOnce());
    const sent: string[] = [];
    const send = (name: string) => () => {
      sent.push(name);
      return Promise.resolve(name);
    };
    await act(async () => {
      await Promise.all([
        result.current({ method: 'post', url: '/a', values: { n: 1 } }, send('a1')),
        result.current({ method: 'post', url: '/a', values: { n: 2 } }, send('a2')),
      ]);
    });
    await result.current({ method: 'post', url: '/a', values: { n: 1 } }, send('a1 again'));
    expect(sent).toEqual(['a1', 'a2', 'a1 again']);
  });

  it('is sent again after a refusal', async () => {
    const { result } = renderHook(() => useRequestOnce());
    const request = { method: 'delete', url: '/b' };
    await expect(result.current(request, () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await result.current(request, () => Promise.resolve('done'))).toBe('done');
  });
});
