import { LIMITS, type DisplayNameSchema } from '@cafe/shared';
import { Trans, useLingui } from '@lingui/react';
import { Check, Pencil, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useRenameMe } from '@/api/rename';
import { loadNamespaces } from '@/i18n';
import { cn } from '@/lib/cn';
import { useMe } from '@/api/me';
import { AlertMessage } from '@/components/ui/alert-message';

interface DisplayNameRule {
  DisplayNameSchema: typeof DisplayNameSchema;
  /** Its messages in the interface's language. */
  ruleText: (message: string) => string;
}
let displayNameRule: DisplayNameRule | undefined;
/**
 * The name rule and its messages load when the pencil is tapped; they are there long before Save
 * is. (Not with the frame: every signed-in screen would carry them.)
 */
const loadDisplayNameRule = () =>
  Promise.all([import('@/api/rename-schemas'), import('@/lib/error-text'), loadNamespaces(['shared', 'people'])]).then(
    ([{ DisplayNameSchema }, { ruleText }]) => {
      displayNameRule = { DisplayNameSchema, ruleText };
      return displayNameRule;
    },
  );

/**
 * "Hi, <name>" with inline rename: a "New name:" field and Save, and Save returns to the name shown.
 * `layout` bar: one line in the top bar; sheet: stacked in the mobile menu.
 */
export function Greeting({ layout = 'bar' }: { layout?: 'bar' | 'sheet' }) {
  const { _ } = useLingui();
  const name = useMe()?.name ?? '';
  const rename = useRenameMe();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const formId = useId();
  const errorId = useId();
  const editButton = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);

  const handleEdit = () => {
    // Early only; should it fail, Save asks again.
    loadDisplayNameRule().catch(() => undefined);
    setDraft(name);
    setError(null);
    setEditing(true);
  };

  /** Back to display mode, with the focus on the pencil again (it would be lost with the form). */
  const closeEditor = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  const handleCancel = () => {
    closeEditor();
    setError(null);
  };

  const save = ({ DisplayNameSchema, ruleText }: DisplayNameRule) => {
    const parsed = DisplayNameSchema.safeParse(draft);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      setError(issue ? ruleText(issue) : _('shared.spec.nameEmpty'));
      input.current?.focus();
      return;
    }
    setError(null);
    closeEditor();
    if (parsed.data !== name) rename.mutate({ name: parsed.data });
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (displayNameRule) save(displayNameRule);
    else loadDisplayNameRule().then(save, (error: unknown) => console.error('rename failed', error));
  };

  const sheet = layout === 'sheet';

  // The top-bar panel closes like a popover when the person taps elsewhere.
  useEffect(() => {
    if (!editing || sheet) return;
    const handlePointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && wrapper.current?.contains(event.target)) return;
      setEditing(false);
      setError(null);
    };
    document.addEventListener('pointerdown', handlePointerDown);
    return () => document.removeEventListener('pointerdown', handlePointerDown);
  }, [editing, sheet]);

  const form = editing ? (
    <form
      id={formId}
      onSubmit={handleSubmit}
      noValidate
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          handleCancel();
        }
      }}
      className={cn(
        'flex flex-wrap items-center gap-2',
        // In the top bar the form opens as a small panel under the greeting, so it never covers the links.
        !sheet && 'card absolute top-full right-0 z-50 mt-2 w-80 max-w-[calc(100vw-2rem)] p-3 shadow-lg',
      )}
    >
      <label htmlFor={inputId} className="w-full text-sm font-medium">
        {_('common.greeting.newName')}
      </label>
      <input
        ref={input}
        id={inputId}
        className="input min-w-0 flex-1"
        value={draft}
        maxLength={LIMITS.displayNameMax}
        autoComplete="nickname"
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => setDraft(e.target.value)}
      />
      <button type="submit" className="btn-primary px-3">
        <Check aria-hidden="true" className="h-4 w-4" />
        {_('common.greeting.save')}
      </button>
      <button
        type="button"
        className="btn-ghost min-w-11 px-2"
        onClick={handleCancel}
        aria-label={_('common.greeting.cancel')}
      >
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
      {error ? (
        <AlertMessage className="w-full">
          <span id={errorId}>{error}</span>
        </AlertMessage>
      ) : null}
    </form>
  ) : null;

  if (sheet && editing) return form;

  return (
    <div ref={wrapper} className={cn('relative flex min-w-0 items-center gap-1', sheet && 'text-lg')}>
      <p
        className={cn('min-w-0 truncate', !sheet && 'max-w-[12rem]')}
        data-testid="greeting"
        title={_('common.greeting.hiTitle', { name })}
      >
        <Trans id="common.greeting.hi" values={{ name }} components={{ 0: <span className="font-semibold" /> }} />
      </p>
      <button
        ref={editButton}
        type="button"
        className="btn-ghost min-w-11 shrink-0 px-2"
        onClick={editing ? handleCancel : handleEdit}
        aria-label={_('common.greeting.edit')}
        aria-expanded={sheet ? undefined : editing}
        aria-controls={editing ? formId : undefined}
      >
        <Pencil aria-hidden="true" className="h-4 w-4" />
      </button>
      {form}
    </div>
  );
}
