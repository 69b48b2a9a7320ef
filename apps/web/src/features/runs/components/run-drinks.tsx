import type { Run, RunDrink } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { Coffee } from 'lucide-react';
import { useId } from 'react';
import { OfflineReason } from '@/components/offline-banner';
import { AlertMessage, ConfirmDialog, EmptyState, StatusPill } from '@/components/ui';
import { useOffline } from '@/lib/connectivity';
import { drinkLineText } from '@/lib/drink-text';
import { errorText } from '@/lib/error-text';
import { useWithdrawDrink } from '@/features/runs/api/withdraw-drink';
import { cupText, drinkStatusText } from '@/features/runs/lib/run-text';

/**
 * The run's drinks, each labelled as the counter labels it ("Ann (2/5)"), with what it is, its cup
 * and where it is along the way. The signed-in person's own drink can be withdrawn while the run is
 * open.
 */
export function RunDrinks({ run, meId }: { run: Run; meId: number | undefined }) {
  const { _ } = useLingui();
  if (run.drinks.length === 0) {
    return (
      <EmptyState
        icon={<Coffee className="h-7 w-7" />}
        title={run.state === 'open' ? _('runs.drinks.empty') : _('runs.drinks.none')}
        className="py-6"
      />
    );
  }
  return (
    <ul className="space-y-2" aria-labelledby="run-drinks-title">
      {run.drinks.map((drink) => (
        <DrinkItem
          key={drink.orderId}
          drink={drink}
          runId={run.id}
          mine={drink.person.id === meId}
          open={run.state === 'open'}
        />
      ))}
    </ul>
  );
}

function DrinkItem({ drink, runId, mine, open }: { drink: RunDrink; runId: number; mine: boolean; open: boolean }) {
  const { _ } = useLingui();
  const status = drinkStatusText(drink.status);
  return (
    <li className="card flex flex-col gap-2 p-3" data-testid="run-drink">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words">
            {drink.label}
            {mine ? (
              <span className="ml-2 text-sm font-medium text-[var(--accent-on-soft)]">{_('runs.drinks.yours')}</span>
            ) : null}
          </p>
          <p className="text-sm break-words">{drinkLineText(drink)}</p>
          <p className="text-xs text-[var(--ink-muted)]">{cupText(drink.cup)}</p>
        </div>
        <StatusPill tone={status.tone}>{status.text}</StatusPill>
      </div>
      {mine && open ? <WithdrawButton orderId={drink.orderId} runId={runId} /> : null}
    </li>
  );
}

function WithdrawButton({ orderId, runId }: { orderId: number; runId: number }) {
  const { _ } = useLingui();
  const id = useId();
  const offline = useOffline();
  const withdraw = useWithdrawDrink();
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      <OfflineReason id={`${id}-offline`} />
      <ConfirmDialog
        trigger={
          <button
            type="button"
            className="btn-secondary"
            disabled={offline}
            aria-describedby={offline ? `${id}-offline` : undefined}
          >
            {_('runs.drinks.withdraw')}
          </button>
        }
        title={_('runs.drinks.withdrawTitle')}
        text={_('runs.drinks.withdrawText')}
        confirmLabel={_('runs.drinks.withdrawConfirm')}
        tone="danger"
        onOpenChange={(next) => next && withdraw.reset()}
        onConfirm={() => withdraw.mutateAsync({ orderId, runId })}
      >
        {withdraw.error ? (
          <AlertMessage>{errorText(withdraw.error) ?? _('runs.drinks.withdrawFailed')}</AlertMessage>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
