import type { Config } from '../../config';
import type { SignInMethod } from '@cafe/shared';

/** What decides when a session (a refresh-token family) ends, as its tokens carry it. */
export interface SessionFacts {
  /** The sign-in; null only on a token stored before migration 029 and not yet rotated. */
  session_started_at: string | null;
  sign_in_method: SignInMethod;
  created_at?: string;
}

/**
 * The instant (epoch ms) a session ends however often it is used: ABSOLUTE_SESSION_TTL after its
 * sign-in, or SSO_SESSION_TTL when single sign-on (or LINE, for the LIFF page) made it and that is
 * shorter, so the identity provider is asked again at least that often (ASVS 7.3.2, 7.6.1; docs/decisions/0079).
 */
export function sessionEnd(
  config: Pick<Config, 'absoluteSessionTtlSeconds' | 'ssoSessionTtlSeconds'>,
  session: SessionFacts,
): number {
  const started = Date.parse(session.session_started_at ?? session.created_at ?? '');
  if (Number.isNaN(started)) return Number.POSITIVE_INFINITY;
  const seconds =
    session.sign_in_method === 'sso' || session.sign_in_method === 'line'
      ? Math.min(config.absoluteSessionTtlSeconds, config.ssoSessionTtlSeconds)
      : config.absoluteSessionTtlSeconds;
  return started + seconds * 1000;
}
