import { inferCategoryKind } from '@cafe/shared';

/** A version 4 UUID, as migration 017 gives outbox rows. */
const RANDOM_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The value every row written before a column existed reads back with, or how to work it out from the row. */
type LaterValue = string | number | null | ((row: Record<string, unknown>) => unknown);

/**
 * Columns that releases after a migration added to existing tables, with the value every row
 * written before them reads back with. An upgrade test compares the rows an earlier release wrote
 * with the rows after every migration: it takes these out (after checking their value) so that
 * each later release does not have to edit every upgrade test before it.
 */
const LATER_COLUMNS: Record<string, Record<string, LaterValue>> = {
  // Migration 014: accounts before it need no e-mail confirmation.
  // Migration 016: no access token of an account from before is refused by its instant.
  // Migration 020: nothing from before is tagged, avoided or warned of.
  // Migration 032: nobody from before is in a team.
  users: { email_unconfirmed: 0, tokens_valid_after: null, avoids: '[]', team: null },
  menu_items: { tags: '[]' },
  option_choices: { tags: '[]' },
  // Migration 015: a category from before is filed by the words of its name (English or Thai);
  // no order from before has its tumbler marked or a reminder sent; sites get the default counter settings.
  categories: { kind: (row) => inferCategoryKind(String(row.name)) },
  // Migration 023: an order from before has no grace of its own unless its tumbler was marked
  // (then the grace of its site at the upgrade, which 023's own test checks).
  orders: {
    tumbler_missing_at: null,
    reminded_at: null,
    owner_avoids: '[]',
    diet_warnings: '[]',
    tumbler_grace_seconds: (row) => (row.tumbler_missing_at === null ? null : row.tumbler_grace_seconds),
    // Migration 026: nobody had taken an order from before.
    claimed_by: null,
    claimed_at: null,
    // Migration 032: no order from before was in a run; an online cafe order from before carried its
    // tumbler photo, so it was served into its owner's own cup (032's own test checks the rule).
    run_id: null,
    own_cup: (row) => (row.category_for === 'cafe' && Number(row.walk_up) === 0 && row.tumbler_image !== '' ? 1 : 0),
    // Migration 033: nothing was stored of what an order from before was promised, nor told late.
    promised_ready_at: null,
    late_told_at: null,
  },
  sites: {
    tumbler_grace_seconds: 300,
    ready_reminder_seconds: 600,
    uncollected_after_seconds: 1800,
    display_names: 'first-initial',
    // Migration 027: every site from before gets the 4-minute preparation target.
    prep_target_seconds: 240,
  },
  // Migration 017: every outbox row from before gets a random delivery id of its own (checked
  // to be one; each row's is different, so the row keeps its own).
  notification_outbox: {
    delivery_id: (row) => (RANDOM_UUID.test(String(row.delivery_id)) ? row.delivery_id : 'a random UUID'),
  },
  // Migration 025: standing orders from before confirmed nothing about their drink, and no form made them.
  standing_orders: { diet_confirmed: '[]', creation_key: null },
  standing_order_runs: { reason_text: null },
  // Migration 034: no LINE or Teams account from before names a workspace.
  chat_links: { workspace_id: null },
  chat_link_tokens: { workspace_id: null },
  // Migration 029: a token from before counts its session from its family's oldest token, and is
  // 'sso' when its account has no password (both checked by 029's own test); no browser was noted.
  refresh_tokens: {
    session_started_at: (row) => row.session_started_at,
    sign_in_method: (row) => row.sign_in_method,
    user_agent: null,
  },
};

/** A chat table's Slack row that migration 034 moved in, when the release before had no Slack rows there. */
function fromSlack(row: Record<string, unknown>, before: readonly Record<string, unknown>[]): boolean {
  return row.channel === 'slack' && !before.some((b) => b.channel === 'slack');
}

/**
 * Rows that releases after a migration added to existing tables, apart from the rows an earlier
 * release wrote: migration 025 saves each person's usual as last shown to them (their most recent
 * picked-up online cafe drink) when they had none saved; a usual saved before is kept as it was.
 */
const LATER_ROWS: Record<
  string,
  (row: Record<string, unknown>, before: readonly Record<string, unknown>[]) => boolean
> = {
  usual_drinks: (row, before) => !before.some((b) => b.user_id === row.user_id),
  chat_links: fromSlack,
  chat_link_tokens: fromSlack,
  chat_seen: fromSlack,
  chat_order_messages: fromSlack,
};

/**
 * Tables a later release emptied into others and dropped: migration 034 moved Slack's rows into the
 * chat tables (its own test reads them back there), so an upgrade test of a release before skips them.
 */
export const MOVED_TABLES: ReadonlySet<string> = new Set([
  'slack_links',
  'slack_link_tokens',
  'slack_seen_requests',
  'slack_order_messages',
]);

/** `rows` of `table` after an upgrade without the rows later releases added to it (LATER_ROWS). */
export function withoutLaterRows(
  table: string,
  rows: Record<string, unknown>[],
  before: readonly Record<string, unknown>[],
): Record<string, unknown>[] {
  const added = LATER_ROWS[table];
  return added ? rows.filter((row) => !added(row, before)) : rows;
}

/**
 * `rows` of `table` without the columns later releases added, each checked to hold its value.
 * Columns in `kept` were there already in the release that wrote the rows: they stay, and are
 * compared as they are (an upgrade from a release that had them).
 */
export function withoutLaterColumns(
  table: string,
  rows: Record<string, unknown>[],
  kept: ReadonlySet<string> = new Set(),
): Record<string, unknown>[] {
  const later = Object.entries(LATER_COLUMNS[table] ?? {}).filter(([column]) => !kept.has(column));
  if (later.length === 0) return rows;
  return rows.map((row) => {
    const rest = { ...row };
    for (const [column, value] of later) {
      const expected = typeof value === 'function' ? value(row) : value;
      if (column in rest && rest[column] !== expected) {
        throw new Error(
          `${table}.${column} is ${String(rest[column])} in a row an earlier release wrote, not ${String(expected)}`,
        );
      }
      delete rest[column];
    }
    return rest;
  });
}
