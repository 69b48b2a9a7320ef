import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { CAFE_CUP, CAFE_HANDLE, CAFE_STEAM } from '@/lib/logo-shapes';

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
      <path d={CAFE_CUP} fill="var(--accent-ink)" />
      <path d={CAFE_HANDLE} fill="none" stroke="var(--accent-ink)" strokeWidth="3" />
      <path d={CAFE_STEAM} fill="none" stroke="var(--accent-soft)" strokeWidth="2.5" strokeLinecap="round" />
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
