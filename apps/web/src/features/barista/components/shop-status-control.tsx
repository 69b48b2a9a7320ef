import type { ShopMode } from '@cafe/shared';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui';
import { useSetShopStatus } from '@/features/barista/api/set-shop-status';
import { SHOP_CHOICES, shopChoiceInfo, shopChoiceOf, type ShopChoice } from '@/features/barista/lib/shop-status';
import { SegmentedControl } from './segmented-control';

interface ShopStatusControlProps {
  mode: ShopMode;
  /** False while orders are waiting or being made (SPEC): the mode is shown as text instead. */
  canChange: boolean;
}

/**
 * The shop status of the order board: a Cafe / Bar / Close selector whose choice is confirmed in
 * a dialog; closing the dialog puts the selector back on the current mode.
 */
export function ShopStatusControl({ mode, canChange }: ShopStatusControlProps) {
  const current = shopChoiceOf(mode);
  const [pending, setPending] = useState<ShopChoice | null>(null);
  const setShopStatus = useSetShopStatus();
  const pendingInfo = pending ? shopChoiceInfo(pending) : null;

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
      toast.error('The shop status was not changed', {
        description: error instanceof Error ? error.message : undefined,
      });
      throw error;
    }
  };

  return (
    <>
      {canChange ? (
        <SegmentedControl<ShopChoice>
          label="Shop Status"
          value={pending ?? current}
          options={SHOP_CHOICES}
          onValueChange={handleChoose}
          className="w-full sm:w-auto"
        />
      ) : (
        <div className="text-right">
          <p className="text-xl font-bold text-[var(--success)]">{mode === 'bar-open' ? 'Bar Open' : 'Cafe Open'}</p>
          <p className="text-sm text-[var(--ink-muted)]">Finish the current orders to change the shop status.</p>
        </div>
      )}
      <ConfirmDialog
        open={pendingInfo !== null}
        onOpenChange={handleOpenChange}
        title={pendingInfo?.title ?? ''}
        text={pendingInfo?.text}
        tone={pending === 'close-both' ? 'danger' : 'primary'}
        onConfirm={handleConfirm}
      />
    </>
  );
}
