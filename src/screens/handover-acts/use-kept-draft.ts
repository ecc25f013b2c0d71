/**
 * The new act's draft kept in the browser while it is filled in (draft-store.ts), and the one left from
 * before offered once when the page opens: continued, discarded, or replaced as soon as the member starts
 * on a new act instead.
 */
import { useEffect, useRef, useState } from 'react';
import type { ActDraft } from './act-draft';
import { dropDraft, keepDraft, keptDraft, type KeptDraft } from './draft-store';

/** Writes wait for the member to pause: a typed mileage is one write, not one a digit. */
const KEEP_AFTER_MS = 400;

interface Current {
  draft: ActDraft;
  step: number;
  /** The member has changed something: there is an act to keep. */
  edited: boolean;
  /** The act is stored on the server: nothing is left to keep. */
  saved: boolean;
}

export function useKeptDraft(owner: string | undefined, { draft, step, edited, saved }: Current) {
  const [found, setFound] = useState<KeptDraft>();
  const [answered, setAnswered] = useState(false);
  // Starting on a new act answers the offer too: the draft kept from before gives way to this one.
  const offer = edited || answered ? undefined : found;
  useEffect(() => {
    if (!owner) return;
    let live = true;
    // Storage the browser refuses (a private window) keeps nothing; the act is still made as before.
    keptDraft(owner).then(
      (kept) => live && setFound(kept),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [owner]);

  // One write at a time, in order: a keep still reading its photos when the act is saved must not write the draft
  // back after the drop that follows the save.
  const writes = useRef<Promise<void>>(Promise.resolve());
  const write = (operation: () => Promise<void>) => {
    writes.current = writes.current.then(operation).catch(() => undefined);
  };

  useEffect(() => {
    if (!owner || !edited || saved) return;
    const timer = setTimeout(() => write(() => keepDraft(owner, { draft, step, savedAt: Date.now() })), KEEP_AFTER_MS);
    return () => clearTimeout(timer);
  }, [owner, draft, step, edited, saved]);

  useEffect(() => {
    if (owner && saved) write(() => dropDraft(owner));
  }, [owner, saved]);

  return {
    offer,
    /** The offer is taken: the caller puts its draft and step in place. */
    accept: () => setAnswered(true),
    discard: () => {
      setAnswered(true);
      if (owner) write(() => dropDraft(owner));
    },
  };
}
