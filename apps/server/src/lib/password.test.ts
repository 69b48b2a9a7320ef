import type * as Argon2 from '@node-rs/argon2';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** Counts how many argon2 computations run at the same time. */
const running = { now: 0, most: 0 };
vi.mock('@node-rs/argon2', async (original) => {
  const real = await original<typeof Argon2>();
  const counted =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      running.now += 1;
      running.most = Math.max(running.most, running.now);
      try {
        return await run(...args);
      } finally {
        running.now -= 1;
      }
    };
  return { ...real, hash: counted(real.hash), verify: counted(real.verify) };
});

const { PASSWORD_HASHES_AT_ONCE, hashPassword, verifyPassword } = await import('./password');

afterEach(() => {
  running.most = 0;
});

describe('password hashing', () => {
  it('computes at most one argon2 hash per core at once, and every caller still gets its answer', async () => {
    const stored = await hashPassword('right-password');
    running.most = 0;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => verifyPassword(stored, i % 3 === 0 ? 'right-password' : `wrong-${i}`)),
    );
    expect(answers.filter(Boolean)).toHaveLength(4);
    expect(running.most).toBeGreaterThanOrEqual(1);
    expect(running.most).toBeLessThanOrEqual(PASSWORD_HASHES_AT_ONCE);
    expect(PASSWORD_HASHES_AT_ONCE).toBeLessThanOrEqual(4);
  });

  it('answers false for a malformed stored hash instead of failing', async () => {
    expect(await verifyPassword('not-an-argon2-hash', 'anything')).toBe(false);
  });
});
