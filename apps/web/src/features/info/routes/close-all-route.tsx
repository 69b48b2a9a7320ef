import { MESSAGES } from '@cafe/shared';
import { Coffee, Martini, MoonStar } from 'lucide-react';
import { useSettings } from '@/api/settings';
import { IconBadge } from '@/components/ui';

/**
 * /close-all and /close-all-admin (SPEC "Closed page"). The layout's venue redirects move the
 * person on by themselves as soon as a venue opens.
 */
export function CloseAllRoute() {
  const { hours } = useSettings();
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-5 py-10 text-center">
      <IconBadge icon={MoonStar} tone="accent" />
      <h1 className="text-2xl font-semibold">{MESSAGES.closedAll}</h1>
      <ul className="card w-full divide-y divide-[var(--border)] text-left">
        <li className="flex items-center gap-3 p-4">
          <Coffee aria-hidden="true" className="h-5 w-5 shrink-0 text-[var(--accent)]" />
          <span>{hours.cafe.label}</span>
        </li>
        <li className="flex items-center gap-3 p-4">
          <Martini aria-hidden="true" className="h-5 w-5 shrink-0 text-[var(--accent)]" />
          <span>{hours.bar.label}</span>
        </li>
      </ul>
      <p className="text-sm text-[var(--ink-muted)]" aria-live="polite">
        This page moves on by itself when the cafe or the bar opens.
      </p>
    </section>
  );
}
