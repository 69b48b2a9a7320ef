import { useLingui } from '@lingui/react';
import { useSettings } from '@/api/settings';
import { formatCafeDate, formatCafeTime } from '@/lib/cafe-time';

/** When something happened, as a date and a time on the cafe's clock ("21 Nov 2026 10:32"). */
export function ErrorTime({ at, className }: { at: string; className?: string }) {
  useLingui();
  const { cafeTimeZone } = useSettings();
  return (
    <time dateTime={at} className={className}>
      {`${formatCafeDate(at, cafeTimeZone)} ${formatCafeTime(at, cafeTimeZone)}`.trim()}
    </time>
  );
}
