import { sessionStore } from '../../api/session';
import { newIdempotencyKey } from '../payment/idempotency-key';
import { payingDevice } from '../payment/paying-device';

/**
 * What an item page's 提交 carries beside its form (SubmitEvent): the logged-in phone (null:
 * logged out), a fresh key for this order, and the device the page is shown on.
 */
export const submitFacts = () => ({
  mobile: sessionStore.mobile(),
  key: newIdempotencyKey(),
  device: payingDevice(),
});
