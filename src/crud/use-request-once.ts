/**
 * The same request asked again while it is in flight (a double click, Enter and then a click) is not sent
 * twice: the second ask gets the first one's answer. A button's `loading` comes a render too late to stop a
 * double click, and a create sent twice makes two records (two documents of one type on an employee).
 * Requests are told apart by method, address and body, so a different request meanwhile is sent as asked.
 */
import { useCallback, useRef } from 'react';

export function useRequestOnce() {
  const inFlight = useRef(new Map<string, Promise<unknown>>());
  return useCallback(<T>(request: { method: string; url: string; values?: unknown }, send: () => Promise<T>): Promise<T> => {
    const key = `${request.method} ${request.url} ${JSON.stringify(request.values ?? null)}`;
    const pending = inFlight.current.get(key);
    if (pending) return pending as Promise<T>;
    const sent = send().finally(() => inFlight.current.delete(key));
    inFlight.current.set(key, sent);
    return sent;
  }, []);
}
