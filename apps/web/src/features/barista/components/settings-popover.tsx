import { Popover } from 'radix-ui';
import { useId, useState, type ReactNode } from 'react';

/**
 * A small popover of settings on the board, opened from `trigger` (a button): a titled card whose
 * content gets `close` (a form closes it once saved). Mounted afresh on each opening, so its fields
 * start from what is saved.
 */
export function SettingsPopover({
  trigger,
  title,
  hint,
  children,
}: {
  trigger: ReactNode;
  title: string;
  hint?: string;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          aria-labelledby={headingId}
          className="card z-50 w-[min(22rem,calc(100vw-1.5rem))] p-4 text-[var(--ink)] shadow-xl"
        >
          <h2 id={headingId} className={hint ? 'mb-1 text-lg font-semibold' : 'mb-3 text-lg font-semibold'}>
            {title}
          </h2>
          {hint ? <p className="mb-3 text-sm text-[var(--ink-muted)]">{hint}</p> : null}
          {children(() => setOpen(false))}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
