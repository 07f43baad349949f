import { isIP } from 'node:net';
import type { Context } from 'hono';

/** The caller's address, as the rate limits count it. */
export type AddressOf = (c: Context) => string;

/**
 * What a request without a socket counts as (app.request in tests, or a socket already gone):
 * one shared bucket, so such requests are limited together rather than not at all.
 */
export const NO_ADDRESS = 'unknown';

/** Node's server puts the request on `env.incoming`; nothing else gives a socket. */
const socketAddress = (c: Context): string | undefined =>
  (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket
    ?.remoteAddress;

/** The full 8 groups of an IPv6 address (`::` expanded), or null when it is not one. */
const ipv6Groups = (address: string): string[] | null => {
  const [head = '', tail, extra] = address.split('::');
  if (extra !== undefined) return null;
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
  return groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g)) ? groups : null;
};

/** A forwarded hop without its port, as some proxies write it (`203.0.113.5:5123`, `[2001:db8::1]:443`). */
const withoutPort = (hop: string): string => {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(hop);
  if (bracketed?.[1]) return bracketed[1];
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(hop);
  return v4?.[1] ?? hop;
};

/** An IPv4 address mapped into IPv6 (`::ffff:127.0.0.1`, as a dual-stack socket gives it) as IPv4. */
const unmapped = (address: string): string =>
  /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1] ?? address;

/**
 * One bucket per IPv4 address; an IPv6 address counts as its /64 (what one subscriber is given,
 * so a client cannot take a fresh bucket per request); an IPv4 address mapped into IPv6 as IPv4.
 */
export const addressBucket = (address: string): string => {
  if (unmapped(address) !== address) return unmapped(address);
  const groups = ipv6Groups(address.split('%')[0] ?? '');
  if (!groups) return address;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
};

/**
 * Reads the caller's own address from the socket. A forwarded-for header is believed only from a
 * proxy named in `trustedProxies` (the reverse proxy in front, by its socket address): then the
 * address is the last hop that proxy saw that is not itself a trusted proxy. Anyone else's
 * header is ignored. This is the address WeChat's H5 order is given (scene_info.payer_client_ip).
 */
export const clientIpReader = (trustedProxies: readonly string[] = []): AddressOf => {
  const trusted = trustedProxies.map(unmapped);
  return (c) => {
    const socket = socketAddress(c);
    if (!socket) return NO_ADDRESS;
    const peer = unmapped(socket);
    if (!trusted.includes(peer)) return peer;
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((hop) => unmapped(withoutPort(hop.trim())))
      .filter((hop) => isIP(hop) !== 0);
    return hops.reverse().find((hop) => !trusted.includes(hop)) ?? peer;
  };
};

/**
 * The caller's bucket for the rate limits: their address (clientIpReader) as addressBucket
 * counts it, so a client cannot pick its own bucket by a header or a fresh IPv6 address.
 */
export const addressReader = (trustedProxies: readonly string[] = []): AddressOf => {
  const ipOf = clientIpReader(trustedProxies);
  return (c) => {
    const address = ipOf(c);
    return address === NO_ADDRESS ? address : addressBucket(address);
  };
};

/**
 * An address WeChat would take as a payer's (H5): an IP, not loopback, private, link-local or
 * unique-local (such an address is a proxy's own, the believer's is unknown).
 */
export const isPublicAddress = (address: string): boolean => {
  const kind = isIP(address);
  if (kind === 4)
    return !/^(0\.|10\.|127\.|169\.254\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\.)/.test(
      address,
    );
  if (kind === 6) return !/^(::1?$|f[cd]|fe[89ab])/i.test(address);
  return false;
};

/** The socket's address, no proxy trusted (the server's default until a trusted proxy is configured). */
export const clientAddress: AddressOf = addressReader();
export const clientIp: AddressOf = clientIpReader();
