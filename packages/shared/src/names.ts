import { z } from 'zod';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import { peopleText } from './people-text';
import { ruleMessage } from './rule-texts';
import { hasVisibleCharacter } from './text';

/** Latin letters, Thai characters (U+0E00-U+0E7F) and spaces only. */
const LETTERS_ONLY = /^[A-Za-z\u0E00-\u0E7F ]+$/;

const NAME_NULL = ruleMessage(MESSAGES.nameNull, peopleText('people.rule.nameNull'));
const NAME_LEADING_SPACE = ruleMessage(MESSAGES.nameLeadingSpace, peopleText('people.rule.nameLeadingSpace'));
const NAME_LETTERS = ruleMessage(MESSAGES.nameLetters, peopleText('people.rule.nameLetters'));
const NAME_EMPTY = ruleMessage(MESSAGES.nameEmpty, peopleText('people.rule.nameEmpty'));
const NAME_DIRECTION_CONTROLS = ruleMessage(
  MESSAGES.nameDirectionControls,
  peopleText('people.rule.nameDirectionControls'),
);

/**
 * The name rule shared by menu items and categories (docs/api.md "Shared rules"), with its exact messages,
 * checked in this order: not empty, no leading space, letters only, max length. The length is a
 * max check rather than a refinement so the OpenAPI document shows it too.
 */
export function itemNameSchema(max: number = LIMITS.menuNameMax) {
  return z
    .string({ error: NAME_NULL })
    .min(1, { message: NAME_NULL })
    .refine((v) => !v.startsWith(' '), { message: NAME_LEADING_SPACE, abort: true })
    .refine((v) => LETTERS_ONLY.test(v), { message: NAME_LETTERS, abort: true })
    .max(max, {
      message: ruleMessage(`Input must be at most ${max} characters.`, peopleText('people.rule.inputTooLong', { max })),
    });
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
  .string({ error: NAME_EMPTY })
  .trim()
  .min(1, { message: NAME_EMPTY })
  .refine(hasVisibleCharacter, { message: NAME_EMPTY, abort: true })
  .refine((v) => !BIDI_CONTROLS.test(v), { message: NAME_DIRECTION_CONTROLS, abort: true })
  .max(LIMITS.displayNameMax, {
    message: ruleMessage(
      `Name must be at most ${LIMITS.displayNameMax} characters`,
      peopleText('people.rule.nameTooLong', { max: LIMITS.displayNameMax }),
    ),
  });

export const DescriptionSchema = z.string().max(LIMITS.descriptionMax, {
  message: ruleMessage(
    `Description must be at most ${LIMITS.descriptionMax} characters`,
    peopleText('people.rule.descriptionTooLong', { max: LIMITS.descriptionMax }),
  ),
});
