import type { Run } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { CheckCircle2, PartyPopper } from 'lucide-react';

/**
 * Said as soon as it happens, to the runner and to everyone following the run: the drinks are
 * ready at the counter, or they have been collected. The live region stays on the page, so a
 * screen reader hears the change the 5-second read brings.
 */
export function RunStatusBanner({ run, isRunner }: { run: Run; isRunner: boolean }) {
  const { _ } = useLingui();
  const runner = run.runner?.name ?? _('runs.details.noRunner');
  const said = run.collected
    ? { Icon: CheckCircle2, text: _('runs.banner.collected') }
    : run.ready
      ? { Icon: PartyPopper, text: isRunner ? _('runs.banner.readyRunner') : _('runs.banner.ready', { runner }) }
      : null;
  return (
    <div role="status" aria-live="polite">
      {said ? (
        <p className="mb-4 flex items-center gap-3 rounded-xl border border-[var(--success)] bg-[var(--success-soft)] px-4 py-3 text-lg font-semibold text-[var(--success)]">
          <said.Icon aria-hidden="true" className="h-6 w-6 shrink-0" />
          <span>{said.text}</span>
        </p>
      ) : null}
    </div>
  );
}
