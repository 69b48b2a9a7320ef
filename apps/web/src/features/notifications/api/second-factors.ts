import {
  FactorAddedSchema,
  PasskeyOptionsSchema,
  RecoveryCodesSchema,
  SecondFactorsSchema,
  TotpSetupSchema,
  type AddPasskeyBody,
  type AddTotpBody,
} from '@cafe/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /auth/second-factors: the person's passkeys and apps, recovery codes left, whether one is asked of them. */
export const fetchSecondFactors = () => api('/auth/second-factors', { schema: SecondFactorsSchema });

export const secondFactorsQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'second-factors'] as const, queryFn: fetchSecondFactors });

export function useSecondFactors() {
  return useQuery(secondFactorsQueryOptions());
}

/** POST /auth/second-factors/passkey/options: the WebAuthn registration options of a new passkey. */
export const passkeyEnrolOptions = () =>
  api('/auth/second-factors/passkey/options', { method: 'POST', schema: PasskeyOptionsSchema });

/** POST /auth/second-factors/passkey: the passkey the browser made. */
export const addPasskey = (body: AddPasskeyBody) =>
  api('/auth/second-factors/passkey', { method: 'POST', body, schema: FactorAddedSchema });

/** POST /auth/second-factors/totp/setup: a new secret for an authenticator app. */
export const totpSetup = () => api('/auth/second-factors/totp/setup', { method: 'POST', schema: TotpSetupSchema });

/** POST /auth/second-factors/totp: the app's first code confirms it. */
export const addTotp = (body: AddTotpBody) =>
  api('/auth/second-factors/totp', { method: 'POST', body, schema: FactorAddedSchema });

/** The factors change: the list is read again. */
function useRefreshFactors() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: secondFactorsQueryOptions().queryKey });
}

/** DELETE /auth/second-factors/:id, the password asked again. */
export function useRemoveFactor() {
  const refresh = useRefreshFactors();
  return useMutation({
    mutationFn: ({ id, password }: { id: number; password: string }) =>
      api(`/auth/second-factors/${id}`, { method: 'DELETE', body: { password } }),
    onSuccess: refresh,
  });
}

/** POST /auth/recovery-codes, the password asked again: ten new codes. */
export function useNewRecoveryCodes() {
  const refresh = useRefreshFactors();
  return useMutation({
    mutationFn: (password: string) =>
      api('/auth/recovery-codes', { method: 'POST', body: { password }, schema: RecoveryCodesSchema }),
    onSuccess: refresh,
  });
}

export { useRefreshFactors };
