import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { AppError } from '../../lib/errors';

/**
 * The score (0-4) a new password needs from zxcvbn: 3 is "safely unguessable: moderate protection
 * from an offline attack" (about 10^8 guesses and more). It refuses the common-password list
 * (`password`, `12345678`, ...: ASVS 6.2.4) and words of the person and the company (6.2.11).
 */
export const MIN_PASSWORD_SCORE = 3;

/** Who the password is for: their own words, and the company's, are easy guesses. */
export interface PasswordContext {
  email: string;
  name?: string | undefined;
  /** The company's e-mail domain, the app's and the sites' names. */
  words?: readonly string[];
}

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * The estimator with its dictionaries (a few MB), loaded the first time a password is checked and
 * kept: a server that never sees a new password never loads them.
 */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(
    ([core, common, en]) =>
      new core.ZxcvbnFactory({
        translations: en.translations,
        graphs: common.adjacencyGraphs,
        dictionary: { ...common.dictionary, ...en.dictionary },
        // Not the Levenshtein matcher: it costs about 300 ms of the event loop per check (5 ms without),
        // on an endpoint anyone may call; misspellings of common passwords stay caught by l33t and the rest.
        useLevenshteinDistance: false,
      }),
  );
  return estimator;
}

/** The words of the person and the company the password must not be made of. */
export function contextWords(context: PasswordContext): string[] {
  const email = context.email.trim().toLowerCase();
  const [local = '', domain = ''] = email.split('@');
  const words = new Set<string>([email, local, ...local.split(/[._+-]+/)]);
  if (domain) words.add(domain).add(domain.split('.')[0] ?? '');
  for (const part of (context.name ?? '').toLowerCase().split(/\s+/)) words.add(part);
  if (context.name) words.add(context.name.toLowerCase());
  for (const word of context.words ?? []) {
    words.add(word.toLowerCase());
    for (const part of word.toLowerCase().split(/\s+/)) words.add(part);
  }
  return [...words].filter((word) => word.length >= 3);
}

/** Why a password is refused, readable, from the estimator's feedback; null when it is strong enough. */
export async function passwordWeakness(password: string, context: PasswordContext): Promise<string | null> {
  const zxcvbn = await loadEstimator();
  const result = zxcvbn.check(password, contextWords(context));
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const why = [result.feedback.warning, ...result.feedback.suggestions].filter((text): text is string => !!text);
  return ['This password is too easy to guess.', ...why].join(' ');
}

/**
 * The password policy, one rule for every new password (registration, change, reset): 400
 * `WEAK_PASSWORD` saying why. The length rule is the contract's schema (8 to 128 characters).
 */
export async function assertStrongPassword(password: string, context: PasswordContext): Promise<void> {
  const weakness = await passwordWeakness(password, context);
  if (weakness !== null) throw new AppError(400, 'WEAK_PASSWORD', weakness);
}
