import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';
import type { Config } from '../config/config.js';
import { rememberedByValue } from '../util/remembered.js';

/**
 * The client's address, read once per counted request: the socket's peer, or,
 * when TRUST_PROXY names the proxies in front, the nearest X-Forwarded-For hop
 * that is not one of them (proxy-addr, the rules Express and Fastify apply).
 */
export function clientAddressOf(setting: Config['trustProxy']): (request: IncomingMessage) => string {
  if (setting === false) return (request) => request.socket.remoteAddress ?? '';
  const trust = trustFunction(setting);
  return (request) => proxyaddr(request, trust);
}

type Trust = (address: string, hop: number) => boolean;

function trustFunction(setting: Exclude<Config['trustProxy'], false>): Trust {
  if (setting === true) return () => true;
  // A hop count trusts the nearest N hops whatever their addresses.
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  // Addresses repeat (the proxies in front are few): each is parsed and matched against the list once.
  const trusted = rememberedByValue(proxyaddr.compile([...setting]) as (address: string) => boolean, 1024);
  return (address) => trusted(address);
}
