import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * The kernel's range of ephemeral ports, from which it gives every outgoing
 * connection its local port (and a listener asking for port 0 its port).
 */
function ephemeralPorts(): { readonly low: number; readonly high: number } {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (Number.isInteger(low) && Number.isInteger(high)) return { low: low!, high: high! };
  } catch {
    // Not Linux: the range IANA suggests (RFC 6335 section 6).
  }
  return { low: 49_152, high: 65_535 };
}

/** Ports a test may take: registered ones below the ephemeral range, above the well-known and common ones. */
const FIRST = 20_000;

/** Whether 127.0.0.1:`port` can be listened on now. */
function free(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A port of 127.0.0.1 free now, for a process a test starts (nginx, Redis,
 * an instance) to listen on. Drawn below the kernel's ephemeral range: a
 * port taken from that range (port 0) can be given to any outgoing
 * connection of a test running beside this one before the process binds it.
 */
export async function freePort(): Promise<number> {
  const { low } = ephemeralPorts();
  const last = Math.max(FIRST + 1_000, low - 1);
  for (let tries = 0; tries < 100; tries += 1) {
    const port = FIRST + Math.floor(Math.random() * (last - FIRST));
    if (await free(port)) return port;
  }
  throw new Error(`no free port of 127.0.0.1 between ${FIRST} and ${last} in 100 tries`);
}
