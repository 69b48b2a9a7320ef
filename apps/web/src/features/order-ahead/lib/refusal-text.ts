import type { PlacementRefusal } from '@cafe/shared';
import { i18n } from '@/i18n';
import { sayPeople } from '@/lib/people-text';

/**
 * A refusal of the shared placement decision, asked on this screen, in the words the server would
 * answer with (its people message, in the interface's language). An archived site is not named:
 * GET /sites no longer lists it.
 */
export function refusalText(refusal: PlacementRefusal): string {
  if (refusal.code === 'SITE_ARCHIVED') return i18n._('order.site.archivedBody');
  return sayPeople(refusal.text);
}
