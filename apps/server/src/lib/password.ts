import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's minimum parameters: ~20 ms a hash on this hardware, so a morning rush of
// sign-ins stays fast while offline guessing stays expensive.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
