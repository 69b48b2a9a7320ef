import { useLingui } from '@lingui/react';
import { LocateFixed, RefreshCw } from 'lucide-react';
import { AlertMessage } from '@/components/ui';
import { msgId } from '@/i18n';
import { useLocationCheck } from '@/features/order-ahead/hooks/use-location-check';
import { formatDistance } from '@/features/order-ahead/lib/geolocation';

/** How to turn location sharing on again once it has been refused for the site (a message id). */
export const LOCATION_HOW_TO = msgId('order.location.howTo');

/** What stands in the way (`title`, then `text`), and the button that checks again. */
function CheckAgain({ title, text, onClick }: { title?: string; text: string; onClick: () => void }) {
  const { _ } = useLingui();
  return (
    <AlertMessage className="mb-4">
      {title ? <p className="font-semibold">{title}</p> : null}
      <p>{text}</p>
      <button type="button" className="btn-secondary mt-2 min-h-9 px-3 py-1 text-sm" onClick={onClick}>
        <RefreshCw aria-hidden="true" className="h-4 w-4" />
        {_('order.location.checkAgain')}
      </button>
    </AlertMessage>
  );
}

/**
 * The location rule, told when the order form opens rather than after it: how far from the cafe
 * the person is, or how to share their location. Nothing shows while they are within the radius
 * or when the deployment does not check the location.
 */
export function LocationCheckNotice() {
  const { _ } = useLingui();
  const { check, recheck } = useLocationCheck();

  switch (check.state) {
    case 'off':
    case 'near':
      return null;
    case 'checking':
      return (
        <p role="status" className="mb-4 flex items-center gap-2 text-sm text-[var(--ink-muted)]">
          <LocateFixed aria-hidden="true" className="h-4 w-4" />
          {_('order.location.checking')}
        </p>
      );
    case 'far':
      return (
        <CheckAgain
          title={_('order.location.far', {
            distance: formatDistance(check.km),
            radius: formatDistance(check.radiusKm),
          })}
          text={_('shared.spec.outOfRangeThai')}
          onClick={recheck}
        />
      );
    case 'denied':
      return <CheckAgain title={_('shared.spec.locationPermission')} text={_(LOCATION_HOW_TO)} onClick={recheck} />;
    case 'unsupported':
      return <AlertMessage className="mb-4">{_('shared.spec.geolocationUnsupported')}</AlertMessage>;
    case 'unavailable':
      return <CheckAgain text={_('order.location.unavailable')} onClick={recheck} />;
  }
}
