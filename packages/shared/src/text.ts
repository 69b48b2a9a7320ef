import { LIMITS } from './limits';

/*
 * Plain text rules, apart from the zod schemas in names.ts: a screen that only shows text (the
 * menu's descriptions, the user list) uses these without loading the schema library.
 */

/**
 * Characters that leave nothing to see on their own: white space, format characters (zero-width
 * space and joiners among them), control characters, combining marks with no letter to sit on,
 * and the letters that are drawn blank (Hangul fillers, the braille blank).
 */
const INVISIBLE = /[\p{White_Space}\p{Cf}\p{Cc}\p{Mn}\p{Me}\u115F\u1160\u3164\uFFA0\u2800]/gu;

/** Whether a text shows at least one character a person can see. */
export function hasVisibleCharacter(value: string): boolean {
  return value.replace(INVISIBLE, '').length > 0;
}

/** The text that stands for "none" in stored descriptions and remarks (docs/api.md). */
export const NONE_TEXT = '-';

/** "-" stands for "none" in descriptions and remarks: an empty or blank text becomes "-". */
export function dashIfEmpty(value: string | undefined | null): string {
  const trimmed = (value ?? '').trim();
  return trimmed.length === 0 ? NONE_TEXT : trimmed;
}

/** The reverse of dashIfEmpty, for screens and form fields: "-" (or blank) reads as "" (nothing to show). */
export function textOrEmpty(value: string | undefined | null): string {
  const trimmed = (value ?? '').trim();
  return trimmed === NONE_TEXT ? '' : trimmed;
}

/** Whether an e-mail address is in the company's domain: the part after its last "@", without case. */
export function isCompanyEmail(email: string, domain: string): boolean {
  const at = email.lastIndexOf('@');
  return (
    at >= 0 &&
    email
      .slice(at + 1)
      .trim()
      .toLowerCase() === domain.replace(/^@/, '').toLowerCase()
  );
}

/** Cut a name for the user list (docs/api.md: 14 characters). */
export function cutName(name: string, max: number = LIMITS.userListNameCut): string {
  return name.length > max ? `${name.slice(0, max)}...` : name;
}
