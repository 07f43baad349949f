import { believerApi, type ORDER_FILTERS, type ORDER_PAGE_SIZES } from '@contract/believer';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { mainClient } from '../../api/client';

export type OrderFilter = (typeof ORDER_FILTERS)[number];
export type PageSize = (typeof ORDER_PAGE_SIZES)[number];

/** Which page of a list the believer looks at: zero-based page, one of the allowed sizes. */
export interface PageView {
  page: number;
  size: PageSize;
}

// Quiet: a failure is shown in the tab itself, with 重试 (no toast on top of it). Asked again each
// time a tab shows (staleTime 0): an order paid on another page must be there when the believer looks.
/** 我的订单: one page of the believer's own orders, filtered by status (-1 all, 0 reserved, 1 paid). */
export const myOrdersQuery = (status: OrderFilter, { page, size }: PageView) =>
  queryOptions({
    queryKey: ['user-center', 'orders', status, page, size],
    queryFn: async () =>
      (await mainClient(believerApi.orders, { status, page: String(page), size }, { quiet: true })).data,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** 活动历史: one page of the activities the believer took part in. */
export const myActivitiesQuery = ({ page, size }: PageView) =>
  queryOptions({
    queryKey: ['user-center', 'activities', page, size],
    queryFn: async () =>
      (await mainClient(believerApi.activities, { page: String(page), size }, { quiet: true })).data,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** 当前供奉: one page of the believer's paid statues. */
export const myEnshrinementsQuery = ({ page, size }: PageView) =>
  queryOptions({
    queryKey: ['user-center', 'enshrinements', page, size],
    queryFn: async () =>
      (await mainClient(believerApi.enshrinements, { page: String(page), size }, { quiet: true })).data,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
