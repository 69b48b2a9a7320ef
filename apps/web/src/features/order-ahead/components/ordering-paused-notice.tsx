import type { OrderingStatus } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { AlertMessage } from '@/components/ui';
import { useOrderingStatus } from '@/features/order-ahead/api/get-ordering-status';

/**
 * Busy mode on the customer's screens: while new online orders are paused (by a barista, or
 * because the queue is long), say so with the estimated wait before anyone fills in a form that
 * could not be sent. It goes away by itself when orders resume.
 */
export function OrderingPausedNotice() {
  const { _, i18n } = useLingui();
  const { data } = useOrderingStatus();
  if (!data?.paused || !data.message) return null;

  /** The server's sentence is English; another language says the same from its catalogue. */
  const inOtherLanguage = (reason: NonNullable<OrderingStatus['reason']>) => {
    if (reason === 'manual') return _('order.paused.manual');
    return data.estimatedWaitMinutes === null
      ? _('order.paused.busy')
      : _('order.paused.busyWait', { minutes: data.estimatedWaitMinutes });
  };

  return (
    <AlertMessage tone="info" className="mb-4">
      {i18n.locale === 'en' || data.reason === null ? data.message : inOtherLanguage(data.reason)}
    </AlertMessage>
  );
}
