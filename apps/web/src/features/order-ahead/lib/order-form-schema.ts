import { LIMITS } from '@cafe/shared';
import { z } from 'zod';
import { i18n } from '@/i18n';
import { DrinkChoiceSchema } from '@/lib/drink-choice-schema';

// The messages are functions, so each is written when the form is checked, in the language of then.

/** The additional request: at most 50 characters. */
const RemarkFieldSchema = z.string().max(LIMITS.remarkMax, { error: () => i18n._('shared.spec.remarkTooLong') });

/** The cafe order form: the shared drink choice (the walk-up order asks the same) and the tumbler photo. */
export const CafeOrderFormSchema = DrinkChoiceSchema.extend({
  remark: RemarkFieldSchema,
  tumblerImage: z.string().min(1, { error: () => i18n._('order.form.tumblerMissing') }),
});
/** A run's drink in the runner's tray: no tumbler, so no photo. */
export const TrayOrderFormSchema = CafeOrderFormSchema.extend({ tumblerImage: z.string() });
export type CafeOrderFormInput = z.input<typeof CafeOrderFormSchema>;
export type CafeOrderFormValues = z.output<typeof CafeOrderFormSchema>;

/** The bar order form: only the additional request is asked (the description rides along). */
export const BarOrderFormSchema = z.object({ remark: RemarkFieldSchema });
export type BarOrderFormValues = z.output<typeof BarOrderFormSchema>;
