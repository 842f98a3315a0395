import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { Agent } from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { staffAlertMessages } from '../../../contracts/staff-alerts';
import { AppError } from '../../errors';

// docs/architecture.md#push-endpoints: the shop connects only to browsers' push services. A subscription's
// endpoint is whatever its sender wrote, so without this a member of staff (or a stolen console session)
// could make the shop send requests to 127.0.0.1, the cloud's metadata address or the private network.

/** The push services of the browsers the console supports: Chrome and its kin, Firefox, Safari. */
export const PUSH_SERVICE_HOSTS: ReadonlySet<string> = new Set([
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
]);
/** Edge's (Windows Push Notification Services) endpoints are on a host per region under this domain. */
export const PUSH_SERVICE_DOMAINS: readonly string[] = ['.notify.windows.com'];

/**
 * Whether the shop may connect to this address: public unicast only. Loopback, private (10/8, 172.16/12,
 * 192.168/16), link-local (169.254/16, with the cloud metadata address; fe80::/10), unique-local (fc00::/7),
 * CGNAT (100.64/10), multicast, unspecified, reserved and documentation ranges are not; an IPv4-mapped IPv6
 * address (::ffff:127.0.0.1) is judged as the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (parsed as ipaddr.IPv6).toIPv4Address().range() === 'unicast';
  }
  return parsed.range() === 'unicast';
}

/** Whether the endpoint is on a known push service over https (443), with nothing else in its authority. */
export function isPushServiceEndpoint(endpoint: string): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.protocol !== 'https:' || url.port !== '' || url.username !== '' || url.password !== '')
    return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.has(host) || PUSH_SERVICE_DOMAINS.some((domain) => host.endsWith(domain));
}

export type ResolveAll = (host: string) => Promise<LookupAddress[]>;

// A subscription waits at most this long for the name to resolve; the send checks again in any case.
const RESOLVE_TIMEOUT_MS = 2_000;

/** Every address the name resolves to (node:dns's lookup, as connections use), or a failure after 2 s. */
export const resolveAll: ResolveAll = (host) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer for ${host}`)), RESOLVE_TIMEOUT_MS);
    dnsLookup(host, { all: true }, (error, addresses) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(addresses);
    });
  });

/**
 * "Notify me on this device": refuses an endpoint that is not a push service's, or whose name resolves to an
 * address the shop must not reach. A name that does not resolve now is let through: every send checks again.
 */
export async function checkPushEndpoint(endpoint: string, resolve: ResolveAll = resolveAll): Promise<void> {
  if (!isPushServiceEndpoint(endpoint)) throw new AppError('invalid', staffAlertMessages.notAPushService);
  const addresses = await resolve(new URL(endpoint).hostname).catch(() => []);
  if (addresses.some((found) => !isPublicAddress(found.address))) {
    throw new AppError('invalid', staffAlertMessages.notAPushService);
  }
}

type Lookup = (
  host: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/** What is wrong with a name's addresses for a push connection, if anything. */
function notPublic(hostname: string, addresses: LookupAddress[]): Error | undefined {
  const refused =
    addresses.length === 0
      ? 'no address'
      : addresses.find((found) => !isPublicAddress(found.address))?.address;
  if (refused === undefined) return undefined;
  return Object.assign(new Error(`${hostname} resolves to ${refused}: not a public address`), {
    code: 'ENOTPUBLIC',
  });
}

/**
 * The lookup every push connection makes: the name is resolved once, here, and the connection goes to what was
 * checked, so a name that answers a public address to the check and a private one a moment later (DNS
 * rebinding) still never reaches the private one.
 */
export function publicOnlyLookup(lookup: Lookup = dnsLookup as Lookup): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      const failure = error ?? notPublic(hostname, addresses);
      if (failure) {
        callback(failure, '', 0);
      } else if (options.all) {
        (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, addresses);
      } else {
        const [first] = addresses;
        callback(null, first?.address ?? '', first?.family ?? 4);
      }
    });
  };
}

/** The connections web-push sends through: kept alive, and only ever to public addresses. */
export function pushServiceAgent(lookup?: Lookup): Agent {
  return new Agent({ keepAlive: true, lookup: publicOnlyLookup(lookup) });
}
