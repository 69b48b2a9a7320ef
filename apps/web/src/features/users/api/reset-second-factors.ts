import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * DELETE /user/{id}/second-factors (admin; never the admin's own account): someone who lost their
 * passkey or authenticator app, once the admin has checked who they are. Their factors, recovery
 * codes and sessions go; they sign in with their password again (and enrol again when staff must).
 */
export const resetSecondFactors = (id: number) => api(`/user/${id}/second-factors`, { method: 'DELETE' });

export function useResetSecondFactors() {
  // The list shows no factors: nothing of it to read again.
  return useMutation({ mutationFn: resetSecondFactors });
}
