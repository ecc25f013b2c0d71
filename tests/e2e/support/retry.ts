import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/**
 * A click that must be seen to work. On a busy machine a click can be lost: a dropdown still opening
 * takes it, or the list page just left writes its state into the address after the click and the
 * browser lands back on it (Refine's URL sync navigates relative to the route it was mounted on; seen in
 * CI, see the closing note of 2026-11-26). `act` is what the person does, `done` what they then see; the
 * act is repeated until it holds, as a person would click again.
 */
export async function clickUntil(act: () => Promise<void>, done: () => Promise<boolean>, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await act().catch(() => undefined);
    const settle = Date.now() + 5_000;
    while (Date.now() < settle) {
      if (await done()) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (Date.now() > deadline) throw new Error(`what the click should do did not happen within ${timeoutMs / 1000} s`);
  }
}

/**
 * Waits until nothing in `dialog` moves. A dialog zooms in as it opens; on a busy machine a click made meanwhile
 * can land beside its target, which is then lost (seen in CI: a confirmation that never opened).
 */
export async function settled(dialog: Locator): Promise<void> {
  await dialog.waitFor();
  // A spinner turns for ever: only what ends (the opening's zoom and fade) is waited for.
  const moving = (element: Element) =>
    element.getAnimations({ subtree: true }).filter((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity)
      .length;
  await expect.poll(() => dialog.evaluate(moving)).toBe(0);
}
