import {
  AUDIT_CSV_HEADER,
  LIMITS,
  addDays,
  startOfCafeDay,
  type AuditEntry,
  type AuditFilter,
  type AuditPage,
  type AuditQuery,
  type AuditValues,
} from '@cafe/shared';
import type { AppBase } from '../../context';
import type { Change } from '../../lib/domain-events';
import { findSystemAccountIdIfAny, systemActor } from '../../db/system-account';
import type { Db } from '../../db/types';
import { badRequest } from '../../lib/errors';
import type { AuditRecord } from '../../lib/audit-record';
import { iso } from '../../lib/time';
import {
  auditRowsOfPerson,
  defaultSiteZone,
  insertAuditRow,
  isNamedTarget,
  listAuditRows,
  namesOf,
  siteNames,
  type AuditPosition,
  type AuditRow,
  type AuditRowFilter,
  type NamedTargetType,
} from './audit.repository';

export type { AuditActor, AuditRecord } from '../../lib/audit-record';

/**
 * The fields of `after` whose values differ from `before`'s, each side with those fields only; null
 * when nothing differs (a change that changed nothing is not recorded).
 */
function changedFields(before: AuditValues, after: AuditValues): { before: AuditValues; after: AuditValues } | null {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  if (keys.length === 0) return null;
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

/** What an entry's actor reads when nobody made the change. */
const SYSTEM_NAME = 'System';
/** actor_name's width (migration 013). */
const ACTOR_NAME_MAX = 60;

/** A cursor holds the stored ISO text of `at`, "~", the id (base64url: opaque to clients). */
const POSITION = /^([0-9T:.Z+-]{10,40})~(\d{1,10})$/;

function encodeCursor(position: AuditPosition): string {
  return Buffer.from(`${position.at}~${position.id}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): AuditPosition | null {
  const [, at, digits] = POSITION.exec(Buffer.from(cursor, 'base64url').toString('utf8')) ?? [];
  if (at === undefined || digits === undefined || Number.isNaN(Date.parse(at))) return null;
  const id = Number(digits);
  return id >= 1 && id <= LIMITS.idMax ? { at, id } : null;
}

function parseValues(text: string | null): AuditValues | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as AuditValues) : null;
  } catch {
    return null;
  }
}

/**
 * One CSV field (RFC 4180), as the dashboards' downloads write them: quoted when it holds a comma,
 * quote, line break or edge spaces. A text a spreadsheet would read as a formula (=, +, -, @, tab,
 * CR at the start) gets a leading apostrophe, so opening the file never runs anything.
 */
export function csvField(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The audit log of administrative actions (docs/decisions/0032-audit-log.md). It follows the domain
 * events of the modules that make those changes, each recorded once its change committed: a change
 * refused or rolled back leaves no entry. Entries are only added;
 * admins read and export them.
 */
export function createAuditService(ctx: AppBase) {
  const { db, clock } = ctx;
  // The system account's id never changes: read once (again after a failed read).
  let systemId: Promise<number | null> | undefined;
  const systemAccountId = () =>
    (systemId ??= findSystemAccountIdIfAny(db).catch((error: unknown) => {
      systemId = undefined;
      throw error;
    }));

  /** Cafe days to instants: in the first site's zone, as GET /settings serves it. */
  async function toRowFilter(filter: AuditFilter): Promise<AuditRowFilter> {
    if (filter.from !== undefined && filter.to !== undefined && filter.to < filter.from) {
      throw badRequest('to: must be the same day as from or later');
    }
    const zone = await defaultSiteZone(db);
    return {
      actionPrefix: filter.action,
      actorId: filter.actorId,
      fromAt: filter.from === undefined ? undefined : iso(startOfCafeDay(filter.from, zone)),
      toAt: filter.to === undefined ? undefined : iso(startOfCafeDay(addDays(filter.to, 1), zone)),
    };
  }

  /** The contract's entries of these rows, with the names their targets and sites have now. */
  async function toEntries(rows: readonly AuditRow[]): Promise<AuditEntry[]> {
    const wanted = new Map<NamedTargetType, Set<number>>();
    for (const row of rows) {
      const id = Number(row.target_id);
      if (!isNamedTarget(row.target_type) || !Number.isInteger(id) || id < 1 || id > LIMITS.idMax) continue;
      wanted.set(row.target_type, (wanted.get(row.target_type) ?? new Set()).add(id));
    }
    const names = new Map<string, string>();
    for (const [type, ids] of wanted) {
      for (const [id, name] of await namesOf(db, type, [...ids])) names.set(`${type}:${id}`, name);
    }
    const sites = await siteNames(db);
    const system = await systemAccountId();
    return rows.map((row) => ({
      id: row.id,
      at: row.at,
      // The cafe's own changes read as the cafe timer, whatever name the entry was stored with.
      actor:
        row.actor_id !== null && row.actor_id === system
          ? systemActor(system)
          : { id: row.actor_id, name: row.actor_name },
      action: row.action,
      target: {
        type: row.target_type,
        id: row.target_id,
        name: names.get(`${row.target_type}:${row.target_id ?? ''}`) ?? null,
      },
      site: row.site_id === null ? null : { id: row.site_id, name: sites.get(row.site_id) ?? `#${row.site_id}` },
      before: parseValues(row.before),
      after: parseValues(row.after),
    }));
  }

  /**
   * Records a change made by `entry.actor`, in `executor` (the change's transaction, or the
   * database right after the change). A change whose `before` and `after` are the same changed
   * nothing and is not recorded; answers whether an entry was written.
   *
   * For account deletion: `record(trx, { actor: admin, action: 'user.delete', target: { type:
   * 'user', id }, before: { name, role }, after: null })` in the deletion's transaction. The
   * entries keep the names they were made with; were an account's row ever removed, its entries'
   * actor id would be cleared with it (ON DELETE SET NULL) and their name would stay.
   */
  async function record(executor: Db, entry: AuditRecord): Promise<boolean> {
    const before = entry.before ?? null;
    const after = entry.after ?? null;
    if (before && after && JSON.stringify(before) === JSON.stringify(after)) return false;
    const actor = entry.actor;
    const named = async (id: number) => (await namesOf(executor, 'user', [id])).get(id);
    const name = actor ? (actor.name ?? (await named(actor.id)) ?? `#${actor.id}`) : SYSTEM_NAME;
    await insertAuditRow(executor, {
      at: iso(clock.now()),
      actor_id: actor?.id ?? null,
      actor_name: name.slice(0, ACTOR_NAME_MAX),
      action: entry.action,
      target_type: entry.target.type,
      target_id: entry.target.id === undefined || entry.target.id === null ? null : String(entry.target.id),
      site_id: entry.siteId ?? null,
      before: before === null ? null : JSON.stringify(before),
      after: after === null ? null : JSON.stringify(after),
    });
    return true;
  }

  // The changes the other modules make, each recorded once it committed. Of an update, only the
  // fields that changed are kept, and nothing is written when none did.
  const recordAll = async ({ changes }: { changes: readonly Change[] }) => {
    for (const { onlyChanged, ...change } of changes) {
      const changed = onlyChanged && change.before && change.after ? changedFields(change.before, change.after) : {};
      if (changed) await record(db, { ...change, ...changed });
    }
  };
  for (const event of [
    'site.changed',
    'shop-status.changed',
    'busy.changed',
    'schedule.changed',
    'menu.changed',
    'user.changed',
    'display.changed',
    'order.counter',
  ] as const) {
    ctx.domainEvents.on(event, recordAll);
  }

  return {
    record,

    /** GET /audit: a page of entries, newest first (keyset pages on `at` and id). */
    async list(query: AuditQuery): Promise<AuditPage> {
      const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
      if (query.cursor !== undefined && !after) throw badRequest('cursor: is not a cursor this server gave');
      const limit = query.limit ?? LIMITS.historyPageSize;
      // One more than asked tells whether another page follows.
      const rows = await listAuditRows(db, await toRowFilter(query), after, limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        entries: await toEntries(page),
        nextCursor: rows.length > limit && last ? encodeCursor({ at: last.at, id: last.id }) : null,
      };
    },

    /**
     * The entries of a person's data export: about their account or their orders, and those they
     * made, with the fields the audit log shows. An admin reads the whole log anyway; anyone else
     * does not see, of a change they made to another person's account, that person's name or
     * values (a barista's entries are about orders and the menu).
     */
    async ofPerson(userId: number, isAdmin: boolean): Promise<AuditEntry[]> {
      const entries = await toEntries(await auditRowsOfPerson(db, userId));
      if (isAdmin) return entries;
      return entries.map((entry) =>
        entry.target.type === 'user' && entry.target.id !== String(userId)
          ? { ...entry, target: { ...entry.target, name: null }, before: null, after: null }
          : entry,
      );
    },

    /** GET /audit/export: every entry the filter keeps, newest first, as CSV text (with a BOM for spreadsheets). */
    async exportCsv(filter: AuditFilter): Promise<string> {
      const entries = await toEntries(await listAuditRows(db, await toRowFilter(filter), null));
      const lines = entries.map((e) => [
        e.at,
        e.actor.id === null ? e.actor.name : `${e.actor.name} (#${e.actor.id})`,
        e.action,
        [e.target.type, e.target.id, e.target.name === null ? null : `(${e.target.name})`].filter(Boolean).join(' '),
        e.site?.name ?? '',
        e.before === null ? '' : JSON.stringify(e.before),
        e.after === null ? '' : JSON.stringify(e.after),
      ]);
      const rows = [[...AUDIT_CSV_HEADER], ...lines];
      return `\uFEFF${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
