import { DRINK_TYPES, isSweetness, RemarkSchema } from '@cafe/shared';
import { z } from 'zod';

/** The cafe order form: the shared rules, with messages a customer understands. */
export const CafeOrderFormSchema = z.object({
  type: z.enum(DRINK_TYPES, { error: 'Choose hot, cold or frappe' }),
  sweetness: z
    .number({ error: 'Choose a sweetness level' })
    .refine(isSweetness, { message: 'Choose a sweetness level' }),
  remark: RemarkSchema,
  tumblerImage: z.string().min(1, { message: 'Add a photo of your tumbler' }),
});
export type CafeOrderFormInput = z.input<typeof CafeOrderFormSchema>;
export type CafeOrderFormValues = z.output<typeof CafeOrderFormSchema>;

/** The bar order form: only the additional request is asked (the description rides along). */
export const BarOrderFormSchema = z.object({ remark: RemarkSchema });
export type BarOrderFormValues = z.output<typeof BarOrderFormSchema>;
