import { z } from 'zod';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import { hasVisibleCharacter } from './text';

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

/**
 * Bidirectional-text controls (embeddings, overrides, isolates, direction marks): in a name they
 * make what follows read in another order ("‮gnp.exe" shows as "exe.png"), a spoof on the board.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/**
 * Display name: shows something (a name of only blanks or zero-width characters is empty), no
 * text-direction controls, at most 20 characters.
 */
export const DisplayNameSchema = z
  .string({ error: MESSAGES.nameEmpty })
  .trim()
  .min(1, { message: MESSAGES.nameEmpty })
  .refine(hasVisibleCharacter, { message: MESSAGES.nameEmpty, abort: true })
  .refine((v) => !BIDI_CONTROLS.test(v), { message: MESSAGES.nameDirectionControls, abort: true })
  .max(LIMITS.displayNameMax, { message: `Name must be at most ${LIMITS.displayNameMax} characters` });

export const DescriptionSchema = z
  .string()
  .max(LIMITS.descriptionMax, { message: `Description must be at most ${LIMITS.descriptionMax} characters` });
