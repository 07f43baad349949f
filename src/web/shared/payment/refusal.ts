import { ApiError } from '../../api/client';

/**
 * A refusal in the server's words (4xx) keeps them; any other failure (the network, the server
 * down) has none, so the machine says its own (PAYMENT_MESSAGES.orderFailed, the way's
 * PHONE_PAYMENT.wayUnavailable) and the flow its own words.
 */
export const withoutWordsUnlessRefused = (error: unknown): Error =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 ? error : new Error('');
