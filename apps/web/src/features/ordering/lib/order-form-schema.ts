import { DRINK_TYPES, LIMITS, RemarkSchema, dashIfEmpty } from '@cafe/shared';
import { z } from 'zod';
import { isSweetness } from './order-display';

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

/** The remark sent to the server: "-" when nothing was asked for. */
export function remarkForServer(remark: string): string {
  return dashIfEmpty(remark).slice(0, LIMITS.remarkMax);
}

/** The remark shown in the form: the server's "-" means empty. */
export function remarkForForm(remark: string | undefined): string {
  return !remark || remark.trim() === '-' ? '' : remark;
}
