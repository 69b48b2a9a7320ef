import type { DietTag } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { useMyAvoids, useSetMyAvoids } from '@/api/avoids';
import { DietTagsField } from '@/components/diet/diet-tags-field';
import { AlertMessage } from '@/components/ui';
import { logFailure } from '@/lib/log-failure';

/**
 * The profile's "What you cannot drink" (docs/allergens.md): the allergens, caffeine and diet the
 * person avoids. The menu, the order form and "Order again" then mark drinks with them and ask
 * before placing one; the barista's ticket shows them.
 */
export function AvoidsSection() {
  const { _ } = useLingui();
  const saved = useMyAvoids();
  const save = useSetMyAvoids();
  const [draft, setDraft] = useState<DietTag[] | null>(null);
  const value = draft ?? saved;
  const changed = draft !== null && draft.join() !== saved.join();

  const handleSave = () =>
    save.mutate(
      { avoids: value },
      {
        onSuccess: () => setDraft(null),
        onError: (error) => logFailure('saving what the person avoids failed', error),
      },
    );

  return (
    <section aria-labelledby="profile-avoids-heading" className="mb-8 space-y-3">
      <h2 id="profile-avoids-heading" className="text-xl font-semibold">
        {_('shared.diet.profile.heading')}
      </h2>
      <div className="card space-y-4 p-4 sm:p-6">
        <DietTagsField
          legend={_('shared.diet.profile.allergens')}
          wishesLegend={_('shared.diet.profile.wishes')}
          hint={_('shared.diet.profile.intro')}
          value={value}
          onChange={setDraft}
          disabled={save.isPending}
        />
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            className="btn-primary"
            onClick={handleSave}
            disabled={!changed || save.isPending}
            aria-busy={save.isPending || undefined}
          >
            {save.isPending ? _('shared.diet.profile.saving') : _('shared.diet.profile.save')}
          </button>
          <p role="status" className="text-sm text-[var(--ink-muted)]">
            {save.isSuccess && !changed ? _('shared.diet.profile.saved') : null}
          </p>
        </div>
        {save.isError ? <AlertMessage>{_('shared.diet.profile.saveFailed')}</AlertMessage> : null}
      </div>
    </section>
  );
}
