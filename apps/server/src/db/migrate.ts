import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Dialect } from './connection';
import * as m001 from './migrations/001-initial';
import * as m002 from './migrations/002-push-subscriptions';
import * as m003 from './migrations/003-rate-limits-and-secrets';
import * as m004 from './migrations/004-order-idempotency';
import * as m005 from './migrations/005-statistics';
import * as m006 from './migrations/006-order-times';
import * as m007 from './migrations/007-counter';
import * as m008 from './migrations/008-schedule';
import * as m009 from './migrations/009-sites';
import * as m010 from './migrations/010-site-menu';
import * as m011 from './migrations/011-options-and-pickup';
import * as m012 from './migrations/012-notification-outbox';
import * as m013 from './migrations/013-audit-log';
import * as m014 from './migrations/014-email-confirmation';
import * as m015 from './migrations/015-counter-day';
import * as m016 from './migrations/016-sessions-and-passwords';
import * as m017 from './migrations/017-delivery-ids';
import * as m018 from './migrations/018-live-events';
import * as m019 from './migrations/019-request-keys';
import * as m020 from './migrations/020-diet-tags';
import * as m021 from './migrations/021-standing-orders';
import * as m022 from './migrations/022-slack-app';
import * as m023 from './migrations/023-fixed-tumbler-deadline';
import * as m024 from './migrations/024-health-consent';
import * as m025 from './migrations/025-one-door';
import * as m026 from './migrations/026-claims';
import * as m027 from './migrations/027-prep-target';
import * as m028 from './migrations/028-second-factor';
import * as m029 from './migrations/029-session-facts';
import * as m030 from './migrations/030-sso-identities';
import * as m031 from './migrations/031-chat-channels';
import * as m032 from './migrations/032-runs-and-cups';
import * as m033 from './migrations/033-promises';
import * as m034 from './migrations/034-slack-on-chat-tables';
import * as m035 from './migrations/035-placement-guards';
import * as m036 from './migrations/036-chat-pace';
import type { Database } from './types';

/** Numbered migrations, bundled into the build (no directory scan at run time). */
class StaticProvider implements MigrationProvider {
  constructor(
    private readonly dialect: Dialect,
    private readonly options: MigrationOptions,
  ) {}
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve({
      '001-initial': { up: m001.up(this.dialect) },
      '002-push-subscriptions': { up: m002.up(this.dialect) },
      '003-rate-limits-and-secrets': { up: m003.up(this.dialect) },
      '004-order-idempotency': { up: m004.up(this.dialect) },
      '005-statistics': { up: m005.up(this.dialect, this.options) },
      '006-order-times': { up: m006.up(this.dialect) },
      '007-counter': { up: m007.up(this.dialect) },
      '008-schedule': { up: m008.up(this.dialect) },
      '009-sites': { up: m009.up(this.dialect, this.options) },
      '010-site-menu': { up: m010.up(this.dialect) },
      '011-options-and-pickup': { up: m011.up(this.dialect, this.options) },
      '012-notification-outbox': { up: m012.up(this.dialect) },
      '013-audit-log': { up: m013.up(this.dialect) },
      '014-email-confirmation': { up: m014.up(this.dialect) },
      '015-counter-day': { up: m015.up(this.dialect, this.options) },
      '016-sessions-and-passwords': { up: m016.up(this.dialect) },
      '017-delivery-ids': { up: m017.up(this.dialect) },
      '018-live-events': { up: m018.up(this.dialect) },
      '019-request-keys': { up: m019.up(this.dialect) },
      '020-diet-tags': { up: m020.up(this.dialect) },
      '021-standing-orders': { up: m021.up(this.dialect) },
      '022-slack-app': { up: m022.up(this.dialect) },
      '023-fixed-tumbler-deadline': { up: m023.up(this.dialect) },
      '024-health-consent': { up: m024.up(this.dialect) },
      '025-one-door': { up: m025.up(this.dialect) },
      '026-claims': { up: m026.up(this.dialect) },
      '027-prep-target': { up: m027.up(this.dialect) },
      '028-second-factor': { up: m028.up(this.dialect) },
      '029-session-facts': { up: m029.up(this.dialect) },
      '030-sso-identities': { up: m030.up(this.dialect) },
      '031-chat-channels': { up: m031.up(this.dialect) },
      '032-runs-and-cups': { up: m032.up(this.dialect) },
      '033-promises': { up: m033.up(this.dialect) },
      '034-slack-on-chat-tables': { up: m034.up(this.dialect) },
      '035-placement-guards': { up: m035.up(this.dialect) },
      '036-chat-pace': { up: m036.up(this.dialect) },
    });
  }
}

/** What migrations need of the deployment (a backfill writes cafe-time values; the first site). */
export type MigrationOptions = m005.StatisticsMigrationOptions &
  m009.SitesMigrationOptions &
  m011.OptionsMigrationOptions;

export async function migrateToLatest(
  db: Kysely<Database>,
  dialect: Dialect,
  options: MigrationOptions,
  /** Only up to this migration (upgrade tests write data as an earlier release would). */
  upTo?: string,
): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticProvider(dialect, options) });
  const { error, results } = upTo ? await migrator.migrateTo(upTo) : await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
