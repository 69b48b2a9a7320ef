import { useLingui } from '@lingui/react';
import type { CafeStatus, Order, ShopMode, Site } from '@cafe/shared';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui';
import { useSetShopStatus } from '@/features/barista/api/set-shop-status';
import {
  laterCancelledText,
  laterOrdersCancelledBy,
  shopChoiceInfo,
  shopChoiceOf,
  shopChoicesAt,
  type ShopChoice,
} from '@/features/barista/lib/shop-status';
import { useOffline } from '@/lib/connectivity';
import { errorText } from '@/lib/error-text';
import { SegmentedControl } from './segmented-control';

interface ShopStatusControlProps {
  mode: ShopMode;
  /** False while orders are waiting or being made and a venue is open: the mode is shown as text instead. */
  canChange: boolean;
  /** The venues the site runs: only those are offered. */
  venues: Site['venues'];
  /** The site's shop status now: which venues a choice closes. */
  status: CafeStatus;
  /**
   * The board's orders for later (undefined until read), the site's today and zone: the
   * confirmation says how many of today's a choice that closes a venue cancels.
   */
  later: {
    orders: readonly Pick<Order, 'status' | 'pickupAt' | 'menu'>[] | undefined;
    today: string;
    timeZone: string;
  };
}

/**
 * The shop status of the order board: a Cafe / Bar / Close selector whose choice is confirmed in
 * a dialog (the specification's title, text, Close and Confirm; under the text, how many orders
 * for later of today it cancels); closing the dialog puts the selector back on the current mode.
 */
export function ShopStatusControl({ mode, canChange, venues, status, later }: ShopStatusControlProps) {
  const { _ } = useLingui();
  const current = shopChoiceOf(mode);
  const [pending, setPending] = useState<ShopChoice | null>(null);
  const setShopStatus = useSetShopStatus();
  // Changing it needs the server: offline the choice is disabled (the banner says why).
  const offline = useOffline();
  const pendingInfo = pending ? shopChoiceInfo(pending) : null;
  const cancelledText = pending
    ? laterCancelledText(laterOrdersCancelledBy(pending, status, later.orders, later.today, later.timeZone))
    : null;

  const handleChoose = (choice: ShopChoice) => {
    if (choice !== current) setPending(choice);
  };

  const handleOpenChange = (open: boolean) => {
    if (!open) setPending(null);
  };

  const handleConfirm = async () => {
    if (!pending) return;
    try {
      await setShopStatus.mutateAsync(pending);
    } catch (error) {
      toast.error(_('barista.shop.notChanged'), { description: errorText(error) });
      throw error;
    }
  };

  return (
    <>
      {canChange ? (
        <SegmentedControl<ShopChoice>
          label={_('barista.shop.heading')}
          value={pending ?? current}
          options={shopChoicesAt(venues).map((c) => ({ value: c.value, label: _(c.labelId) }))}
          onValueChange={handleChoose}
          disabled={offline}
          className="w-full sm:w-auto"
        />
      ) : (
        <div>
          <p className="text-lg leading-6 font-bold text-[var(--success)]">
            {mode === 'bar-open' ? _('barista.shop.barOpen') : _('barista.shop.cafeOpen')}
          </p>
          <p className="text-sm leading-5 text-[var(--ink-muted)]">{_('barista.shop.finishFirst')}</p>
        </div>
      )}
      <ConfirmDialog
        open={pendingInfo !== null}
        onOpenChange={handleOpenChange}
        title={pendingInfo?.title ?? ''}
        text={
          pendingInfo ? (
            <>
              <span>{pendingInfo.text}</span>
              {cancelledText ? (
                // A line of its own, and a sentence of its own in the dialog's description (the space).
                <>
                  {' '}
                  <span className="mt-2 block font-semibold text-[var(--danger)]">{cancelledText}</span>
                </>
              ) : null}
            </>
          ) : undefined
        }
        tone={pending === 'close-both' ? 'danger' : 'primary'}
        onConfirm={handleConfirm}
      />
    </>
  );
}
