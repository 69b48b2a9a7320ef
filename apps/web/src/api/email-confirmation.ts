import type { EmailConfirmationStatus } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentLanguage } from '@/i18n';
import { api, apiServerChecked } from '@/lib/api-client';
import { useMe } from './me';
import { useSettings } from './settings';

/** The root of every person's confirmation status: what the confirm screen invalidates once a link worked. */
export const emailConfirmationRootKey = ['email-confirmation'] as const;

/**
 * GET /auth/email-confirmation: whether the signed-in person must still open the link sent to
 * their address. Read on every signed-in screen (the banner of the app's frame), so, like the other
 * reads of the first screen, it is not parsed again here: the route declares its response schema.
 */
export const fetchEmailConfirmation = (signal?: AbortSignal) =>
  apiServerChecked<EmailConfirmationStatus>('/auth/email-confirmation', { signal });

export const emailConfirmationQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [...emailConfirmationRootKey, userId] as const,
    queryFn: ({ signal }) => fetchEmailConfirmation(signal),
  });

/**
 * The signed-in person's confirmation status, asked for only where the deployment confirms
 * addresses (the settings' `emailConfirmation`); elsewhere, and for a visitor, undefined and no
 * request at all, so nothing changes without e-mail configured.
 */
export function useEmailConfirmationStatus(): EmailConfirmationStatus | undefined {
  const { emailConfirmation } = useSettings();
  const me = useMe();
  return useQuery({
    ...emailConfirmationQueryOptions(me?.id ?? 0),
    enabled: emailConfirmation === true && me !== null,
  }).data;
}

/**
 * POST /auth/email-confirmation/resend: a new link to the signed-in person's address (the earlier
 * ones stop working), written in the language the app is shown in; 429 when asked too often.
 */
export const resendEmailConfirmation = () =>
  api('/auth/email-confirmation/resend', {
    method: 'POST',
    headers: { 'Accept-Language': currentLanguage() },
  });
