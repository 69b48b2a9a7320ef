import type { Db } from '../../db/types';

/** A display link's row with the name of the person who made it. */
export interface DisplayLinkRow {
  id: number;
  site_id: number;
  label: string;
  created_at: string;
  revoked_at: string | null;
  created_by: number;
  created_by_name: string;
}

function linkQuery(db: Db) {
  return db
    .selectFrom('display_tokens as d')
    .innerJoin('users as u', 'u.id', 'd.created_by')
    .select([
      'd.id',
      'd.site_id',
      'd.label',
      'd.created_at',
      'd.revoked_at',
      'd.created_by',
      'u.name as created_by_name',
    ]);
}

/** A site's display links, newest first, revoked ones too. */
export function listDisplayLinks(db: Db, siteId: number): Promise<DisplayLinkRow[]> {
  return linkQuery(db)
    .where('d.site_id', '=', siteId)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .execute();
}

export function findDisplayLink(db: Db, siteId: number, id: number): Promise<DisplayLinkRow | undefined> {
  return linkQuery(db).where('d.site_id', '=', siteId).where('d.id', '=', id).executeTakeFirst();
}

export async function insertDisplayLink(
  db: Db,
  values: { siteId: number; tokenHash: string; label: string; createdBy: number; at: string },
): Promise<number> {
  const row = await db
    .insertInto('display_tokens')
    .values({
      site_id: values.siteId,
      token_hash: values.tokenHash,
      label: values.label,
      created_by: values.createdBy,
      created_at: values.at,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Revokes a link that is not revoked yet; answers whether this call did. */
export async function revokeDisplayLink(db: Db, siteId: number, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('display_tokens')
    .set({ revoked_at: at })
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The link a token's hash names, revoked or not. */
export function findByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<{ id: number; site_id: number; revoked_at: string | null } | undefined> {
  return db
    .selectFrom('display_tokens')
    .select(['id', 'site_id', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}
