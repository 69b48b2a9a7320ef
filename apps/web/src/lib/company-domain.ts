/**
 * The company e-mail domain when the build was given one (VITE_COMPANY_EMAIL_DOMAIN). Without it
 * the web app does not know the domain and relies on the server's EMAIL_DOMAIN answer, whose
 * message is already the specification's "only accept @<domain>".
 */
const configured: unknown = import.meta.env.VITE_COMPANY_EMAIL_DOMAIN;

export const COMPANY_EMAIL_DOMAIN: string | null =
  typeof configured === 'string' && configured.trim() !== '' ? configured.trim().replace(/^@/, '').toLowerCase() : null;

/** Whether `email` is in `domain` (case-insensitive); true when no domain is known. */
export function isCompanyEmail(email: string, domain: string | null = COMPANY_EMAIL_DOMAIN): boolean {
  if (!domain) return true;
  const at = email.lastIndexOf('@');
  return (
    at >= 0 &&
    email
      .slice(at + 1)
      .trim()
      .toLowerCase() === domain
  );
}
