import type { CafeStatus } from '@cafe/shared';
import type { ShopStatusRow } from './shop-status.repository';

export function toCafeStatus(row: Pick<ShopStatusRow, 'is_cafe_open' | 'is_bar_open'>): CafeStatus {
  return { isBarOpen: row.is_bar_open !== 0, isCafeOpen: row.is_cafe_open !== 0 };
}

/** The columns as stored: integers 0/1 on both engines. */
export function fromCafeStatus(status: CafeStatus): Pick<ShopStatusRow, 'is_cafe_open' | 'is_bar_open'> {
  return { is_bar_open: status.isBarOpen ? 1 : 0, is_cafe_open: status.isCafeOpen ? 1 : 0 };
}
