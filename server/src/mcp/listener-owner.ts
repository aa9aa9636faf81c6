// Whose process listens where the bridge connects (127.0.0.1:<port>). The bridge sends the
// token, the agent's tool arguments and its source there, and passes what answers (instructions,
// tool descriptions) to the agent; a lock file of the user's names a process of the user's, but
// once that endpoint has stopped, another user can listen on the freed port. Linux names the
// owner of every socket in /proc/net/tcp and /proc/net/tcp6; elsewhere it cannot be told here,
// and the lock file's checks stand alone.
import { readFileSync } from 'node:fs';

export type ListenerOwner = 'ours' | 'theirs' | 'none' | 'unknown';

const IPV4_TABLE = '/proc/net/tcp';

/** The local addresses a connection to 127.0.0.1 reaches, as /proc/net writes them (hex, per 32-bit word). */
const REACHED_FROM_LOOPBACK: Record<string, readonly string[]> = {
  [IPV4_TABLE]: ['0100007F', '00000000'],
  '/proc/net/tcp6': ['0000000000000000FFFF00000100007F', '00000000000000000000000000000000'],
};

/** A socket listening (TCP_LISTEN), as /proc/net/tcp writes its state. */
const LISTEN = '0A';

/** Whether the sockets listening where 127.0.0.1:<port> leads are all the user's, another user's, or none. */
export function listenerOwner(port: number): ListenerOwner {
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  if (uid === undefined || process.platform !== 'linux') return 'unknown';
  const portHex = port.toString(16).toUpperCase().padStart(4, '0');
  const owners: number[] = [];
  for (const [table, addresses] of Object.entries(REACHED_FROM_LOOPBACK)) {
    let text: string;
    try {
      text = readFileSync(table, 'latin1');
    } catch {
      // No IPv6 in this kernel: nothing listens there. Without the IPv4 table (a sandbox that
      // hides it), nothing can be told.
      if (table === IPV4_TABLE) return 'unknown';
      continue;
    }
    const locals = new Set(addresses.map((address) => `${address}:${portHex}`));
    for (const line of text.split('\n').slice(1)) {
      // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid …
      const fields = line.trim().split(/\s+/);
      if (fields[3] === LISTEN && locals.has(fields[1])) owners.push(Number(fields[7]));
    }
  }
  if (owners.length === 0) return 'none';
  return owners.every((owner) => owner === uid) ? 'ours' : 'theirs';
}
