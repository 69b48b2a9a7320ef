import { RUN_PLACE_MAX } from '@cafe/shared';
import { z } from 'zod';
import { i18n } from '@/i18n';

// The messages are functions, so each is written when the form is checked, in the language of then.

/** Starting a run: where the drinks go, the pickup slot, and when the run stops taking drinks. */
export const StartRunFormSchema = z
  .object({
    place: z
      .string()
      .trim()
      .min(1, { error: () => i18n._('runs.start.placeMissing') })
      .max(RUN_PLACE_MAX, { error: () => i18n._('runs.start.placeTooLong', { max: RUN_PLACE_MAX }) }),
    pickupAt: z.string().min(1, { error: () => i18n._('runs.start.pickupMissing') }),
    closesAt: z.string().min(1, { error: () => i18n._('runs.start.closesMissing') }),
  })
  // A closing time chosen a while ago may have passed while the form was open.
  .refine((values) => values.closesAt === '' || new Date(values.closesAt).getTime() > Date.now(), {
    path: ['closesAt'],
    error: () => i18n._('runs.start.closesPassed'),
  });
export type StartRunFormInput = z.input<typeof StartRunFormSchema>;
export type StartRunFormValues = z.output<typeof StartRunFormSchema>;
