import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface LogoProps {
  className?: string;
}

/** The rounded accent tile both logos are drawn on. */
function LogoTile({ kind, className, children }: LogoProps & { kind: 'cafe' | 'bar'; children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 48 48"
      aria-hidden="true"
      focusable="false"
      className={cn('h-10 w-10', className)}
      data-logo={kind}
    >
      <rect width="48" height="48" rx="12" fill="var(--accent)" />
      {children}
    </svg>
  );
}

/** The daytime logo: a cafe cup with steam. Decorative; the link around it carries the name. */
export function CafeLogo({ className }: LogoProps) {
  return (
    <LogoTile kind="cafe" className={className}>
      <path d="M11 19h21v10a8 8 0 0 1-8 8h-5a8 8 0 0 1-8-8z" fill="var(--accent-ink)" />
      <path d="M32 22h3a4.5 4.5 0 0 1 0 9h-3" fill="none" stroke="var(--accent-ink)" strokeWidth="3" />
      <path
        d="M17 9c0 3 3 3 3 6M24 9c0 3 3 3 3 6"
        fill="none"
        stroke="var(--accent-soft)"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </LogoTile>
  );
}

/** The evening logo, shown while the bar is open: a cocktail glass with a cherry. */
export function BarLogo({ className }: LogoProps) {
  return (
    <LogoTile kind="bar" className={className}>
      <path d="M10 12h28L24 27z" fill="var(--accent-ink)" />
      <path d="M24 27v10M17 38h14" stroke="var(--accent-ink)" strokeWidth="3" strokeLinecap="round" />
      <path d="M29 8l-4 10" stroke="var(--accent-soft)" strokeWidth="2" strokeLinecap="round" />
      <circle cx="30" cy="16" r="3" fill="var(--danger)" />
    </LogoTile>
  );
}

/** The logo of the moment: the cocktail glass while the bar is open, the cup otherwise. */
export function Logo({ barOpen, className }: LogoProps & { barOpen: boolean }) {
  return barOpen ? <BarLogo className={className} /> : <CafeLogo className={className} />;
}
