import { useLingui } from '@lingui/react';

/** The picture bar orders show instead of a tumbler photo. */
export function CocktailGlass({ className }: { className?: string }) {
  const { _ } = useLingui();
  return (
    <svg viewBox="0 0 64 64" role="img" aria-label={_('barista.cocktailGlass')} className={className}>
      {/* drink */}
      <path d="M17 15h30L32 30z" fill="currentColor" opacity="0.3" />
      {/* bowl, stem and foot */}
      <path
        d="M10 10h44L32 32zM32 32v20M21 54h22"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      {/* olive on a pick */}
      <path d="M44 2L34 22" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="38" cy="14" r="4" fill="currentColor" />
    </svg>
  );
}
