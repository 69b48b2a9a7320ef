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
