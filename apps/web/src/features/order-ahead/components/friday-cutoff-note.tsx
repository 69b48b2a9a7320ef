import { HOURS, isFridayCafeCutoff } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import { useSettings } from '@/api/settings';
import { useScreenSite } from '@/api/site-state';
import { AlertMessage } from '@/components/ui';
import { useNextOpenings } from '@/hooks/use-next-openings';
import { useNow } from '@/hooks/use-now';

/**
 * Beside the cafe menu on a Friday from 12:00 (the specification's cut-off): why its drinks cannot
 * be ordered now, when the cafe opens again (unless the closed-cafe notice says so already), and
 * how to order a drink now: the bar menu when the bar is open and takes orders online (a demo's
 * first start on a Friday afternoon opens it, and says so), else when the bar opens.
 */
export function FridayCutoffNote({
  cafeClosed,
  barOpen,
  barMenu,
}: {
  /** The closed-cafe notice is shown, with when the cafe opens again. */
  cafeClosed: boolean;
  barOpen: boolean;
  barMenu: string;
}) {
  const { _ } = useLingui();
  const { barOnlineOrdering, demo } = useSettings();
  const { timeZone } = useScreenSite();
  const now = useNow();
  const cutoff = isFridayCafeCutoff(now, timeZone);
  const barOrderable = barOpen && barOnlineOrdering;
  const [cafeOpens] = useNextOpenings(['cafe'], { enabled: cutoff && !cafeClosed });
  const [barOpens] = useNextOpenings(['bar'], { enabled: cutoff && !barOpen });
  if (!cutoff) return null;
  return (
    <AlertMessage tone="info" className="mb-4">
      {_('order.cafeMenu.fridayWhy', { time: `${HOURS.fridayCafeCutoffHour}:00` })}
      {!cafeClosed && cafeOpens ? ` ${cafeOpens}.` : null}{' '}
      {barOrderable ? (
        <>
          {demo ? `${_('order.cafeMenu.demoBarOpen')} ` : null}
          <Link to={barMenu} className="font-semibold text-[var(--accent)] underline">
            {_('order.cafeMenu.orderFromBar')}
          </Link>
        </>
      ) : barOpens ? (
        `${barOpens}.`
      ) : null}
    </AlertMessage>
  );
}
