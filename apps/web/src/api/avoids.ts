import type { AvoidsAnswer, AvoidsBody, DietTag, HealthConsent, Me } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { meQueryOptions, useMe } from './me';

/**
 * PUT /user/me/avoids: the signed-in person's whole list of what they cannot drink; `consent: true`
 * gives their consent to keep it, which a list that is not empty needs (docs/decisions/0068-health-data-consent.md).
 */
export const setMyAvoids = async (body: AvoidsBody) => {
  const { AvoidsAnswerSchema } = await import('./avoids-schema');
  return api('/user/me/avoids', { method: 'PUT', body, schema: AvoidsAnswerSchema });
};

/** DELETE /user/me/health-consent: withdraws the person's consent, and their list is erased with it. */
export const withdrawMyHealthConsent = async () => {
  const { AvoidsAnswerSchema } = await import('./avoids-schema');
  return api('/user/me/health-consent', { method: 'DELETE', schema: AvoidsAnswerSchema });
};

/** A person who never agreed (or a server that does not say). */
const NO_CONSENT: HealthConsent = { given: false, version: null, givenAt: null, withdrawnAt: null };

/** The profile as it is after the server's answer: the list in use, the consent, nothing waiting. */
const withAnswer = (me: Me | null | undefined, { avoids, healthConsent }: AvoidsAnswer) =>
  me ? { ...me, avoids, healthConsent, avoidsAwaitingConsent: [] } : me;

/** Saves what the person avoids; the one copy of the profile (`me`) takes the saved list and consent. */
export function useSetMyAvoids() {
  const queryClient = useQueryClient();
  const { queryKey } = meQueryOptions();
  return useMutation({
    mutationFn: setMyAvoids,
    onSuccess: (answer) => queryClient.setQueryData(queryKey, (me) => withAnswer(me, answer)),
  });
}

/** Withdraws the consent (erasing the list); the profile takes the empty list and the withdrawn consent. */
export function useWithdrawMyHealthConsent() {
  const queryClient = useQueryClient();
  const { queryKey } = meQueryOptions();
  return useMutation({
    mutationFn: withdrawMyHealthConsent,
    onSuccess: (answer) => queryClient.setQueryData(queryKey, (me) => withAnswer(me, answer)),
  });
}

/** The server says consent is not given (withdrawn elsewhere): the profile asks for it again. */
export function useForgetMyHealthConsent() {
  const queryClient = useQueryClient();
  const { queryKey } = meQueryOptions();
  return () =>
    queryClient.setQueryData(queryKey, (me) =>
      me ? { ...me, healthConsent: { ...NO_CONSENT, ...me.healthConsent, given: false } } : me,
    );
}

/** The signed-in person's consent to keep what they avoid (none recorded when signed out). */
export function useMyHealthConsent(): HealthConsent {
  return useMe()?.healthConsent ?? NO_CONSENT;
}

/** What the signed-in person avoids ([] for none, or signed out): the list in use. */
export function useMyAvoids(): DietTag[] {
  return useMe()?.avoids ?? [];
}

/** A list the person saved before consent was asked for: kept, used nowhere until they agree ([] for none). */
export function useMyAvoidsAwaitingConsent(): DietTag[] {
  return useMe()?.avoidsAwaitingConsent ?? [];
}
