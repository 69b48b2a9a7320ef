import { peopleText } from '@cafe/shared';
import type { Db } from '../../db/types';
import { refusal } from '../../lib/errors';
import { iso } from '../../lib/time';
import type { UsersService } from '../users/users.service';

/** Who signed in at the identity provider: its issuer, their `sub` there, and what it says of them. */
export interface SsoIdentity {
  issuer: string;
  subject: string;
  /** Verified by the provider, lower-cased. */
  email: string;
  name: string;
}

/** The identity of this issuer linked to an account, found by its subject or by its account. */
function findIdentity(db: Db, issuer: string, by: { subject: string } | { user_id: number }) {
  const query = db.selectFrom('sso_identities').select(['user_id', 'subject']).where('issuer', '=', issuer);
  return (
    'subject' in by ? query.where('subject', '=', by.subject) : query.where('user_id', '=', by.user_id)
  ).executeTakeFirst();
}

/** Links the identity to the account unless it, or another identity of this issuer for the account, is linked already. */
async function link(db: Db, identity: SsoIdentity, userId: number, at: Date): Promise<void> {
  await db
    .insertInto('sso_identities')
    .values({ issuer: identity.issuer, subject: identity.subject, user_id: userId, created_at: iso(at) })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * The account of a person signing in with single sign-on (ASVS 10.5.2, decision 0080): found by
 * the provider's issuer and their `sub`, which the provider never gives to anyone else. At their
 * first sign-in (no account has the identity yet) the verified e-mail finds the account, or makes
 * one, and the identity is linked to it, once: an account linked to another `sub` of the same
 * provider (an address the company gave to someone new) is refused, with words for the person
 * and the administrator.
 */
export async function accountOfSsoIdentity(
  db: Db,
  users: UsersService,
  identity: SsoIdentity,
  at: Date,
): Promise<Awaited<ReturnType<UsersService['findOrCreateWithoutPassword']>>> {
  const linked = await findIdentity(db, identity.issuer, { subject: identity.subject });
  const known = linked ? await users.findCredentialsById(linked.user_id) : undefined;
  if (known) return known;
  const user = await users.findOrCreateWithoutPassword(identity.email, identity.name);
  await link(db, identity, user.id, at);
  // Read back rather than trusted: of two first sign-ins at once, one identity wins the account.
  const subject = (await findIdentity(db, identity.issuer, { user_id: user.id }))?.subject;
  if (subject !== identity.subject) {
    throw refusal(403, 'SSO_REFUSED', peopleText('people.sso.otherIdentity', { email: identity.email }));
  }
  return user;
}
