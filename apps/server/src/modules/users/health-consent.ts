import { HEALTH_CONSENT_VERSION, parseDietTags, peopleText, type DietTag, type HealthConsent } from '@cafe/shared';
import type { Change } from '../../lib/domain-events';
import { refusal } from '../../lib/errors';
import type { ConsentColumns } from './users.repository';

/*
 * Consent to keep what a person cannot drink (docs/decisions/0068-health-data-consent.md): their
 * list is kept and used only while it is given, for the current wording.
 */

/** The consent as the contract shows it, from the stored row (none recorded: all null). */
export function consentOf(row: ConsentColumns | undefined): HealthConsent {
  const version = row?.consent_version ?? null;
  const withdrawnAt = row?.consent_withdrawn_at ?? null;
  return {
    given: version === HEALTH_CONSENT_VERSION && withdrawnAt === null,
    version,
    givenAt: row?.consent_given_at ?? null,
    withdrawnAt,
  };
}

/** What a person's stored list is, and whether it may be used (their consent is given). */
export interface AvoidsRecord {
  /** The list as stored: in use while consent is given, awaiting it otherwise. */
  stored: DietTag[];
  consent: HealthConsent;
}

export function avoidsRecordOf(row: ({ avoids: string } & ConsentColumns) | undefined): AvoidsRecord {
  return { stored: parseDietTags(row?.avoids ?? '[]'), consent: consentOf(row) };
}

/** The list in use: the stored one while consent is given, none otherwise. */
export const avoidsInUse = (record: AvoidsRecord): DietTag[] => (record.consent.given ? record.stored : []);

/** A list that is not empty, without the person's consent: refused, saying what to do. */
export const consentRequired = () =>
  refusal(400, 'HEALTH_CONSENT_REQUIRED', peopleText('people.refusal.healthConsentRequired'));

/**
 * The audit log's entry of a consent given or withdrawn: who, when, which wording. Never the list
 * itself (it is the person's health information, which no admin needs to read).
 */
export function consentChange(
  person: { id: number; name: string },
  action: 'user.health-consent.give' | 'user.health-consent.withdraw',
  version: string,
): Change {
  const values = { version };
  return {
    actor: { id: person.id, name: person.name },
    action,
    target: { type: 'user', id: person.id },
    before: action === 'user.health-consent.give' ? null : values,
    after: action === 'user.health-consent.give' ? values : null,
  };
}
