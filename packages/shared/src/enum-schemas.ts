import { z } from 'zod';
import {
  CATEGORY_FOR,
  CATEGORY_KINDS,
  DISPLAY_NAMES,
  DRINK_TYPES,
  IS_ACTIVE,
  IS_AVAILABLE,
  ORDER_STATUSES,
  ROLES,
  SHOP_VALUES,
  SWEETNESS_LEVELS,
  isSweetness,
} from './enums';

/** The zod schemas of the contract's enumerations (enums.ts). */
export const RoleSchema = z.enum(ROLES);
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export const DrinkTypeSchema = z.enum(DRINK_TYPES);
export const SweetnessSchema = z.number({ error: 'sweetness must be a number' }).refine(isSweetness, {
  message: `sweetness must be one of ${SWEETNESS_LEVELS.join(', ')}`,
});
export const CategoryForSchema = z.enum(CATEGORY_FOR);
export const IsActiveSchema = z.enum(IS_ACTIVE);
export const IsAvailableSchema = z.enum(IS_AVAILABLE);
export const ShopValueSchema = z.enum(SHOP_VALUES);
export const CategoryKindSchema = z.enum(CATEGORY_KINDS, { error: 'kind must be coffee, tea or other' });
export const DisplayNamesSchema = z.enum(DISPLAY_NAMES, { error: 'displayNames must be first-initial or number' });
