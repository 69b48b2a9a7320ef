import { peopleText, parseDietTags, type AccountExport, type DeleteOwnAccountBody } from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import { flushErasure } from '../../db/erasure';
import type { Change } from '../../lib/domain-events';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { iso } from '../../lib/time';
import { IMAGES_REMOVED_TOPIC, imageUrl } from '../../lib/image-url';
import type { AuditService } from '../audit/audit.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { UsersService } from '../users/users.service';
import {
  chatLinksOf,
  eraseAccount,
  findAccount,
  forgetCounters,
  healthConsentOf,
  historyOf,
  itemNames,
  notificationsOf,
  openOrderCount,
  optionsOf,
  ordersOf,
  photoNamesOf,
  photos,
  runsOf,
  sessionsOf,
  standingOrdersOf,
  standingRunsOf,
  subscriptionsOf,
  usualOf,
} from './account.repository';

const hasOpenOrders = () =>
  new AppError(
    409,
    'ACCOUNT_HAS_OPEN_ORDERS',
    'This account has orders still waiting or being made. Cancel them, or wait until they are done, then delete the account.',
  );

/** A person's own data: all of it as one file, and the account's deletion (docs/privacy.md). */
export function createAccountService(
  ctx: AppBase,
  deps: { users: UsersService; notifications: NotificationsService; audit: AuditService },
) {
  const { db, clock, log } = ctx;

  async function erase(userId: number, by: AuthUser): Promise<void> {
    const account = await findAccount(db, userId);
    if (!account || account.email.endsWith('@deleted.invalid'))
      throw notFound('User', peopleText('people.users.notFound'));
    const gone = await db.transaction().execute(async (trx) => {
      await deps.users.lockAccounts([userId], trx);
      // Checked under the account's lock: no order of theirs is placed while it is deleted.
      if ((await openOrderCount(trx, userId)) > 0) throw hasOpenOrders();
      const photos = await eraseAccount(trx, userId, iso(clock.now()));
      // Its access tokens end with it, even should an admin enable the account again.
      await deps.users.endAccessTokens(userId, trx);
      return photos;
    });
    // Who deleted which account, in the audit log (its name and role, not its address).
    const change: Change = {
      actor: { id: by.id, name: by.name },
      action: 'user.delete',
      target: { type: 'user', id: userId },
      before: { name: account.name, role: account.role },
      after: null,
    };
    await forgetCounters(db, account.email).catch((error: unknown) =>
      log.warn({ err: error }, 'could not forget the sign-in counters of a deleted account'),
    );
    // Every process forgets the account and the photos; its live connections are told to sign out.
    deps.users.forget(userId);
    if (gone.length > 0) ctx.bus.publish(IMAGES_REMOVED_TOPIC, gone.length);
    await ctx.domainEvents.emit('user.changed', { userId, endSessions: false, changes: [change] });
    ctx.events.sessionChanged(userId);
    // The erased text must not stay readable in SQLite's write-ahead log.
    const flushed = await flushErasure(db, ctx.dialect).catch((error: unknown) => {
      log.warn({ err: error }, 'could not checkpoint the database after deleting an account');
      return false;
    });
    if (!flushed) log.warn({ userId }, 'the write-ahead log still holds pages from before the deletion');
    log.info({ userId, photos: gone.length }, 'account deleted');
  }

  return {
    /** DELETE /user/me: the caller deletes their own account, typing their e-mail to confirm. */
    async deleteOwn(caller: AuthUser, body: DeleteOwnAccountBody): Promise<void> {
      if (body.confirm.trim().toLowerCase() !== caller.email.toLowerCase()) {
        throw badRequest(
          'confirm: type your e-mail address to delete your account',
          peopleText('people.account.confirmEmail'),
        );
      }
      await erase(caller.id, caller);
    },

    /** DELETE /user/{id}: an admin deletes someone else's account (someone who left). */
    async deleteOther(caller: AuthUser, userId: number): Promise<void> {
      if (userId === caller.id)
        throw forbidden('Delete your own account from your profile.', peopleText('people.account.deleteOwnInProfile'));
      await erase(userId, caller);
    },

    /** GET /user/me/export: everything the cafe holds about the caller. */
    async export(caller: AuthUser): Promise<AccountExport> {
      const account = await findAccount(db, caller.id);
      if (!account) throw notFound('User', peopleText('people.users.notFound'));
      const orders = await ordersOf(db, caller.id);
      const ids = orders.map((o) => o.id);
      const [history, options, names, subscriptions, sessions, notifications, settings, audit] = await Promise.all([
        historyOf(db, ids),
        optionsOf(db, ids),
        photoNamesOf(db, caller.id),
        subscriptionsOf(db, caller.id),
        sessionsOf(db, caller.id),
        notificationsOf(db, caller.id),
        deps.notifications.settings(caller),
        deps.audit.ofPerson(caller.id, account.role === 'admin'),
      ]);
      const images = await photos(db, names);
      const choices = await choicesOf(caller.id);
      const runs = await runsOf(db, caller.id);
      const families = new Map<string, { startedAt: string; lastUsedAt: string; expiresAt: string; ended: boolean }>();
      // A family's tokens come oldest first: its first is the sign-in, its last the latest use.
      for (const token of sessions) {
        families.set(token.family_id, {
          startedAt: families.get(token.family_id)?.startedAt ?? token.created_at,
          lastUsedAt: token.created_at,
          expiresAt: token.expires_at,
          ended: token.revoked_at !== null,
        });
      }
      return {
        exportedAt: iso(clock.now()),
        account: {
          id: account.id,
          name: account.name,
          email: account.email,
          role: account.role,
          signIn: account.password_hash === '!' ? 'single sign-on' : 'password',
          homeSite:
            account.home_site_id !== null && account.home_site_name
              ? { id: account.home_site_id, name: account.home_site_name }
              : null,
          team: account.team ?? null,
          avoids: parseDietTags(account.avoids),
          healthConsent: choices.healthConsent,
          createdAt: account.created_at,
          updatedAt: account.updated_at,
        },
        notificationSettings: settings,
        orders: orders.map((o) => ({
          id: o.id,
          site: o.site,
          venue: o.category_for,
          drink: o.drink,
          options: options
            .filter((x) => x.order_id === o.id)
            .map((x) => ({ group: x.group_name, choice: x.choice_name, quantity: x.quantity })),
          type: o.type,
          sweetness: o.sweetness,
          remark: o.remark,
          tumblerImage: o.tumbler_image,
          status: o.status,
          rejectNote: o.reject_note,
          placedAt: o.order_date,
          pickupAt: o.pickup_at ?? null,
          ownCup: Number(o.own_cup) === 1,
          history: history
            .filter((h) => h.order_id === o.id)
            .map((h) => ({ from: h.from_status, to: h.to_status, at: h.changed_at, note: h.note })),
        })),
        photos: images.map((image) => ({
          url: imageUrl(image.name),
          mime: image.mime,
          uploadedAt: image.created_at,
          dataUrl: `data:${image.mime};base64,${Buffer.from(image.data).toString('base64')}`,
        })),
        pushSubscriptions: subscriptions.map((s) => ({ service: hostOf(s.endpoint), createdAt: s.created_at })),
        runs: runs.map((r) => ({
          id: r.id,
          site: r.site,
          place: r.place,
          pickupAt: r.pickup_at,
          closesAt: r.closes_at,
          closedAt: r.closed_at ?? null,
          createdAt: r.created_at,
        })),
        signIns: [...families.values()],
        notifications: notifications.map((n) => {
          const payload = JSON.parse(n.payload) as { message?: { title?: string; text?: string } };
          return {
            channel: n.channel,
            event: n.event,
            status: n.status,
            createdAt: n.created_at,
            sentAt: n.sent_at,
            title: payload.message?.title ?? '',
            text: payload.message?.text ?? '',
          };
        }),
        usual: choices.usual,
        standingOrders: choices.standingOrders,
        chatLinks: choices.chatLinks,
        audit,
      };
    },
  };

  /** What the person set up for themselves: their health-data consent, usual, standing orders and chat links. */
  async function choicesOf(userId: number) {
    const [consent, usual, standing, links] = await Promise.all([
      healthConsentOf(db, userId),
      usualOf(db, userId),
      standingOrdersOf(db, userId),
      chatLinksOf(db, userId),
    ]);
    const runs = await standingRunsOf(
      db,
      standing.map((row) => row.id),
    );
    const usualDrink = usual ? savedDrink(usual.drink) : null;
    const drinks = standing.map((row) => (row.drink === null ? null : savedDrink(row.drink)));
    const names = await itemNames(
      db,
      [usualDrink, ...drinks].map(menuIdOf).filter((id): id is number => id !== null),
    );
    const nameOf = (drink: Record<string, unknown> | null) => names.get(menuIdOf(drink) ?? 0) ?? null;
    return {
      healthConsent: consent
        ? { version: consent.version, givenAt: consent.given_at, withdrawnAt: consent.withdrawn_at }
        : null,
      usual:
        usual && usualDrink ? { drink: usualDrink, drinkName: nameOf(usualDrink), savedAt: usual.updated_at } : null,
      standingOrders: standing.map((row, i) => ({
        id: row.id,
        site: row.site,
        drink: drinks[i] ?? null,
        drinkName: nameOf(drinks[i] ?? null),
        dietConfirmed: parseDietTags(row.diet_confirmed),
        weekdays: row.weekdays.split(',').filter(Boolean).map(Number),
        time: row.time,
        paused: Number(row.paused) === 1,
        skipDate: row.skip_date,
        endedAt: row.ended_at,
        endedReason: row.ended_reason,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        runs: runs
          .filter((run) => run.standing_order_id === row.id)
          .map((run) => ({
            day: run.day,
            outcome: run.outcome,
            orderId: run.order_id,
            reason: run.reason,
            at: run.created_at,
          })),
      })),
      chatLinks: links.map((link) => ({
        service: link.service,
        workspaceId: link.workspace,
        userId: link.id,
        linkedBy: link.linked_by,
        linkedAt: link.created_at,
        revokedAt: link.revoked_at,
      })),
    };
  }
}

/** A drink as stored (JSON text of its fields); a text that is not an object reads as its raw text. */
function savedDrink(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Kept as written below: the person gets what is stored, readable or not.
  }
  return { stored: text };
}

/** The menu item a saved drink names, if any. */
function menuIdOf(drink: Record<string, unknown> | null): number | null {
  const id = drink?.menu_id;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

/** The push service of a subscription (the endpoint itself is a secret of the browser). */
function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return '';
  }
}

export type AccountService = ReturnType<typeof createAccountService>;
