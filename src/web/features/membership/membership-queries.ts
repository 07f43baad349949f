import { type DictItem, MEMBERSHIP_RULES, type MembershipPackage, membershipApi } from '@contract/membership';
import { queryOptions } from '@tanstack/react-query';
import { portalClient } from '../../api/client';

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

/** The relations to a member (WFS.HY.RELATION: 1 本人 … 7 其他), for a proxy renewal. */
export const relationsQuery = () =>
  queryOptions({
    queryKey: ['membership', 'relations'],
    queryFn: async (): Promise<DictItem[]> =>
      (await portalClient(membershipApi.dictValues, { dictKey: MEMBERSHIP_RULES.relationKey })).data,
  });
