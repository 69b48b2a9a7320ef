import { UserSchema, type RegisterBody } from '@cafe/shared';
import { currentLanguage } from '@/i18n';
import { authPost } from './auth-post';

/**
 * POST /auth/register: a new account with the user role. Where the deployment confirms addresses,
 * the server writes the confirmation mail in the language asked for: the one the app is shown in.
 */
export const createAccount = (body: RegisterBody) =>
  authPost('/auth/register', { body, schema: UserSchema, headers: { 'Accept-Language': currentLanguage() } });
