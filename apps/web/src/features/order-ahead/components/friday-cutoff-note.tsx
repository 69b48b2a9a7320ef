import { HOURS, isFridayCafeCutoff, type CategoryFor } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSettings } from '@/api/settings';
import { useScreenSite } from '@/api/site-state';
import { AlertMessage } from '@/components/ui';
import { msgId } from '@/i18n';
import { useNextOpenings } from '@/hooks/use-next-openings';
import { useNow } from '@/hooks/use-now';

/**
 * The cafe menu's one notice (issue 62: a visitor read two, and on a Friday afternoon two saying
 * the same): the lines the menu gives it first, each a sentence of its own (browsing without
 * signing in, the cafe closed), then on a Friday from 12:00 (the specification's cut-off) why its
 * drinks cannot be ordered now, when the cafe opens again (unless the closed-cafe line says so
 * already), and how to order a drink now: the bar menu when the bar is open and takes orders
 * online (a demo's first start on a Friday afternoon opens it, and says so), else when the bar
 * opens. When the placement refuses for the cut-off, the why is the specification's sentence.
 */
export function FridayCutoffNote({
  cafeClosed,
  barOpen,
  barMenu,
  fridayClosed = false,
  lines = [],
}: {
  /** The closed-cafe line is shown, with when the cafe opens again. */
  cafeClosed: boolean;
  barOpen: boolean;
  barMenu: string;
  /** The placement refuses cafe drinks for the Friday cut-off (CAFE_MENU_CLOSED_FRIDAY). */
  fridayClosed?: boolean;
  /** The menu's other notices, said first in the same box. */
  lines?: readonly ReactNode[];
}) {
  const { _ } = useLingui();
  const { barOnlineOrdering, demo } = useSettings();
  const { timeZone } = useScreenSite();
  const now = useNow();
  const cutoff = isFridayCafeCutoff(now, timeZone) || fridayClosed;
  const barOrderable = barOpen && barOnlineOrdering;
  const [cafeOpens] = useNextOpenings(['cafe'], { enabled: cutoff && !cafeClosed });
  const [barOpens] = useNextOpenings(['bar'], { enabled: cutoff && !barOpen });
  if (!cutoff && lines.length === 0) return null;
  return (
    <AlertMessage tone="info" className="mb-4">
      <div className="space-y-1">
        {lines.map((line, index) => (
          <p key={index}>{line}</p>
        ))}
        {cutoff ? (
          <p>
            <span>
              {fridayClosed
                ? _('shared.spec.fridayCafeClosed')
                : _('order.cafeMenu.fridayWhy', { time: `${HOURS.fridayCafeCutoffHour}:00` })}
            </span>
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
          </p>
        ) : null}
      </div>
    </AlertMessage>
  );
}

const CLOSED_IDS = { cafe: msgId('shared.spec.cafeClosed'), bar: msgId('shared.spec.barClosed') };
const GO_TO_OTHER_IDS = { cafe: msgId('order.cafeMenu.goToBar'), bar: msgId('order.barMenu.goToCafe') };

/**
 * A venue's menu while the venue is closed: when it opens again (by the schedule; its hours until
 * the schedule has been read), and the way to the other venue's menu while that one is open.
 */
export function VenueClosedLine({
  venue,
  otherOpen,
  otherMenu,
}: {
  venue: CategoryFor;
  otherOpen: boolean;
  otherMenu: string;
}) {
  const { _ } = useLingui();
  const { hours } = useSettings();
  const [opensAgain] = useNextOpenings([venue]);
  return (
    <>
      {_('order.menu.closedUntil', { closed: _(CLOSED_IDS[venue]), opens: opensAgain ?? hours[venue].label })}
      {otherOpen ? (
        <>
          {' '}
          <Link to={otherMenu} className="font-semibold text-[var(--accent)] underline">
            {_(GO_TO_OTHER_IDS[venue])}
          </Link>
        </>
      ) : null}
    </>
  );
}
