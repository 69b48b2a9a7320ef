import { FINES } from '@cafe/shared';
import { Modal, ModalClose } from '@/components/ui';

/** The internal account bar drinks are paid to. */
export const BAR_PAYMENT_ACCOUNT = 'Kasikorn Bank 123-4-56789-0, "Office Social Club Fund"';

interface BarNoticeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The bar's house rules: noise, glass-breaking fines, how to pay. */
export function BarNoticeDialog({ open, onOpenChange }: BarNoticeDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Before you order at the bar"
      footer={
        <ModalClose asChild>
          <button type="button" className="btn-primary">
            I understand
          </button>
        </ModalClose>
      }
    >
      <ul className="list-disc space-y-2 pl-5">
        <li>Relaxation may cause some noise, but it should not affect anyone&apos;s work.</li>
        <li>
          Glass-breaking fines apply: cocktail glass {FINES.cocktailGlassThb} THB, shot glass {FINES.shotGlassThb} THB.
        </li>
        <li>
          Please pay by bank transfer to <strong>{BAR_PAYMENT_ACCOUNT}</strong>.
        </li>
      </ul>
    </Modal>
  );
}
