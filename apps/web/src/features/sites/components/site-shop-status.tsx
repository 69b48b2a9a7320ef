import { shopModeOf, type Site } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { DoorClosed, DoorOpen } from 'lucide-react';
import { toast } from 'sonner';
import { shopChoiceOf, shopChoicesOf, useSetShopStatus, type ShopChoice } from '@/api/shop-status';
import { AlertMessage, ConfirmDialog } from '@/components/ui';
import { useConfirmAbout } from '@/components/ui/use-confirm-about';
import { msgId } from '@/i18n';
import { useOffline } from '@/lib/connectivity';
import { errorText } from '@/lib/error-text';

/** Each choice's texts (message ids): the button, its name with the site, the confirmation's text. */
const CHOICE_TEXTS: Record<ShopChoice, { label: string; labelAt: string; text: string }> = {
  'cafe-open': {
    label: msgId('sites.shop.openCafe'),
    labelAt: msgId('sites.shop.openCafeAt'),
    text: msgId('sites.shop.openCafeText'),
  },
  'bar-open': {
    label: msgId('sites.shop.openBar'),
    labelAt: msgId('sites.shop.openBarAt'),
    text: msgId('sites.shop.openBarText'),
  },
  'close-both': {
    label: msgId('sites.shop.close'),
    labelAt: msgId('sites.shop.closeAt'),
    text: msgId('sites.shop.closeText'),
  },
};

/**
 * Opening and closing a site's venues by hand, for admins, who have no order board: a button for
 * each venue the site runs (and Close while one is open), confirmed first. One venue is open at a
 * time, as on the board; the opening hours take over again at their next change.
 */
export function SiteShopStatus({ site }: { site: Site }) {
  const { _ } = useLingui();
  const setShopStatus = useSetShopStatus();
  const offline = useOffline();
  const { subject: pending, failure, open, onOpenChange, attempt } = useConfirmAbout<ShopChoice>();
  const current = shopChoiceOf(shopModeOf(site.status));
  const choices = shopChoicesOf(site.venues).filter((choice) => choice !== current);

  const handleConfirm = async (choice: ShopChoice) => {
    await attempt(
      'setting a site shop status failed',
      setShopStatus.mutateAsync({ siteId: site.id, value: choice }),
      (error) => errorText(error) ?? _('sites.shop.failed', { name: site.name }),
    );
    toast.success(_('sites.shop.changed', { name: site.name }));
  };

  return (
    <div role="group" aria-label={_('sites.shop.group', { name: site.name })} className="mt-3 flex flex-wrap gap-2">
      {choices.map((choice) => (
        <button
          key={choice}
          type="button"
          className={choice === 'close-both' ? 'btn-secondary' : 'btn-primary'}
          onClick={() => open(choice)}
          disabled={offline}
          aria-label={_(CHOICE_TEXTS[choice].labelAt, { name: site.name })}
        >
          {choice === 'close-both' ? (
            <DoorClosed aria-hidden="true" className="h-4 w-4" />
          ) : (
            <DoorOpen aria-hidden="true" className="h-4 w-4" />
          )}
          {_(CHOICE_TEXTS[choice].label)}
        </button>
      ))}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={onOpenChange}
        title={pending ? _(CHOICE_TEXTS[pending].labelAt, { name: site.name }) : ''}
        text={pending ? _(CHOICE_TEXTS[pending].text, { name: site.name }) : undefined}
        tone={pending === 'close-both' ? 'danger' : 'primary'}
        onConfirm={() => (pending ? handleConfirm(pending) : undefined)}
      >
        {failure ? <AlertMessage>{failure}</AlertMessage> : null}
      </ConfirmDialog>
    </div>
  );
}
