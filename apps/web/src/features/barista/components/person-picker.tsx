import { useLingui } from '@lingui/react';
import type { UserSearchResult } from '@cafe/shared';
import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { FieldError } from '@/components/ui';
import { cn } from '@/lib/cn';
import { errorText } from '@/lib/error-text';
import { useUserSearch } from '@/api/user-search';
import { useDebouncedValue } from '@/features/barista/hooks/use-debounced-value';

/** Long enough to let a name be typed, short enough to feel immediate. */
const SEARCH_DEBOUNCE_MS = 250;

interface PersonPickerProps {
  value: UserSearchResult | null;
  onChange: (person: UserSearchResult | null) => void;
  error?: string;
}

/**
 * Finds a person by part of their name or e-mail (GET /user/search, asked once typing pauses): a
 * combobox whose list the arrow keys move through and Enter picks from (WAI-ARIA combobox with a
 * listbox popup).
 */
export function PersonPicker({ value, onChange, error }: PersonPickerProps) {
  const { _ } = useLingui();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useUserSearch(query);
  const id = useId();
  const listId = `${id}-list`;
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;

  const input = useRef<HTMLInputElement>(null);

  const results = query && text.trim() ? (search.data ?? []) : [];
  const expanded = open && results.length > 0;
  const activeIndex = Math.min(active, results.length - 1);

  // Escape with the list open closes the list, not the dialog around it. The dialog listens on the
  // document in the capture phase, so the field's own handler would come too late: this listener
  // on the window comes first.
  useEffect(() => {
    if (!expanded) return;
    const handleEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.target !== input.current) return;
      event.stopPropagation();
      setOpen(false);
    };
    window.addEventListener('keydown', handleEscape, { capture: true });
    return () => window.removeEventListener('keydown', handleEscape, { capture: true });
  }, [expanded]);

  const pick = (person: UserSearchResult) => {
    onChange(person);
    setOpen(false);
    setText('');
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (results.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + results.length) % results.length);
    } else if (event.key === 'Enter') {
      // Enter picks from the list; it never sends the form from here.
      event.preventDefault();
      const person = expanded ? results[activeIndex] : undefined;
      if (person) pick(person);
    }
  };

  if (value) {
    return (
      <div>
        <p className="label">{_('barista.walkUp.person')}</p>
        <div className="flex min-h-11 items-center gap-3 rounded-xl border border-[var(--border-strong)] bg-[var(--surface-sunken)] px-3 py-1.5">
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold">{value.name}</p>
            <p className="truncate text-sm text-[var(--ink-muted)]">{value.email}</p>
          </div>
          <button
            type="button"
            className="btn-ghost min-w-11 px-2"
            onClick={() => onChange(null)}
            aria-label={_('barista.picker.chooseOther', { name: value.name })}
          >
            <X aria-hidden="true" className="h-5 w-5" />
          </button>
        </div>
      </div>
    );
  }

  const status = !query
    ? _('barista.picker.typeHint')
    : search.isFetching && results.length === 0
      ? _('barista.picker.searching')
      : search.isError
        ? _('barista.picker.searchFailed', { reason: errorText(search.error) ?? '' })
        : search.isSuccess && results.length === 0
          ? _('barista.picker.nobody')
          : _('barista.picker.found', { count: results.length });

  return (
    <div className="relative">
      <label htmlFor={id} className="label">
        {_('barista.picker.label')}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-[var(--ink-muted)]"
        />
        <input
          ref={input}
          id={id}
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded ? `${id}-option-${activeIndex}` : undefined}
          aria-describedby={cn(statusId, error && errorId) || undefined}
          aria-invalid={error ? true : undefined}
          autoComplete="off"
          spellCheck={false}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onKeyDown={handleKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          className="input pl-9"
        />
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={_('barista.picker.people')}
        hidden={!expanded}
        className="absolute z-10 mt-1 max-h-64 w-full overflow-y-auto rounded-xl border border-[var(--border-strong)] bg-[var(--surface-raised)] p-1 shadow-lg"
      >
        {results.map((person, i) => (
          <li
            key={person.id}
            id={`${id}-option-${i}`}
            role="option"
            aria-selected={i === activeIndex}
            // Keep the focus in the field: the click picks, the blur would close the list first.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(person)}
            onMouseEnter={() => setActive(i)}
            className={cn(
              'flex min-h-11 cursor-pointer flex-col justify-center rounded-lg px-3 py-1',
              i === activeIndex && 'bg-[var(--accent-soft)]',
            )}
          >
            <span className="font-semibold">{person.name}</span>
            <span className="text-sm text-[var(--ink-muted)]">{person.email}</span>
          </li>
        ))}
      </ul>
      <p id={statusId} aria-live="polite" className="mt-1 text-sm text-[var(--ink-muted)]">
        {status}
      </p>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
