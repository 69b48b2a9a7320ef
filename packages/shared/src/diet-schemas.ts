import { z } from 'zod';
import { DIET_TAGS } from './diet';

// The schemas of the tags, apart from the list and its rules (diet.ts): a screen that only marks
// what a person avoids loads no schema library.
export const DietTagSchema = z.enum(DIET_TAGS, {
  error: (issue) => `"${String(issue.input)}" is not a tag of the list: ${DIET_TAGS.join(', ')}`,
});

/** A list of tags in a body: each from the list, each once (the order of DIET_TAGS is kept when stored). */
export const DietTagsSchema = z
  .array(DietTagSchema)
  .max(DIET_TAGS.length, { message: `at most ${DIET_TAGS.length} tags` })
  .refine((tags) => new Set(tags).size === tags.length, { message: 'each tag at most once' });

/**
 * Whether the person's consent to keep what they avoid is recorded (docs/decisions/0068-health-data-consent.md).
 * `given`: recorded for the current wording (HEALTH_CONSENT_VERSION) and not withdrawn: only then
 * is their list kept and used. `version`, `givenAt`: the last consent given (null: never);
 * `withdrawnAt`: when it was withdrawn (null: it was not).
 */
export const HealthConsentSchema = z.object({
  given: z.boolean(),
  version: z.string().nullable(),
  givenAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
});
export type HealthConsent = z.infer<typeof HealthConsentSchema>;
