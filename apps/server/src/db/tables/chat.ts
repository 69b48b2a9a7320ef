import type { ChatChannelName } from '@cafe/shared';
import type { Timestamp } from './columns';

/** Every chat channel (migration 031; Slack's rows since migration 034), each row naming its own. */
export type ChatChannel = ChatChannelName;

/** An account of a chat platform linked to a person (migration 031); `revoked_at` set when they unlinked. */
export interface ChatLinksTable {
  channel: ChatChannel;
  external_id: string;
  user_id: number;
  display_name: string;
  /** 'email': the platform's verified company e-mail matched; 'link': a one-time link opened while signed in. */
  linked_by: 'email' | 'link';
  created_at: Timestamp;
  revoked_at: Timestamp | null;
  /** The platform's workspace of the account where it has one (Slack's team id; migration 034), else null. */
  workspace_id: string | null;
}

/** A one-time link (migration 031): only its sha256 is stored; `reference` is what the channel needs to answer (JSON). */
export interface ChatLinkTokensTable {
  token_hash: string;
  channel: ChatChannel;
  external_id: string;
  display_name: string;
  reference: string | null;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  workspace_id: string | null;
}

/** Something of a platform's deliveries seen lately (migration 031): a replay or a redelivery is known. */
export interface ChatSeenTable {
  channel: ChatChannel;
  seen_key: string;
  seen_at: Timestamp;
}

/** Where an order's chat message is (migration 031): the channel's own JSON (a reply token, a conversation and activity). */
export interface ChatOrderMessagesTable {
  order_id: number;
  channel: ChatChannel;
  user_id: number;
  reference: string;
  created_at: Timestamp;
}

/** A token bucket of a chat platform's calls, shared by every process (migration 036, lib/pace.ts): epoch ms. */
export interface ChatPaceTable {
  bucket: string;
  free_at: number;
  held_until: number;
}

/** A channel's last delivery error and its pushes of the month (migration 031). */
export interface ChatChannelStateTable {
  channel: ChatChannel;
  last_error: string | null;
  last_error_at: Timestamp | null;
  /** 'YYYY-MM' in the cafe's time zone, of `pushes`. */
  push_month: string | null;
  pushes: number;
}
