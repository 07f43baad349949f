import { createMiddleware } from 'hono/factory';

/** The Content-Security-Policy: scripts only from this site (no inline script, no eval); inline styles for React Aria's positioning. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The headers on every response, as one record (Hono's secureHeaders defaults, with our policy):
 * no framing by another site (the payment page included), no content-type sniffing, the referrer
 * kept to our own origin. A plain record lets an answer built outside the middleware (the payment
 * poll's, from memory) carry the same headers without a Headers object per request.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=15552000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

const entries = Object.entries(SECURITY_HEADERS);

/** Puts SECURITY_HEADERS on whatever the routes answered. */
export const securityHeaders = () =>
  createMiddleware(async (c, next) => {
    await next();
    const headers = c.res.headers;
    for (const [name, value] of entries) headers.set(name, value);
  });
