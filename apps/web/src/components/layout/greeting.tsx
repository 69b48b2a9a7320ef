import { DisplayNameSchema, LIMITS } from '@cafe/shared';
import { Check, Pencil, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useRenameMe } from '../../api/rename';
import { cn } from '../../lib/cn';
import { useSession } from '../../stores/session';
import { AlertMessage } from '../ui/alert-message';

/**
 * "Hi, <name>" with inline rename (SPEC: a "New name:" field and Save; Save returns to display).
 * `layout` bar: one line in the top bar; sheet: stacked in the mobile menu.
 */
export function Greeting({ layout = 'bar' }: { layout?: 'bar' | 'sheet' }) {
  const name = useSession((s) => s.user.name);
  const rename = useRenameMe();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();

  const handleEdit = () => {
    setDraft(name);
    setError(null);
    setEditing(true);
  };

  const handleCancel = () => {
    setEditing(false);
    setError(null);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = DisplayNameSchema.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Name cannot be empty');
      return;
    }
    setError(null);
    setEditing(false);
    if (parsed.data !== name) rename.mutate({ name: parsed.data });
  };

  if (!editing) {
    return (
      <div className={cn('flex min-w-0 items-center gap-1', layout === 'sheet' && 'text-lg')}>
        <p className={cn('min-w-0 truncate', layout === 'bar' && 'max-w-[12rem]')} data-testid="greeting">
          Hi, <span className="font-semibold">{name}</span>
        </p>
        <button type="button" className="btn-ghost min-h-9 shrink-0 px-2" onClick={handleEdit} aria-label="Edit name">
          <Pencil aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
    );
  }

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      className={cn('relative flex items-center gap-2', layout === 'sheet' ? 'flex-wrap' : 'flex-nowrap')}
    >
      <label htmlFor={inputId} className="shrink-0 text-sm font-medium">
        New name:
      </label>
      <input
        id={inputId}
        className={cn('input min-h-9 py-1', layout === 'bar' ? 'w-40' : 'min-w-0 flex-1')}
        value={draft}
        maxLength={LIMITS.displayNameMax}
        autoComplete="nickname"
        autoFocus
        aria-invalid={error ? true : undefined}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') handleCancel();
        }}
      />
      <button type="submit" className="btn-primary min-h-9 px-3">
        <Check aria-hidden="true" className="h-4 w-4" />
        Save
      </button>
      <button type="button" className="btn-ghost min-h-9 px-2" onClick={handleCancel} aria-label="Cancel renaming">
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
      {error ? (
        <AlertMessage
          className={layout === 'bar' ? 'absolute top-full right-0 z-10 mt-2 whitespace-nowrap shadow-md' : 'w-full'}
        >
          {error}
        </AlertMessage>
      ) : null}
    </form>
  );
}
