import type { ItemOptionGroupBody } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ErrorState, LoadingBlock } from '@/components/ui';
import { errorText } from '@/lib/error-text';
import { useItemOptions, useOptionGroups, useSetItemOptions } from '@/features/management/api/option-groups';

/**
 * The option groups a drink offers, in order (docs/api.md, "Drink options"): tick a group to offer
 * it, move it up or down. The group's own rules and defaults apply; an item's own ones are set
 * through the API.
 */
export function ItemOptionsForm({ menuId }: { menuId: number }) {
  const { _ } = useLingui();
  const groups = useOptionGroups();
  const current = useItemOptions(menuId);
  if (groups.isPending || current.isPending) return <LoadingBlock label={_('management.itemOptions.loading')} />;
  if (groups.isError || current.isError) {
    return (
      <ErrorState
        message={_('management.itemOptions.loadFailed')}
        onRetry={() => void Promise.all([groups.refetch(), current.refetch()])}
      />
    );
  }
  if (groups.data.length === 0) return <p className="text-sm">{_('management.itemOptions.none')}</p>;
  return (
    <ItemOptionsEditor
      menuId={menuId}
      names={new Map(groups.data.map((g) => [g.id, g.name]))}
      initial={current.data.groups}
    />
  );
}

function ItemOptionsEditor({
  menuId,
  names,
  initial,
}: {
  menuId: number;
  names: ReadonlyMap<number, string>;
  initial: ItemOptionGroupBody[];
}) {
  const { _ } = useLingui();
  const save = useSetItemOptions(menuId);
  const [chosen, setChosen] = useState<ItemOptionGroupBody[]>(initial.filter((g) => names.has(g.groupId)));
  const others = [...names.keys()].filter((id) => !chosen.some((g) => g.groupId === id));
  const move = (index: number, by: number) => {
    const next = [...chosen];
    const [item] = next.splice(index, 1);
    if (item) next.splice(index + by, 0, item);
    setChosen(next);
  };

  // Ticked: the item offers the group.
  const offerBox = (groupId: number, offered: boolean) => (
    <label className="flex items-center gap-2">
      <input
        type="checkbox"
        className="h-6 w-6 shrink-0 accent-[var(--accent)]"
        checked={offered}
        onChange={() => setChosen(offered ? chosen.filter((g) => g.groupId !== groupId) : [...chosen, { groupId }])}
      />
      {names.get(groupId)}
    </label>
  );

  const handleSave = async () => {
    try {
      await save.mutateAsync({ groups: chosen });
      toast.success(_('management.itemOptions.saved'));
    } catch (error) {
      toast.error(errorText(error) ?? _('management.itemOptions.saveFailed'));
    }
  };

  return (
    <div className="space-y-2">
      <ul aria-label={_('management.itemOptions.offered')} className="space-y-1">
        {chosen.map((group, index) => (
          <li key={group.groupId} className="flex items-center justify-between gap-2">
            {offerBox(group.groupId, true)}
            <span className="flex gap-1">
              <button
                type="button"
                className="btn-ghost px-2"
                disabled={index === 0}
                aria-label={_('management.itemOptions.up', { name: names.get(group.groupId) ?? '' })}
                onClick={() => move(index, -1)}
              >
                <ArrowUp aria-hidden="true" className="h-4 w-4" />
              </button>
              <button
                type="button"
                className="btn-ghost px-2"
                disabled={index === chosen.length - 1}
                aria-label={_('management.itemOptions.down', { name: names.get(group.groupId) ?? '' })}
                onClick={() => move(index, 1)}
              >
                <ArrowDown aria-hidden="true" className="h-4 w-4" />
              </button>
            </span>
          </li>
        ))}
        {others.map((groupId) => (
          <li key={groupId}>{offerBox(groupId, false)}</li>
        ))}
      </ul>
      <div className="flex justify-end">
        <button type="button" className="btn-primary" disabled={save.isPending} onClick={() => void handleSave()}>
          {_('management.itemOptions.save')}
        </button>
      </div>
    </div>
  );
}
