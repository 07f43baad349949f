import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './database';
import * as platform from './migrations/0001-platform';
import * as orders from './migrations/0002-orders';
import * as orderCore from './migrations/0003-order-core';
import * as assemblyPlaces from './migrations/0004-assembly-places';
import * as ceremonyBookings from './migrations/0005-ceremony-bookings';
import * as seats from './migrations/0006-seats';
import * as userCentre from './migrations/0007-user-centre';
import * as believerPhotos from './migrations/0008-believer-photos';
import * as volunteers from './migrations/0009-volunteers';
import * as catalogueVersion from './migrations/0010-catalogue-version';
import * as physicalNiches from './migrations/0011-physical-niches';
import * as orderSubjects from './migrations/0012-order-subjects';
import * as gatewayAndNotifications from './migrations/0013-gateway-and-notifications';
import * as staffConsole from './migrations/0014-staff-console';
import * as ceremonyClosedDays from './migrations/0015-ceremony-closed-days';
import * as contentImages from './migrations/0016-content-images';
import * as newsEditing from './migrations/0017-news-editing';
import * as assemblyCatalogue from './migrations/0018-assembly-catalogue';
import * as meritCatalogue from './migrations/0019-merit-catalogue';
import * as statueCatalogue from './migrations/0020-statue-catalogue';
import * as tabletCatalogue from './migrations/0021-tablet-catalogue';
import * as ceremonyCatalogue from './migrations/0022-ceremony-catalogue';
import * as videoUploads from './migrations/0023-video-uploads';
import * as orderMoney from './migrations/0024-order-money';
import * as paymentAttempts from './migrations/0025-payment-attempts';
import * as attemptAnsweredAt from './migrations/0026-attempt-answered-at';
import * as wechatOpenids from './migrations/0027-wechat-openids';
import * as wechatAccessToken from './migrations/0028-wechat-access-token';
import * as consoleSearch from './migrations/0029-console-search';

/** Versioned migrations, in order; a new one is appended, never edited once released. */
const migrations: Record<string, Migration> = {
  '0001-platform': platform,
  '0002-orders': orders,
  '0003-order-core': orderCore,
  '0004-assembly-places': assemblyPlaces,
  '0005-ceremony-bookings': ceremonyBookings,
  '0006-seats': seats,
  '0007-user-centre': userCentre,
  '0008-believer-photos': believerPhotos,
  '0009-volunteers': volunteers,
  '0010-catalogue-version': catalogueVersion,
  '0011-physical-niches': physicalNiches,
  '0012-order-subjects': orderSubjects,
  '0013-gateway-and-notifications': gatewayAndNotifications,
  '0014-staff-console': staffConsole,
  '0015-ceremony-closed-days': ceremonyClosedDays,
  '0016-content-images': contentImages,
  '0017-news-editing': newsEditing,
  '0018-assembly-catalogue': assemblyCatalogue,
  '0019-merit-catalogue': meritCatalogue,
  '0020-statue-catalogue': statueCatalogue,
  '0021-tablet-catalogue': tabletCatalogue,
  '0022-ceremony-catalogue': ceremonyCatalogue,
  '0023-video-uploads': videoUploads,
  '0024-order-money': orderMoney,
  '0025-payment-attempts': paymentAttempts,
  '0026-attempt-answered-at': attemptAnsweredAt,
  '0027-wechat-openids': wechatOpenids,
  '0028-wechat-access-token': wechatAccessToken,
  '0029-console-search': consoleSearch,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** The migrations' names, in order (a test migrates an old database up to one of them). */
export const MIGRATION_NAMES = Object.keys(migrations);

/** Migrates up to and including `name` (tests of a migration over the data before it). */
export const migrateTo = async (db: Db, name: string): Promise<void> => {
  const { error } = await new Migrator({ db, provider }).migrateTo(name);
  if (error) throw error;
};

export const migrateToLatest = async (db: Db): Promise<void> => {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`数据库迁移失败：${failed?.migrationName ?? ''} ${String(error)}`, { cause: error });
  }
};
