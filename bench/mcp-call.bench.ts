// One small call over MCP against the same call over the WebSocket: getNode of a function of the
// generated 1,000-line buffer on the real `serve`, asked in turn (so all see the same load of the
// machine) over the WebSocket, as an MCP tools/call over Streamable HTTP from a bare HTTP client
// (keep-alive, no SDK: what the endpoint adds, not what a client library adds), and as a bare
// HTTP POST to the same listener that is refused before any MCP (the HTTP round trip alone).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OrderedClient, startChild, stop } from './agent.bench';
import { generateProgram } from './generate';
import { summarize, type Row } from './measure';

const ROOT = join(__dirname, '..', '..');
const RUNS = 1_000;
const WARMUP = 100;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One POST on a kept-alive connection; resolves with the whole answer. */
function post(agent: Agent, port: number, path: string, headers: Record<string, string>, body: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'Content-Type': 'application/json', ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    sent.once('error', reject);
    sent.end(body);
  });
}

export interface McpCallFigures {
  rows: Row[];
  markdown: string;
}

export async function benchMcpCall(): Promise<McpCallFigures> {
  const folder = mkdtempSync(join(tmpdir(), 'whetstone-mcp-bench-'));
  const serve = await startChild([join(ROOT, 'dist', 'cli.js'), 'serve', '--port', '0', '--approve', 'deny', '--lock-dir', join(folder, 'locks'), writeSource(folder)]);
  const http = new Agent({ keepAlive: true, maxSockets: 1 });
  let ws: OrderedClient | undefined;
  try {
    const lock = JSON.parse(readFileSync(String(serve.first.lockFile), 'utf8')) as { port: number; token: string };
    ws = await OrderedClient.open(`ws://127.0.0.1:${lock.port}`, lock.token);
    const found = JSON.parse(await ws.roundTrip('{"jsonrpc":"2.0","id":1,"method":"findNodes","params":{"type":"FunctionDeclaration","limit":1}}')) as { result: { candidates: { nodeId: string }[] } };
    const nodeId = found.result.candidates[0].nodeId;
    const wsCall = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'getNode', params: { nodeId } });

    const auth = { Authorization: `Bearer ${lock.token}`, Accept: 'application/json, text/event-stream' };
    const init = await post(http, lock.port, '/mcp', auth, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } }));
    const sessionId = String(init.headers['mcp-session-id']);
    const session = { ...auth, 'Mcp-Session-Id': sessionId, 'Mcp-Protocol-Version': '2025-06-18' };
    await post(http, lock.port, '/mcp', session, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    const mcpCall = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'getNode', arguments: { nodeId } } });
    const first = await post(http, lock.port, '/mcp', session, mcpCall);
    if (first.status !== 200 || !first.body.includes('"structuredContent"')) throw new Error(`MCP getNode failed: ${first.status} ${first.body.slice(0, 300)}`);
    // Refused by the endpoint's token check before any route: the HTTP round trip alone.
    const bare = { Authorization: 'Bearer 00000000000000000000000000000000' };
    const refused = await post(http, lock.port, '/mcp', bare, '{}');
    if (refused.status !== 403) throw new Error(`the bare POST was answered ${refused.status}`);

    const times = { ws: [] as number[], mcp: [] as number[], bare: [] as number[] };
    for (let round = -WARMUP; round < RUNS; round++) {
      let start = performance.now();
      await ws.roundTrip(wsCall);
      if (round >= 0) times.ws.push(performance.now() - start);
      start = performance.now();
      await post(http, lock.port, '/mcp', session, mcpCall);
      if (round >= 0) times.mcp.push(performance.now() - start);
      start = performance.now();
      await post(http, lock.port, '/mcp', bare, '{}');
      if (round >= 0) times.bare.push(performance.now() - start);
    }
    const [wsSample, mcpSample, bareSample] = [summarize(times.ws), summarize(times.mcp), summarize(times.bare)];
    const what = `getNode (depth 2) as an MCP tools/call over Streamable HTTP, JSON answers, bare keep-alive HTTP client (${Buffer.byteLength(first.body)} B answer)`;
    const rows: Row[] = [
      { what, budget: '—', measured: mcpSample, floorName: 'the same getNode over the WebSocket, asked in turn', floor: wsSample },
      { what, budget: '—', measured: mcpSample, floorName: 'a bare HTTP POST to the same listener (refused at the token), asked in turn', floor: bareSample },
    ];
    const ratio = (a: number, b: number): string => `${(a / b).toFixed(1)}×`;
    const markdown = [
      '| call | p50 ms | p90 ms |',
      '|---|---|---|',
      `| getNode over the WebSocket | ${wsSample.p50.toFixed(3)} | ${wsSample.p90.toFixed(3)} |`,
      `| getNode as MCP tools/call (bare HTTP client) | ${mcpSample.p50.toFixed(3)} | ${mcpSample.p90.toFixed(3)} |`,
      `| bare HTTP POST, refused at the token | ${bareSample.p50.toFixed(3)} | ${bareSample.p90.toFixed(3)} |`,
      '',
      `MCP getNode: ${ratio(mcpSample.p50, wsSample.p50)} the WebSocket call, ${ratio(mcpSample.p50, bareSample.p50)} a bare HTTP POST (p50, ${RUNS} rounds in turn after ${WARMUP}).`,
      '',
    ].join('\n');
    return { rows, markdown };
  } finally {
    ws?.close();
    http.destroy();
    await stop(serve.child);
    rmSync(folder, { recursive: true, force: true });
  }
}

function writeSource(folder: string): string {
  const source = join(folder, 'bench.wst');
  writeFileSync(source, generateProgram(1_000));
  return source;
}

if (require.main === module) {
  benchMcpCall()
    .then((figures) => console.log(figures.markdown))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
