/**
 * Consent to keep what a person cannot drink (docs/decisions/0068-health-data-consent.md). Their
 * list is health data (GDPR Art. 9, Thai PDPA section 26): it is kept and used only with their
 * explicit consent, given apart from anything else, and they may withdraw it at any time.
 *
 * The version names the sentence the person agreed to (the profile's "What you cannot drink", in
 * English and Thai). It changes only when what is kept or why changes: a consent to an earlier
 * version then no longer counts, and the person is asked again.
 */
export const HEALTH_CONSENT_VERSION = 'avoids-1';
