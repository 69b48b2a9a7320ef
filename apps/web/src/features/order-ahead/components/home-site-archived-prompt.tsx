import { useLingui } from '@lingui/react';
import { MapPinOff } from 'lucide-react';
import { useMe } from '@/api/me';
import { useChangeHomeSite, useHomeSite } from '@/api/sites';
import { Select } from '@/components/ui';

/**
 * The person's home site was archived (GET /user/me names a site GET /sites no longer lists): the
 * server refuses their orders (409 SITE_ARCHIVED) until they choose another, so the screens say so
 * at the top and offer the choice, instead of quietly showing the first site's menu.
 */
export function HomeSiteArchivedPrompt() {
  const { _ } = useLingui();
  const homeSiteId = useMe()?.homeSiteId;
  const { sites } = useHomeSite();
  const change = useChangeHomeSite();
  if (homeSiteId == null || sites.length === 0 || sites.some((s) => s.id === homeSiteId)) return null;
  return (
    <section
      aria-labelledby="home-site-archived-title"
      className="mb-4 flex items-start gap-3 rounded-xl border border-[var(--warning)] bg-[var(--warning-soft)] p-3 text-sm"
    >
      <MapPinOff aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-[var(--warning)]" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h2 id="home-site-archived-title" className="font-semibold">
          {_('order.site.archivedTitle')}
        </h2>
        <p>{_('order.site.archivedBody')}</p>
        <Select
          label={_('order.site.archivedChoose')}
          placeholder={_('order.site.choosePlaceholder')}
          className="max-w-xs"
          value=""
          disabled={change.isPending}
          onChange={(event) => {
            if (event.target.value) change.mutate(Number(event.target.value));
          }}
          options={sites.map((s) => ({ value: String(s.id), label: s.name }))}
        />
      </div>
    </section>
  );
}
