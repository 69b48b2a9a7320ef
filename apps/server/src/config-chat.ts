/**
 * The chat channels' settings (docs/slack.md, docs/line.md, docs/teams.md): each on when its
 * secrets are set, each refusing a half-made configuration with what is missing.
 */
import { ConfigError, type Env } from './config-env';

/**
 * The Slack app (docs/slack.md): on when both the signing secret and the bot token are set. The
 * workspace is SLACK_TEAM_ID, or the bot token's own (`auth.test`) when not given.
 */
export interface SlackAppConfig {
  signingSecret: string;
  token: string;
  apiUrl: string;
  teamId: string | null;
}

/**
 * The LINE Official Account (docs/line.md): on when the channel secret and access token are set.
 * The LIFF app (the menu inside LINE) needs LINE_LOGIN_CHANNEL_ID and LINE_LIFF_ID as well.
 */
export interface LineConfig {
  channelSecret: string;
  accessToken: string;
  apiUrl: string;
  liff: { loginChannelId: string; liffId: string } | null;
}

/** The Microsoft Teams bot (docs/teams.md): on when the app id and its client secret are set. */
export interface TeamsConfig {
  appId: string;
  appPassword: string;
  tenantId: string | null;
  openIdMetadataUrl: string;
  tokenUrl: string;
}

/** SLACK_SIGNING_SECRET needs the bot token (and PUBLIC_URL, which the bot token already needs). */
export function parseSlackApp(e: Env): SlackAppConfig | null {
  if (!e.SLACK_SIGNING_SECRET) {
    if (e.SLACK_TEAM_ID)
      throw new ConfigError('SLACK_TEAM_ID needs SLACK_SIGNING_SECRET (the Slack app, docs/slack.md)');
    return null;
  }
  if (!e.SLACK_BOT_TOKEN) throw new ConfigError('SLACK_SIGNING_SECRET needs SLACK_BOT_TOKEN (the app answers with it)');
  return {
    signingSecret: e.SLACK_SIGNING_SECRET,
    token: e.SLACK_BOT_TOKEN,
    apiUrl: e.SLACK_API_URL.replace(/\/+$/, ''),
    teamId: e.SLACK_TEAM_ID ?? null,
  };
}

/** LINE_CHANNEL_SECRET with LINE_CHANNEL_ACCESS_TOKEN, and the LIFF app's two ids together. */
export function parseLine(e: Env): LineConfig | null {
  const liffParts = [e.LINE_LOGIN_CHANNEL_ID, e.LINE_LIFF_ID].filter(Boolean).length;
  if (!e.LINE_CHANNEL_SECRET && !e.LINE_CHANNEL_ACCESS_TOKEN) {
    if (liffParts > 0) throw new ConfigError('LINE_LIFF_ID needs LINE_CHANNEL_SECRET and LINE_CHANNEL_ACCESS_TOKEN');
    return null;
  }
  if (!e.LINE_CHANNEL_SECRET || !e.LINE_CHANNEL_ACCESS_TOKEN) {
    throw new ConfigError('LINE_CHANNEL_SECRET and LINE_CHANNEL_ACCESS_TOKEN must be set together (docs/line.md)');
  }
  if (liffParts === 1) throw new ConfigError('LINE_LOGIN_CHANNEL_ID and LINE_LIFF_ID must be set together');
  if (!e.PUBLIC_URL) throw new ConfigError('LINE_CHANNEL_SECRET needs PUBLIC_URL: the messages link to the cafe');
  return {
    channelSecret: e.LINE_CHANNEL_SECRET,
    accessToken: e.LINE_CHANNEL_ACCESS_TOKEN,
    apiUrl: e.LINE_API_URL.replace(/\/+$/, ''),
    liff:
      e.LINE_LOGIN_CHANNEL_ID && e.LINE_LIFF_ID
        ? { loginChannelId: e.LINE_LOGIN_CHANNEL_ID, liffId: e.LINE_LIFF_ID }
        : null,
  };
}

/** TEAMS_APP_ID with TEAMS_APP_PASSWORD. */
export function parseTeams(e: Env): TeamsConfig | null {
  if (!e.TEAMS_APP_ID && !e.TEAMS_APP_PASSWORD) {
    if (e.TEAMS_TENANT_ID) throw new ConfigError('TEAMS_TENANT_ID needs TEAMS_APP_ID and TEAMS_APP_PASSWORD');
    return null;
  }
  if (!e.TEAMS_APP_ID || !e.TEAMS_APP_PASSWORD) {
    throw new ConfigError('TEAMS_APP_ID and TEAMS_APP_PASSWORD must be set together (docs/teams.md)');
  }
  if (!e.PUBLIC_URL) throw new ConfigError('TEAMS_APP_ID needs PUBLIC_URL: the messages link to the cafe');
  return {
    appId: e.TEAMS_APP_ID.toLowerCase(),
    appPassword: e.TEAMS_APP_PASSWORD,
    tenantId: e.TEAMS_TENANT_ID?.toLowerCase() ?? null,
    openIdMetadataUrl: e.TEAMS_OPENID_METADATA_URL,
    tokenUrl: e.TEAMS_TOKEN_URL,
  };
}
