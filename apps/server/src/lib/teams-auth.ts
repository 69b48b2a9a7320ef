import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { TeamsConfig } from '../config-chat';
import { DELIVERY_TIMEOUT_MS } from './delivery';
import { unauthenticated } from './errors';

/** The Bot Framework's tokens are issued by this (docs/api/teams.md, "Teams's requests"). */
export const BOT_FRAMEWORK_ISSUER = 'https://api.botframework.com';
/** The scope of the bot's own tokens, to call the Bot Connector (client credentials). */
export const BOT_FRAMEWORK_SCOPE = 'https://api.botframework.com/.default';
/** Clocks may differ this much between the Bot Framework and the server. */
const CLOCK_SKEW_S = 60;
/** The OpenID metadata (where the keys are) is read again after this long. */
const METADATA_TTL_MS = 24 * 3600_000;
/** A bot token is used until this long before it expires, then a new one is asked for. */
const TOKEN_MARGIN_MS = 5 * 60_000;

/** What of an activity the token is checked against. */
export interface ActivityClaims {
  serviceUrl?: unknown;
  conversation?: { tenantId?: unknown } | null;
  channelData?: { tenant?: { id?: unknown } | null } | null;
}

type Fetch = typeof fetch;
const timeout = () => AbortSignal.timeout(DELIVERY_TIMEOUT_MS);
const sameUrl = (a: string, b: string) => a.replace(/\/+$/, '').toLowerCase() === b.replace(/\/+$/, '').toLowerCase();

/**
 * The Bot Framework's two kinds of token (decision 0091): the JWT on each request Teams sends to the
 * bot (checked with jose against the keys the OpenID metadata names, TEAMS_OPENID_METADATA_URL), and
 * the bot's own bearer token for the Bot Connector (client credentials at TEAMS_TOKEN_URL), cached
 * until shortly before it expires and asked for once however many calls wait for it.
 */
export function createTeamsAuth(config: TeamsConfig, now: () => Date, fetchImpl: Fetch = fetch) {
  let keys: { at: number; jwks: ReturnType<typeof createRemoteJWKSet> } | null = null;
  let token: { value: string; until: number } | null = null;
  let asking: Promise<string> | null = null;

  async function keySet() {
    if (keys && Date.now() - keys.at < METADATA_TTL_MS) return keys.jwks;
    const res = await fetchImpl(config.openIdMetadataUrl, { signal: timeout() });
    if (!res.ok) throw new Error(`the OpenID metadata answered ${res.status}`);
    const { jwks_uri } = (await res.json()) as { jwks_uri?: unknown };
    if (typeof jwks_uri !== 'string') throw new Error('the OpenID metadata names no jwks_uri');
    // jose keeps the keys, and reads them again (at most every 30 s) for a token of a key it does not know.
    keys = { at: Date.now(), jwks: createRemoteJWKSet(new URL(jwks_uri), { timeoutDuration: DELIVERY_TIMEOUT_MS }) };
    return keys.jwks;
  }

  /**
   * A request from Teams: `Authorization: Bearer <JWT>` signed by a key of the Bot Framework's key
   * set, issued by the Bot Framework to this bot (audience: the app id), not expired, for the
   * activity's serviceUrl, and, with TEAMS_TENANT_ID, from that tenant. Anything else is 401.
   */
  async function verify(authorization: string | undefined, activity: ActivityClaims): Promise<JWTPayload> {
    const jwt = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    if (!jwt) throw unauthenticated('Teams request refused: it carries no Bot Framework token.');
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(jwt, await keySet(), {
        issuer: BOT_FRAMEWORK_ISSUER,
        audience: config.appId,
        algorithms: ['RS256'],
        clockTolerance: CLOCK_SKEW_S,
        currentDate: now(),
        requiredClaims: ['exp'],
      }));
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw unauthenticated(`Teams request refused: the token is not the Bot Framework's (${why}).`);
    }
    const claimed = payload.serviceurl ?? payload.serviceUrl;
    const { serviceUrl } = activity;
    if (typeof claimed !== 'string' || typeof serviceUrl !== 'string' || !sameUrl(claimed, serviceUrl)) {
      throw unauthenticated('Teams request refused: the token is for another serviceUrl.');
    }
    const tenant = activity.conversation?.tenantId ?? activity.channelData?.tenant?.id;
    if (config.tenantId && (typeof tenant !== 'string' || tenant.toLowerCase() !== config.tenantId)) {
      throw unauthenticated('Teams request refused: it comes from another tenant.');
    }
    return payload;
  }

  async function askToken(): Promise<string> {
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: config.appId,
      client_secret: config.appPassword,
      scope: BOT_FRAMEWORK_SCOPE,
    });
    const ask = () => fetchImpl(config.tokenUrl, { method: 'POST', body, signal: timeout() });
    // A connection that dropped before any answer (fetch's TypeError) is asked on once more.
    const res = await ask().catch((error: unknown) => {
      if (error instanceof TypeError) return ask();
      throw error;
    });
    const answer = (await res.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown };
    if (!res.ok || typeof answer.access_token !== 'string') {
      throw new Error(`the token endpoint answered ${res.status} without a token`);
    }
    const seconds = Number(answer.expires_in) || 3600;
    token = { value: answer.access_token, until: Date.now() + seconds * 1000 - TOKEN_MARGIN_MS };
    return token.value;
  }

  /** The bot's bearer token for the Bot Connector. */
  function botToken(): Promise<string> {
    if (token && Date.now() < token.until) return Promise.resolve(token.value);
    asking ??= askToken().finally(() => (asking = null));
    return asking;
  }

  return { verify, botToken };
}

export type TeamsAuth = ReturnType<typeof createTeamsAuth>;
