import type { Run } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { useId } from 'react';
import { OfflineReason } from '@/components/offline-banner';
import { AlertMessage, ConfirmDialog } from '@/components/ui';
import { useOffline } from '@/lib/connectivity';
import { errorText } from '@/lib/error-text';
import { useCloseRun, useCollectRun } from '@/features/runs/api/run-actions';

/**
 * The runner's own buttons: close the run before its time (asked first: nobody can add a drink
 * after), and once every drink is ready, say they were collected at the counter.
 */
export function RunnerActions({ run }: { run: Run }) {
  const { _ } = useLingui();
  const id = useId();
  const offline = useOffline();
  const close = useCloseRun();
  const collect = useCollectRun();
  const canClose = run.state === 'open';
  const canCollect = run.ready && !run.collected;
  if (!canClose && !canCollect) return null;
  const describedBy = offline ? `${id}-offline` : undefined;

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {canClose ? (
          <ConfirmDialog
            trigger={
              <button type="button" className="btn-secondary" disabled={offline} aria-describedby={describedBy}>
                {_('runs.runner.close')}
              </button>
            }
            title={_('runs.runner.closeTitle')}
            text={
              run.drinks.length === 0
                ? _('runs.runner.closeTextEmpty')
                : _('runs.runner.closeText', { count: run.drinks.length })
            }
            confirmLabel={_('runs.runner.closeConfirm')}
            onOpenChange={(next) => next && close.reset()}
            onConfirm={() => close.mutateAsync(run.id)}
          >
            {close.error ? <AlertMessage>{errorText(close.error) ?? _('runs.runner.failed')}</AlertMessage> : null}
          </ConfirmDialog>
        ) : null}
        {canCollect ? (
          <button
            type="button"
            className="btn-primary"
            disabled={offline || collect.isPending}
            aria-busy={collect.isPending || undefined}
            aria-describedby={describedBy}
            onClick={() => collect.mutate(run.id)}
          >
            {_('runs.runner.collect')}
          </button>
        ) : null}
      </div>
      <OfflineReason id={`${id}-offline`} />
      {collect.error ? <AlertMessage>{errorText(collect.error) ?? _('runs.runner.failed')}</AlertMessage> : null}
    </div>
  );
}
