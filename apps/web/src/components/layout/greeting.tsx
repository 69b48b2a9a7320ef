import { DisplayNameSchema, LIMITS } from '@cafe/shared';
import { Check, Pencil, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useRenameMe } from '@/api/rename';
import { cn } from '@/lib/cn';
import { useMe } from '@/api/me';
import { AlertMessage } from '@/components/ui/alert-message';

/**
 * "Hi, <name>" with inline rename (SPEC: a "New name:" field and Save; Save returns to display).
 * `layout` bar: one line in the top bar; sheet: stacked in the mobile menu.
 */
export function Greeting({ layout = 'bar' }: { layout?: 'bar' | 'sheet' }) {
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

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = DisplayNameSchema.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Name cannot be empty');
      input.current?.focus();
      return;
    }
    setError(null);
    closeEditor();
    if (parsed.data !== name) rename.mutate({ name: parsed.data });
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
        New name:
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
        Save
      </button>
      <button type="button" className="btn-ghost min-w-11 px-2" onClick={handleCancel} aria-label="Cancel renaming">
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
      <p className={cn('min-w-0 truncate', !sheet && 'max-w-[12rem]')} data-testid="greeting">
        Hi, <span className="font-semibold">{name}</span>
      </p>
      <button
        ref={editButton}
        type="button"
        className="btn-ghost min-w-11 shrink-0 px-2"
        onClick={editing ? handleCancel : handleEdit}
        aria-label="Edit name"
        aria-expanded={sheet ? undefined : editing}
        aria-controls={editing ? formId : undefined}
      >
        <Pencil aria-hidden="true" className="h-4 w-4" />
      </button>
      {form}
    </div>
  );
}
