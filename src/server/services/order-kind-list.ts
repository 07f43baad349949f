import { meritOrderKind } from './merit';
import type { OrderKind } from './order-kinds';

/** Every order kind the prePay endpoint accepts, by `type`; each flow adds its own. */
export const orderKinds: OrderKind[] = [meritOrderKind];
