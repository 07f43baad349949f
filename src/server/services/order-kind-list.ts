import { assemblyOrderKind } from './assembly-order-kind';
import { ceremonyOrderKind } from './ceremony-order-kind';
import { meritOrderKind } from './merit';
import type { OrderKind } from './order-kinds';
import { statueOrderKind } from './statue-order-kind';
import { tabletOrderKind } from './tablet-order-kind';

/** Every order kind the prePay endpoint accepts, by `type`; each flow adds its own. */
export const orderKinds: OrderKind[] = [
  assemblyOrderKind,
  ceremonyOrderKind,
  tabletOrderKind,
  meritOrderKind,
  statueOrderKind,
];
