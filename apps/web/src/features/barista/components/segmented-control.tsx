import { ToggleGroup } from 'radix-ui';
import { cn } from '@/lib/cn';

interface SegmentedControlProps<T extends string> {
  /** Accessible name of the group. */
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onValueChange: (value: T) => void;
  disabled?: boolean;
  /** `compact` for a toolbar (44 px choices, the touch minimum); `regular` elsewhere. */
  size?: 'regular' | 'compact';
  className?: string;
}

/**
 * A row of large buttons of which one is chosen (a radio group): one tap on a counter tablet,
 * arrow keys move between the choices without choosing.
 */
export function SegmentedControl<T extends string>({
  label,
  value,
  options,
  onValueChange,
  disabled,
  size = 'regular',
  className,
}: SegmentedControlProps<T>) {
  const handleChange = (next: string) => {
    // Tapping the chosen button again would empty a Radix toggle group: keep the choice instead.
    const option = options.find((o) => o.value === next);
    if (option) onValueChange(option.value);
  };
  return (
    <ToggleGroup.Root
      type="single"
      aria-label={label}
      value={value}
      onValueChange={handleChange}
      disabled={disabled}
      className={cn(
        'inline-flex rounded-2xl border border-[var(--border)] bg-[var(--surface-sunken)]',
        size === 'compact' ? 'p-0.5' : 'p-1',
        className,
      )}
    >
      {options.map((option) => (
        <ToggleGroup.Item
          key={option.value}
          value={option.value}
          className={cn(
            'flex-1 rounded-xl text-base font-semibold text-[var(--ink-muted)] transition-colors hover:text-[var(--ink)] disabled:cursor-not-allowed disabled:opacity-50 data-[state=on]:bg-[var(--accent)] data-[state=on]:text-[var(--accent-ink)] data-[state=on]:shadow-sm',
            size === 'compact' ? 'min-h-11 min-w-16 px-3' : 'min-h-12 min-w-20 px-4',
          )}
        >
          {option.label}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
