import type { PlacementRefusal } from '@cafe/shared';
import { i18n } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';

/**
 * A refusal of the shared placement decision, asked on this screen, in the words the server would
 * answer with (its refusal in the interface's language, as `errorText` shows one). An archived site
 * is not named: GET /sites no longer lists it.
 */
export function refusalText(refusal: PlacementRefusal): string {
  if (refusal.code === 'SITE_ARCHIVED') return i18n._('order.site.archivedBody');
  return errorText(new ApiError(refusal.status, refusal.code, refusal.message)) ?? refusal.message;
}
