import { i18n } from '@/i18n';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';

/**
 * What a refused e-mailed link's page says: the server's 400 refusals of a link (`refusals`, by
 * what they say) each in the interface's language; any other failure as the server words it.
 */
export function linkFailureText(error: unknown, refusals: readonly [RegExp, string][]): string {
  if (isApiError(error) && error.status === 400) {
    const known = refusals.find(([pattern]) => pattern.test(error.message));
    if (known) return i18n._(known[1]);
  }
  return errorText(error) ?? '';
}
