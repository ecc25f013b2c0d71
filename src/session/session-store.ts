/**
 * The session (SPEC §4) as a small external store: whether a user is signed in, who, and the last
 * login/register error. The guards, the header and Refine's auth provider all read this one store.
 * "checking" means a token is stored and the current user is being fetched on start.
 */
import { startTransition, useEffect, useState } from 'react';
import { readToken } from './token-storage';
import type { User } from './user';

/**
 * `expired`: the member's session ended under them (a 401: the token expired or was revoked). The page stays, with its
 * unsaved input, under the question to sign in again (src/layout/sign-in-again.tsx); `user` is still who they were.
 */
export type SessionStatus = 'checking' | 'authenticated' | 'expired' | 'anonymous';

export interface SessionState {
  status: SessionStatus;
  user: User | null;
  /** True while a session request (login, register, logout, current user) is pending. */
  loading: boolean;
  loginError: string | null;
  registerError: string | null;
  /**
   * The member signed out themselves (not a session that ended under them): the next sign-in starts at the start
   * page, not on the page they left (which may be another member's next).
   */
  signedOut?: boolean;
  /** While `expired`: whether the ended token was remembered (local storage), for the next one to be kept the same way. */
  remember?: boolean;
}

type Listener = () => void;

function initialState(): SessionState {
  return { status: readToken() ? 'checking' : 'anonymous', user: null, loading: false, loginError: null, registerError: null };
}

let state: SessionState = initialState();
const listeners = new Set<Listener>();

export const sessionStore = {
  getState: (): SessionState => state,
  setState(patch: Partial<SessionState>): void {
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Starts over from what storage holds now (tests, and after the token was cleared elsewhere). */
  reset(): void {
    state = initialState();
    listeners.forEach((listener) => listener());
  },
};

/**
 * The session. Its change on start, from "checking" to the result, re-renders as a transition: "signed
 * in" draws the whole signed-in app, and a transition draws it in slices rather than in one long task
 * (useSyncExternalStore renders every change synchronously). Later changes (sign-in, sign-out) render at
 * once, as before. Every reader is told in the same loop, so they change together in one render.
 */
export function useSession(): SessionState {
  const [current, setCurrent] = useState(sessionStore.getState);
  useEffect(() => {
    let shown = current;
    const update = () => {
      const next = sessionStore.getState();
      const fromStart = shown.status === 'checking';
      shown = next;
      if (fromStart) startTransition(() => setCurrent(next));
      else setCurrent(next);
    };
    // A change between this render and the subscription is not missed.
    if (sessionStore.getState() !== current) update();
    return sessionStore.subscribe(update);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- subscribed once; `current` is only the first render's
  }, []);
  return current;
}

/** First name for the header, or null (the header then shows the translated 'User'). */
export function firstNameOf(user: User | null): string | null {
  const name = user?.name?.trim();
  return name ? name.split(/\s+/)[0] : null;
}
