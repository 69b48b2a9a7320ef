import { DRINK_TYPES, isSweetness, RemarkSchema } from '@cafe/shared';
import { z } from 'zod';
import { i18n } from '@/i18n';

/**
 * A cafe drink as a person chooses it on a form: type, sweetness and the additional request, with
 * the messages a customer reads. The customer's order form and the barista's walk-up order share
 * it, so both ask the same and say the same.
 */
export const DrinkChoiceSchema = z.object({
  // Messages made when a form is checked, in the language of that moment.
  type: z.enum(DRINK_TYPES, { error: () => i18n._('shared.drink.chooseType') }),
  sweetness: z
    .number({ error: () => i18n._('shared.drink.chooseSweetness') })
    .refine(isSweetness, { error: () => i18n._('shared.drink.chooseSweetness') }),
  remark: RemarkSchema,
});
export type DrinkChoiceInput = z.input<typeof DrinkChoiceSchema>;
export type DrinkChoice = z.output<typeof DrinkChoiceSchema>;
