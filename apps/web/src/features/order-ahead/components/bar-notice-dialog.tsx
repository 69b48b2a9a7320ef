import { FINES } from '@cafe/shared';
import { Trans, useLingui } from '@lingui/react';
import { Modal, ModalClose } from '@/components/ui';

/** The internal account bar drinks are paid to (a bank account's name: not translated). */
export const BAR_PAYMENT_ACCOUNT = 'Kasikorn Bank 123-4-56789-0, "Office Social Club Fund"';

interface BarNoticeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The bar's house rules: noise, glass-breaking fines, how to pay. */
export function BarNoticeDialog({ open, onOpenChange }: BarNoticeDialogProps) {
  const { _ } = useLingui();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={_('order.barNotice.title')}
      footer={
        <ModalClose asChild>
          <button type="button" className="btn-primary">
            {_('order.barNotice.understand')}
          </button>
        </ModalClose>
      }
    >
      <ul className="list-disc space-y-2 pl-5">
        <li>{_('order.barNotice.noise')}</li>
        <li>{_('order.barNotice.fines', { cocktail: FINES.cocktailGlassThb, shot: FINES.shotGlassThb })}</li>
        <li>
          <Trans
            id="order.barNotice.payment"
            values={{ account: BAR_PAYMENT_ACCOUNT }}
            components={{ 0: <strong /> }}
          />
        </li>
      </ul>
    </Modal>
  );
}
