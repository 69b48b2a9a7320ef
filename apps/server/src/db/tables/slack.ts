import type { Timestamp } from './columns';

/** A Slack user linked to an account (migration 022); `revoked_at` set when the person unlinked. */
export interface SlackLinksTable {
  slack_user_id: string;
  team_id: string;
  user_id: number;
  /** 'email': Slack's confirmed profile e-mail matched; 'link': a one-time link opened while signed in. */
  linked_by: 'email' | 'link';
  created_at: Timestamp;
  revoked_at: Timestamp | null;
}

/** A one-time link for a Slack user (migration 022): only its sha256 is stored. */
export interface SlackLinkTokensTable {
  token_hash: string;
  slack_user_id: string;
  team_id: string;
  slack_name: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** The signature of a Slack request seen in the last minutes (migration 022): a replay is refused. */
export interface SlackSeenRequestsTable {
  signature: string;
  seen_at: Timestamp;
}

/** The Slack message of an order (migration 022), updated in place as the order moves. */
export interface SlackOrderMessagesTable {
  order_id: number;
  user_id: number;
  site_id: number;
  channel: string;
  ts: string;
  open: number;
}
