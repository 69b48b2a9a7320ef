import type { ConfirmEmailBody } from '@cafe/shared';
import { useInvalidatingMutation } from '@/hooks/use-invalidating-mutation';
import { z } from 'zod';
import { emailConfirmationRootKey } from '@/api/email-confirmation';
import { authPost } from './auth-post';

/** The answer of POST /auth/email-confirmation (the route declares it inline, not in the contract). */
const ConfirmedEmailSchema = z.object({ email: z.string() });

/**
 * POST /auth/email-confirmation: the token of a confirmation link (public: the link may be opened
 * on a device where nobody is signed in). 400 with a readable message for a link that is unknown,
 * used, replaced or expired, or for something that is not such a token.
 */
export const confirmEmail = (body: ConfirmEmailBody) =>
  authPost('/auth/email-confirmation', { body, schema: ConfirmedEmailSchema });

/** Confirms an address; a signed-in person's banner asks again and goes. */
export function useConfirmEmail() {
  return useInvalidatingMutation(confirmEmail, [emailConfirmationRootKey]);
}
