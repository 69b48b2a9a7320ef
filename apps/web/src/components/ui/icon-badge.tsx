import type { LucideIcon } from 'lucide-react';

const TONES = {
  accent: 'bg-[var(--accent-soft)] text-[var(--accent)]',
  warning: 'bg-[var(--warning-soft)] text-[var(--warning)]',
  danger: 'bg-[var(--danger-soft)] text-[var(--danger)]',
} as const;

/** The large round icon at the top of a full-page message (closed, denied, error). */
export function IconBadge({ icon: Icon, tone }: { icon: LucideIcon; tone: keyof typeof TONES }) {
  return (
    <span aria-hidden="true" className={`grid h-20 w-20 place-items-center rounded-full ${TONES[tone]}`}>
      <Icon className="h-10 w-10" />
    </span>
  );
}
