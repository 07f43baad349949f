import { assemblyOrderKind } from './assembly-order-kind';
import { ceremonyOrderKind } from './ceremony-order-kind';
import { membershipOrderKind } from './membership-order-kind';
import { meritOrderKind } from './merit';
import type { OrderKind } from './order-kinds';
import { renewalOrderKind } from './renewal-order-kind';
import { statueOrderKind } from './statue-order-kind';
import { tabletOrderKind } from './tablet-order-kind';

/** Every order kind the prePay endpoint accepts, by `type`; each flow adds its own. */
export const orderKinds: OrderKind[] = [
  assemblyOrderKind,
  ceremonyOrderKind,
  tabletOrderKind,
  meritOrderKind,
  statueOrderKind,
  renewalOrderKind,
  membershipOrderKind,
];
