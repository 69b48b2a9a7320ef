import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A part of a page under its own heading, which names it for screen readers. */
export function HeadedSection({
  heading,
  className,
  id,
  children,
}: {
  heading: ReactNode;
  className?: string;
  /** Where a link to this part lands. */
  id?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn('space-y-3', className)} id={id}>
      <h2 id={headingId} className="text-xl font-semibold">
        {heading}
      </h2>
      {children}
    </section>
  );
}
