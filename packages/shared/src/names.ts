import { z } from 'zod';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';

/** Latin letters, Thai characters (U+0E00-U+0E7F) and spaces only. */
const LETTERS_ONLY = /^[A-Za-z\u0E00-\u0E7F ]+$/;

/**
 * The name rule shared by menu items and categories (docs/api.md "Shared rules"), with its exact messages,
 * checked in this order: not empty, no leading space, letters only, max length. The length is a
 * max check rather than a refinement so the OpenAPI document shows it too.
 */
export function itemNameSchema(max: number = LIMITS.menuNameMax) {
  return z
    .string({ error: MESSAGES.nameNull })
    .min(1, { message: MESSAGES.nameNull })
    .refine((v) => !v.startsWith(' '), { message: MESSAGES.nameLeadingSpace, abort: true })
    .refine((v) => LETTERS_ONLY.test(v), { message: MESSAGES.nameLetters, abort: true })
    .max(max, { message: `Input must be at most ${max} characters.` });
}

/** Returns the first message the name rule gives, or null when the name is fine. */
export function checkItemName(value: string, max: number = LIMITS.menuNameMax): string | null {
  const result = itemNameSchema(max).safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? MESSAGES.nameNull);
}

/** Display name: not empty or blank, at most 20 characters. */
export const DisplayNameSchema = z
  .string({ error: MESSAGES.nameEmpty })
  .trim()
  .min(1, { message: MESSAGES.nameEmpty })
  .max(LIMITS.displayNameMax, { message: `Name must be at most ${LIMITS.displayNameMax} characters` });

export const DescriptionSchema = z
  .string()
  .max(LIMITS.descriptionMax, { message: `Description must be at most ${LIMITS.descriptionMax} characters` });

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
