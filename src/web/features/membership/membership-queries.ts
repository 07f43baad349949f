import { believerApi } from '@contract/believer';
import {
  type DictItem,
  MEMBERSHIP_RULES,
  type MembershipPackage,
  type MyMembership,
  membershipApi,
} from '@contract/membership';
import { queryOptions } from '@tanstack/react-query';
import { mainClient, portalClient } from '../../api/client';
import { sessionStore } from '../../api/session';

/** The one package offered when the dictionary holds none (001 section 9: 365 yuan a year). */
export const DEFAULT_PACKAGE: MembershipPackage = {
  ITEMNO: 'HY1',
  CNNAME: '一年',
  EXTINT1: MEMBERSHIP_RULES.defaultYearPrice,
  EXTINT2: 1,
};

/** 年限选择: the packages of WFS.COMMON.HY.PRODUCT; one default package when it is empty. */
export const packagesQuery = () =>
  queryOptions({
    queryKey: ['membership', 'packages'],
    queryFn: async (): Promise<MembershipPackage[]> => {
      const { data } = await portalClient(membershipApi.dict, { dictKey: MEMBERSHIP_RULES.dictKey });
      const items = data[MEMBERSHIP_RULES.dictKey] ?? [];
      return items.length > 0
        ? items.map(({ ITEMNO, CNNAME, EXTINT1, EXTINT2 }) => ({ ITEMNO, CNNAME, EXTINT1, EXTINT2 }))
        : [DEFAULT_PACKAGE];
    },
  });

/** The believer's own membership: null before a join is paid. */
export const myMembershipQuery = () =>
  queryOptions({
    queryKey: ['membership', 'mine'],
    queryFn: async (): Promise<MyMembership> => (await portalClient(membershipApi.mine)).data,
  });

/** The relations to a member (WFS.HY.RELATION: 1 本人 … 7 其他), for a proxy renewal. */
export const relationsQuery = () =>
  queryOptions({
    queryKey: ['membership', 'relations'],
    queryFn: async (): Promise<DictItem[]> =>
      (await portalClient(membershipApi.dictValues, { dictKey: MEMBERSHIP_RULES.relationKey })).data,
  });

/** The believer's profile, for the join form's defaults (name, sex, birth date, region, photo). */
export const joinProfileQuery = () =>
  queryOptions({
    queryKey: ['membership', 'profile'],
    queryFn: async () =>
      (await mainClient(believerApi.profile, { phone: sessionStore.mobile() ?? undefined }, { quiet: true }))
        .data,
  });
