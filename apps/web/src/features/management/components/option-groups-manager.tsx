import { OPTION_LIMITS, type DietTag, type OptionGroup, type OptionGroupBody } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { Pencil, Plus, Trash2, X } from 'lucide-react';
import { useId, useState, type ComponentProps } from 'react';
import { toast } from 'sonner';
import { AlertMessage, ConfirmDialog, ErrorState, FieldError, LoadingBlock } from '@/components/ui';
import { useScreenSite } from '@/api/site-state';
import { msgId } from '@/i18n';
import { errorText, refusalOr } from '@/lib/error-text';
import {
  useChoicesAtSite,
  useDeleteOptionGroup,
  useOptionGroups,
  useSaveOptionGroup,
  useSetChoiceAtSite,
} from '@/features/management/api/option-groups';
import { ChoiceTagsField } from './item-tags-field';

interface Draft {
  id?: number;
  name: string;
  minChoices: string;
  maxChoices: string;
  maxQuantity: string;
  choices: { id?: number; name: string; isDefault: boolean; tags?: DietTag[] }[];
}

const EMPTY: Draft = {
  name: '',
  minChoices: '1',
  maxChoices: '1',
  maxQuantity: '1',
  choices: [{ name: '', isDefault: true }],
};

function draftOf(group: OptionGroup): Draft {
  return {
    id: group.id,
    name: group.name,
    minChoices: String(group.minChoices),
    maxChoices: String(group.maxChoices),
    maxQuantity: String(group.maxQuantity),
    choices: group.choices.map((c) => ({ id: c.id, name: c.name, isDefault: c.isDefault, tags: c.tags ?? [] })),
  };
}

/** The first problem of a draft (a message id and its values), or null: the server checks again. */
export function draftProblem(draft: Draft): { id: string; values?: Record<string, number> } | null {
  const min = Number(draft.minChoices);
  const max = Number(draft.maxChoices);
  const quantity = Number(draft.maxQuantity);
  const choices = draft.choices.filter((c) => c.name.trim() !== '');
  if (draft.name.trim() === '') return { id: msgId('management.options.problem.name') };
  if (choices.length === 0) return { id: msgId('management.options.problem.choices') };
  if (![min, max, quantity].every(Number.isInteger)) return { id: msgId('management.options.problem.numbers') };
  if (max < 1 || max > choices.length)
    return { id: msgId('management.options.problem.max'), values: { count: choices.length } };
  if (min < 0 || min > max) return { id: msgId('management.options.problem.min') };
  if (quantity < 1 || quantity > OPTION_LIMITS.quantityMax) {
    return { id: msgId('management.options.problem.quantity'), values: { max: OPTION_LIMITS.quantityMax } };
  }
  if (choices.filter((c) => c.isDefault).length > max) return { id: msgId('management.options.problem.defaults') };
  return null;
}

function bodyOf(draft: Draft): OptionGroupBody {
  return {
    name: draft.name.trim(),
    minChoices: Number(draft.minChoices),
    maxChoices: Number(draft.maxChoices),
    maxQuantity: Number(draft.maxQuantity),
    choices: draft.choices
      .filter((c) => c.name.trim() !== '')
      .map((c) => ({
        ...(c.id === undefined ? {} : { id: c.id }),
        name: c.name.trim(),
        isDefault: c.isDefault,
        ...(c.tags ? { tags: c.tags } : {}),
      })),
  };
}

/**
 * Drink options in menu management: the company's option groups (size, milk, syrups) with their
 * rules and choices, and whether each choice is sold out at the site chosen on this device.
 * Items take groups on their own edit screen.
 */
export function OptionGroupsManager() {
  const { _ } = useLingui();
  const groups = useOptionGroups();
  // The staff site (the route layout says so), named on each sold-out control.
  const here = useScreenSite();
  const { siteId } = here;
  const siteName = here.site?.name ?? '';
  const atSite = useChoicesAtSite(siteId);
  const setAtSite = useSetChoiceAtSite(siteId);
  const remove = useDeleteOptionGroup();
  const [editing, setEditing] = useState<Draft | null>(null);
  const [deleting, setDeleting] = useState<OptionGroup | null>(null);

  const toggleSoldOut = async (choiceId: number, name: string, soldOut: boolean) => {
    try {
      await setAtSite.mutateAsync({ choiceId, soldOut });
      toast.success(soldOut ? _('management.options.soldOutNow', { name }) : _('management.options.backNow', { name }));
    } catch (error) {
      toast.error(errorText(error) ?? _('management.options.saveFailed'));
    }
  };

  return (
    <section aria-labelledby="option-groups-heading" className="mt-8 space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="option-groups-heading" className="text-xl font-semibold">
          {_('management.options.heading')}
        </h2>
        <button type="button" className="btn-secondary" onClick={() => setEditing({ ...EMPTY })}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          {_('management.options.add')}
        </button>
      </div>
      <p className="text-sm text-[var(--ink-muted)]">{_('management.options.intro')}</p>
      {editing ? <GroupForm key={editing.id ?? 'new'} initial={editing} onDone={() => setEditing(null)} /> : null}
      {groups.isPending ? (
        <LoadingBlock label={_('management.options.loading')} />
      ) : groups.isError ? (
        <ErrorState message={_('management.options.loadFailed')} onRetry={() => void groups.refetch()} />
      ) : groups.data.length === 0 ? (
        <p className="text-sm">{_('management.options.empty')}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label={_('management.options.heading')}>
          {groups.data.map((group) => (
            <li key={group.id} className="card p-4">
              <div className="flex items-start justify-between gap-2">
                <div>
                  <h3 className="font-semibold">{group.name}</h3>
                  <p className="text-sm text-[var(--ink-muted)]">
                    {_('management.options.rule', { min: group.minChoices, max: group.maxChoices })}
                    {group.maxQuantity > 1 ? ` · ${_('management.options.quantity', { max: group.maxQuantity })}` : ''}
                  </p>
                </div>
                <div className="flex gap-1">
                  <button
                    type="button"
                    className="btn-ghost px-2"
                    aria-label={_('management.options.edit', { name: group.name })}
                    onClick={() => setEditing(draftOf(group))}
                  >
                    <Pencil aria-hidden="true" className="h-4 w-4" />
                  </button>
                  <button
                    type="button"
                    className="btn-ghost px-2"
                    aria-label={_('management.options.delete', { name: group.name })}
                    onClick={() => setDeleting(group)}
                  >
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                  </button>
                </div>
              </div>
              <ul className="mt-2 space-y-1">
                {group.choices.map((choice) => {
                  const soldOut = atSite.data?.get(choice.id) ?? false;
                  return (
                    <li key={choice.id} className="flex items-center justify-between gap-2 text-sm">
                      <span>
                        {choice.name}
                        {choice.isDefault ? (
                          <span className="ml-1 text-[var(--ink-muted)]">({_('management.options.default')})</span>
                        ) : null}
                      </span>
                      {siteId !== undefined ? (
                        <label className="flex items-center gap-1">
                          <input
                            type="checkbox"
                            className="h-6 w-6 shrink-0 accent-[var(--accent)]"
                            checked={soldOut}
                            disabled={setAtSite.isPending}
                            onChange={(event) => void toggleSoldOut(choice.id, choice.name, event.target.checked)}
                            aria-label={_('management.options.soldOutOf', { name: choice.name, site: siteName })}
                          />
                          {_('management.options.soldOut', { site: siteName })}
                        </label>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={_('management.options.deleteTitle', { name: deleting?.name ?? '' })}
        text={_('management.options.deleteBody')}
        confirmLabel={_('management.options.deleteConfirm')}
        tone="danger"
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          setDeleting(null);
        }}
      />
    </section>
  );
}

/** Creating or editing one group: its name, rules and choices in order. */
function GroupForm({ initial, onDone }: { initial: Draft; onDone: () => void }) {
  const { _ } = useLingui();
  const id = useId();
  const save = useSaveOptionGroup();
  const [draft, setDraft] = useState<Draft>(initial);
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const problem = tried ? draftProblem(draft) : null;
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const setChoice = (index: number, patch: Partial<Draft['choices'][number]>) =>
    set({ choices: draft.choices.map((c, i) => (i === index ? { ...c, ...patch } : c)) });

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    setServerError(null);
    if (draftProblem(draft)) return;
    try {
      await save.mutateAsync({ id: draft.id, body: bodyOf(draft) });
      toast.success(_('management.options.saved', { name: draft.name.trim() }));
      onDone();
    } catch (error) {
      setServerError(refusalOr(error, _('management.options.saveFailed')));
    }
  };

  const field = (key: Exclude<keyof Draft, 'id' | 'choices'>, label: string, props: ComponentProps<'input'>) => (
    <div>
      <label htmlFor={`${id}-${key}`} className="label">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        className="input"
        {...props}
        value={draft[key]}
        onChange={(event) => set({ [key]: event.target.value })}
      />
    </div>
  );

  return (
    <form
      noValidate
      aria-label={draft.id === undefined ? _('management.options.add') : _('management.options.editing')}
      onSubmit={(event) => void handleSubmit(event)}
      className="card space-y-3 p-4"
    >
      {field('name', _('management.options.name'), { maxLength: OPTION_LIMITS.groupNameMax })}
      <div className="grid gap-3 sm:grid-cols-3">
        {field('minChoices', _('management.options.min'), { inputMode: 'numeric' })}
        {field('maxChoices', _('management.options.max'), { inputMode: 'numeric' })}
        {field('maxQuantity', _('management.options.maxQuantity'), { inputMode: 'numeric' })}
      </div>
      <fieldset className="space-y-2">
        <legend className="label">{_('management.options.choices')}</legend>
        {draft.choices.map((choice, index) => (
          <div key={choice.id ?? `new-${index}`} className="flex flex-wrap items-center gap-2">
            <input
              className="input flex-1"
              aria-label={_('management.options.choiceName', { number: index + 1 })}
              maxLength={OPTION_LIMITS.choiceNameMax}
              value={choice.name}
              onChange={(event) => setChoice(index, { name: event.target.value })}
            />
            <label className="flex items-center gap-1 text-sm">
              <input
                type="checkbox"
                className="h-6 w-6 shrink-0 accent-[var(--accent)]"
                checked={choice.isDefault}
                onChange={(event) => setChoice(index, { isDefault: event.target.checked })}
                aria-label={_('management.options.defaultOf', { number: index + 1 })}
              />
              {_('management.options.default')}
            </label>
            <button
              type="button"
              className="btn-ghost px-2"
              aria-label={_('management.options.removeChoice', { number: index + 1 })}
              disabled={draft.choices.length === 1}
              onClick={() => set({ choices: draft.choices.filter((_c, i) => i !== index) })}
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </button>
            <ChoiceTagsField
              number={index + 1}
              value={choice.tags ?? []}
              onChange={(tags) => setChoice(index, { tags })}
            />
          </div>
        ))}
        <button
          type="button"
          className="btn-secondary"
          disabled={draft.choices.length >= OPTION_LIMITS.choicesMax}
          onClick={() => set({ choices: [...draft.choices, { name: '', isDefault: false }] })}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          {_('management.options.addChoice')}
        </button>
      </fieldset>
      {problem ? <FieldError id={`${id}-problem`}>{_(problem.id, problem.values)}</FieldError> : null}
      {serverError ? <AlertMessage>{serverError}</AlertMessage> : null}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onDone}>
          {_('management.options.cancel')}
        </button>
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {_('management.options.save')}
        </button>
      </div>
    </form>
  );
}
