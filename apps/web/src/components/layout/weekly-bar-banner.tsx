import { useLingui } from '@lingui/react';
import { X } from 'lucide-react';
import { FINES } from '@cafe/shared';
import { useSettings } from '@/api/settings';
import { STORAGE_KEYS } from '@/lib/storage-keys';

/**
 * The weekly bar session banner. The specification says it exists but is never shown, with its
 * close button disabled and its dismissal flag kept locally as `bannerVisible`; this keeps the
 * banner in the code, switched off, instead of pretending it appears.
 */
const BANNER_ENABLED = false;

function readBannerVisible(): boolean {
  return localStorage.getItem(STORAGE_KEYS.bannerVisible) !== 'false';
}

export function WeeklyBarBanner() {
  const { _ } = useLingui();
  const { hours } = useSettings();
  if (!BANNER_ENABLED || !readBannerVisible()) return null;
  return (
    <aside
      aria-label={_('common.bar.bannerLabel')}
      className="bg-[var(--accent-soft)] px-4 py-2 text-sm text-[var(--ink)]"
    >
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3">
        <p>
          {_('common.bar.banner', {
            hours: hours.bar.label,
            cocktail: FINES.cocktailGlassThb,
            shot: FINES.shotGlassThb,
          })}
        </p>
        <button type="button" className="btn-ghost min-h-9 px-2" aria-label={_('common.bar.bannerClose')} disabled>
          <X aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
    </aside>
  );
}
