/**
 * The visitor's address as Fastify's `request.ip` gives it (the same trust of
 * TRUST_PROXY, through the same @fastify/proxy-addr), for the fast lane,
 * which answers before Fastify builds a request: the connection's address,
 * or, when that is a trusted proxy, the nearest untrusted hop of
 * X-Forwarded-For (read from the raw headers, not Node's headers object).
 */
import proxyAddr from '@fastify/proxy-addr';

export type ClientAddress = (remote: string | undefined, forwardedFor: string | undefined) => string;

export function clientAddressOf(trustProxy: boolean | string): ClientAddress {
  if (trustProxy === false) return (remote) => remote ?? '';
  const trust = trustProxy === true ? () => true : proxyAddr.compile(trustProxy.split(',').map((t) => t.trim()));
  return (remote, forwardedFor) => {
    let address = remote ?? '';
    if (forwardedFor === undefined || !trust(address, 0)) return address;
    const hops = forwardedFor.split(',');
    for (let i = hops.length - 1, hop = 1; i >= 0; i--, hop++) {
      address = hops[i]!.trim();
      if (!trust(address, hop)) return address;
    }
    return address;
  };
}
