import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import { AlertMessage } from '@/components/ui';
import type { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { stops } from '@/features/order-ahead/hooks/use-placement';

/** Refusals an order form says in a notice of their own (busy mode, an archived site, the e-mail), or not at all (the daily limit). */
const SAID_ELSEWHERE = new Set(['ORDERS_PAUSED', 'SITE_ARCHIVED', 'EMAIL_NOT_CONFIRMED']);

/**
 * Why this drink cannot be ordered right now (the cafe closed, the Friday cut-off, sold out), on an
 * order form: the door's reason in the person's language, said at the top with the way back to
 * the menu, rather than after the whole form.
 */
export function VenueBlockNotice({
  refusal,
  backTo,
  backLabel,
}: {
  refusal: ApiError | null;
  backTo: string;
  backLabel: string;
}) {
  // Said again when the language changes.
  useLingui();
  if (!stops(refusal) || SAID_ELSEWHERE.has(refusal.code)) return null;
  return (
    <AlertMessage tone="info" className="mb-4">
      {errorText(refusal)}{' '}
      <Link to={backTo} className="font-semibold text-[var(--accent)] underline">
        {backLabel}
      </Link>
    </AlertMessage>
  );
}
