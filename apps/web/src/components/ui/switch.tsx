import { Switch as RadixSwitch } from 'radix-ui';
import { useId } from 'react';
import { cn } from '@/lib/cn';

interface SwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: string;
  /**
   * What screen readers call it when the visible label is not enough to tell it from its
   * neighbours (starts with the label: "Sold out at Silom: Latte").
   */
  accessibleName?: string;
  /** Keep the label for screen readers only. */
  hideLabel?: boolean;
  disabled?: boolean;
  className?: string;
}

/** An on/off switch with its label (Radix Switch: role="switch", Space toggles). */
export function Switch({
  checked,
  onCheckedChange,
  label,
  accessibleName,
  hideLabel,
  disabled,
  className,
}: SwitchProps) {
  const id = useId();
  return (
    <div className={cn('inline-flex items-center gap-2', className)}>
      <RadixSwitch.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-label={accessibleName}
        className="relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full before:absolute before:-inset-x-1 before:-inset-y-2 before:content-[''] before:rounded-full border border-[var(--border-strong)] bg-[var(--surface-sunken)] transition-colors disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:border-[var(--accent)] data-[state=checked]:bg-[var(--accent)]"
      >
        <RadixSwitch.Thumb className="block h-5 w-5 translate-x-1 rounded-full bg-[var(--ink-muted)] shadow transition-transform data-[state=checked]:translate-x-6 data-[state=checked]:bg-[var(--accent-ink)]" />
      </RadixSwitch.Root>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-[var(--ink)]'}>
        {label}
      </label>
    </div>
  );
}
