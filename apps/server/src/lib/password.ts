import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

// argon2id with OWASP's minimum parameters: ~20 ms a hash on this hardware, so a morning rush of
// sign-ins stays fast while offline guessing stays expensive.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes computed at once: one per core. Each holds its 19 MB of argon2 memory while it runs, and
 * more at once than there are cores finish no sooner: eight sign-ins at once took the server from
 * 118 to 195 MB with four (the thread pool's size), and kept the thread pool from the rest of its
 * work (compression, files). The others wait their turn, in order.
 */
export const PASSWORD_HASHES_AT_ONCE = Math.max(1, Math.min(4, availableParallelism()));
const oneAtATimePerCore = pLimit(PASSWORD_HASHES_AT_ONCE);

export function hashPassword(password: string): Promise<string> {
  return oneAtATimePerCore(() => hash(password, OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await oneAtATimePerCore(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}
