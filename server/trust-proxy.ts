import { isIP } from 'node:net';

/** Fastify's `trustProxy`: nothing, a hop count from the right, or the proxies' addresses and CIDRs. */
export type TrustProxy = false | number | string[];

const EXAMPLE = 'TRUST_PROXY=1 (one load balancer in front) or TRUST_PROXY=10.0.0.0/8 (its addresses)';

/**
 * docs/operations.md#configuration: `true` would trust every `X-Forwarded-For` entry, so a client could pick
 * its own IP for every per-IP limit; it is refused rather than read as "one proxy".
 * Returns the problem as a message, or the value.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy | { problem: string } {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') {
    return {
      problem: `TRUST_PROXY=true trusts any client-supplied X-Forwarded-For; write ${EXAMPLE}`,
    };
  }
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !isAddressOrCidr(entry));
  if (invalid.length > 0) {
    return {
      problem: `TRUST_PROXY: ${invalid.map((entry) => `"${entry}"`).join(', ')} is not a hop count, IP address or CIDR; write ${EXAMPLE}`,
    };
  }
  return entries;
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/** Fastify's option; its types take a hop count only as a function (hop 0 is the socket's peer). */
export function fastifyTrustProxy(
  trustProxy: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address, hop) => hop < trustProxy;
}
