import { useLingui } from '@lingui/react';
import { isCompanyEmail } from '@cafe/shared';
import { useSettings } from '@/api/settings';

/**
 * The company-domain rule of sign-in and registration, checked before any request with the
 * domain from the settings: gives the alert for an e-mail outside it, or null.
 */
export function useCompanyDomainCheck(): (email: string) => string | null {
  const { _ } = useLingui();
  const { companyEmailDomain } = useSettings();
  return (email) =>
    isCompanyEmail(email, companyEmailDomain) ? null : _('shared.spec.emailDomain', { domain: companyEmailDomain });
}
