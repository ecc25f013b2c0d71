/**
 * Password hashing: argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane), ~30–60 ms here, off the
 * event loop (@node-rs/argon2 runs on libuv's thread pool).
 */
import { hash, verify, type Options } from '@node-rs/argon2';

const ARGON2ID = 2; // Algorithm.Argon2id (a const enum, which isolated modules cannot import)
const OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never signs anybody in
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the time of one verification for a login that does not exist, so the answer time does not
 * tell which logins exist.
 */
export async function spendVerificationTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('fleetdesk: no such user');
  await verifyPassword(await dummyHash, password);
}
