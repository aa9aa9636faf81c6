// An agent connecting to the real `whetstone-agent serve` while another local process, without
// the token, holds many idle TCP connections and opens a new one whenever one is closed: each
// sample is a fresh connection through its first answer, over the WebSocket (upgrade, then ping)
// and over MCP (the SDK's client: initialize, then tools/list). The floor is the same connection
// with nobody else on the port, measured in the same run: rounds with and without the attacker
// alternate, so both see the same machine. Run alone with `node out/bench/idle-sockets.bench.js`.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { DEFAULT_CONNECTION_LIMITS } from '../server/src/endpoint/connection-gate';
import { startIdleSocketAttacker } from '../test/helpers/idle-sockets';
import { OrderedClient, startChild, stop } from './agent.bench';
import { ms, percentile, summarize, table, type Row } from './measure';

const ROOT = join(__dirname, '..', '..');
/**
 * Connections the attacker holds at once: four times the endpoint's cap on connections waiting to
 * authenticate, so most of them are being closed and opened again all the time.
 */
const ATTACKER_SOCKETS = 4 * DEFAULT_CONNECTION_LIMITS.maxPendingUpgrades;
const ROUNDS = 4;
const PER_ROUND = 25;
/** A connection that has not answered by then counts as failed. */
const GIVE_UP_MS = 10_000;

interface Endpoint {
  port: number;
  token: string;
}

async function webSocketConnect(endpoint: Endpoint): Promise<void> {
  const client = await OrderedClient.open(`ws://127.0.0.1:${endpoint.port}`, endpoint.token);
  try {
    const answer = await client.roundTrip('{"jsonrpc":"2.0","id":1,"method":"ping"}');
    if (!answer.includes('"pong"')) throw new Error(`ping answered ${answer.slice(0, 200)}`);
  } finally {
    client.close();
  }
}

async function mcpConnect(endpoint: Endpoint): Promise<void> {
  const transport = new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${endpoint.port}/mcp`), {
    // Every request on a connection of its own, as when the agent has just started or the endpoint
    // closed its idle keep-alive connection: a kept connection would skip what is measured.
    requestInit: { headers: { Authorization: `Bearer ${endpoint.token}`, Connection: 'close' } },
  });
  const client = new Client({ name: 'bench-idle-sockets', version: '1.0.0' });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    if (tools.length === 0) throw new Error('tools/list answered no tools');
  } finally {
    // Ends the session on the endpoint too, so the samples do not fill its session cap.
    await transport.terminateSession().catch(() => undefined);
    await client.close();
  }
}

interface Timed {
  times: number[];
  failures: string[];
}

async function sample(into: Timed, connect: () => Promise<void>): Promise<void> {
  const start = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([connect(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${GIVE_UP_MS} ms`)), GIVE_UP_MS)))]);
    into.times.push(performance.now() - start);
  } catch (error) {
    into.failures.push(error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
  }
}

function row(what: string, attacked: Timed, quiet: Timed): Row {
  const p95 = (timed: Timed): number => percentile([...timed.times].sort((a, b) => a - b), 0.95);
  const failed = attacked.failures.length + quiet.failures.length;
  const attempts = attacked.times.length + attacked.failures.length;
  const p95Ratio = attacked.times.length > 0 && quiet.times.length > 0 ? `${(p95(attacked) / p95(quiet)).toFixed(1)}×` : 'n/a';
  return {
    what:
      `${what} while another process holds ${ATTACKER_SOCKETS} idle sockets, reopening each as it is closed ` +
      `(p95 ${attacked.times.length > 0 ? ms(p95(attacked)) : 'n/a'} ms against ${quiet.times.length > 0 ? ms(p95(quiet)) : 'n/a'} ms without: ${p95Ratio}; ` +
      `${failed === 0 ? `all ${attempts} connected` : `${attacked.failures.length} of ${attempts} failed under attack (${attacked.failures[0] ?? ''}), ${quiet.failures.length} without`})`,
    budget: '≤ 1 s p95, none fails',
    measured: summarize(attacked.times.length > 0 ? attacked.times : [NaN]),
    floorName: 'the same connection, no attacker (rounds in turn)',
    floor: summarize(quiet.times.length > 0 ? quiet.times : [NaN]),
  };
}

export async function benchIdleSockets(): Promise<Row[]> {
  const folder = mkdtempSync(join(tmpdir(), 'whetstone-idle-sockets-bench-'));
  const file = join(folder, 'main.wst');
  writeFileSync(file, 'fn main(): number {\n  return 1;\n}\n');
  const serve = await startChild([join(ROOT, 'dist', 'cli.js'), 'serve', '--port', '0', '--approve', 'deny', '--lock-dir', join(folder, 'locks'), file]);
  try {
    const lock = JSON.parse(readFileSync(String(serve.first.lockFile), 'utf8')) as { port: number; token: string };
    const endpoint: Endpoint = { port: lock.port, token: lock.token };
    const ws = { attacked: { times: [], failures: [] } as Timed, quiet: { times: [], failures: [] } as Timed };
    const mcp = { attacked: { times: [], failures: [] } as Timed, quiet: { times: [], failures: [] } as Timed };
    // Warm-up: the first MCP session loads the SDK's code in serve and here.
    await sample({ times: [], failures: [] }, () => webSocketConnect(endpoint));
    await sample({ times: [], failures: [] }, () => mcpConnect(endpoint));
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < PER_ROUND; i++) {
        await sample(ws.quiet, () => webSocketConnect(endpoint));
        await sample(mcp.quiet, () => mcpConnect(endpoint));
      }
      const attacker = await startIdleSocketAttacker(endpoint.port, ATTACKER_SOCKETS, { slow: round % 2 === 1 });
      try {
        for (let i = 0; i < PER_ROUND; i++) {
          await sample(ws.attacked, () => webSocketConnect(endpoint));
          await sample(mcp.attacked, () => mcpConnect(endpoint));
        }
      } finally {
        await attacker.stop();
      }
    }
    return [
      row('agent connects over the WebSocket, upgrade through the answer to its first call (ping),', ws.attacked, ws.quiet),
      row('agent connects over MCP (the SDK\'s client), initialize through the answer to tools/list,', mcp.attacked, mcp.quiet),
    ];
  } finally {
    await stop(serve.child);
    rmSync(folder, { recursive: true, force: true });
  }
}

if (require.main === module) {
  benchIdleSockets()
    .then((rows) => console.log(table(rows)))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
