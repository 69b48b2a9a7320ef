import type { OrderBlock, PlacementRefusal } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import { AlertMessage } from '@/components/ui';
import { BLOCK_MESSAGE_IDS } from '@/features/order-ahead/lib/order-display';

/**
 * The refusal that holds for a whole venue when it is one of its hours (closed, the Friday
 * cut-off, bar online ordering off); busy mode and an archived site have notices of their own.
 */
export function venueBlockOf(refusal: PlacementRefusal | null): OrderBlock | null {
  if (!refusal || !(refusal.code in BLOCK_MESSAGE_IDS)) return null;
  return { code: refusal.code as OrderBlock['code'], text: refusal.text };
}

/**
 * Why nothing of this venue can be ordered right now (closed, the Friday cut-off), on an order
 * form: said at the top, with the way back to the menu, rather than after the whole form.
 */
export function VenueBlockNotice({
  block,
  backTo,
  backLabel,
}: {
  block: OrderBlock;
  backTo: string;
  backLabel: string;
}) {
  const { _ } = useLingui();
  return (
    <AlertMessage tone="info" className="mb-4">
      {_(BLOCK_MESSAGE_IDS[block.code])}{' '}
      <Link to={backTo} className="font-semibold text-[var(--accent)] underline">
        {backLabel}
      </Link>
    </AlertMessage>
  );
}
