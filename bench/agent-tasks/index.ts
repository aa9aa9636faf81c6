// The agent task benchmark: the five tasks of tasks.ts, each done on a fresh copy of the fixture
// workspace by the endpoint agent (MCP to a real `whetstone-agent serve`) and by the baseline
// agent (whole files), with success (the checker reports no error and the task's own assertion
// holds), requests, bytes and elapsed time; plus the size of tools/list and an MCP tool call's
// round trip beside the same call over the WebSocket, both against the same server in this run.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import WebSocket from 'ws';
import { measureAsync, ms, type Sample } from '../measure';
import { checkerErrors, CLI, EndpointAgent, FileAgent, zeroCounts, type Counts } from './agents';
import { TASKS } from './tasks';

const FIXTURE = join(__dirname, '..', '..', '..', 'bench', 'agent-tasks', 'fixtures', 'shop');

interface Served {
  port: number;
  token: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export interface TaskResult {
  task: string;
  agent: 'endpoint (MCP)' | 'baseline (files)';
  success: boolean;
  why?: string;
  counts: Counts;
  elapsedMs: number;
}

export interface AgentTaskFigures {
  results: TaskResult[];
  toolsListBytes: number;
  setup: Counts;
  roundTrip: { mcp: Sample; ws: Sample; http: Sample };
  markdown: string;
}

function copyFixture(task?: (typeof TASKS)[number]): string {
  const folder = mkdtempSync(join(tmpdir(), 'whetstone-agent-task-'));
  cpSync(FIXTURE, folder, { recursive: true });
  task?.prepare?.(folder);
  return folder;
}

function filesOf(folder: string): Record<string, string> {
  return Object.fromEntries(readdirSync(folder).filter((name) => name.endsWith('.wst')).map((name) => [name, readFileSync(join(folder, name), 'utf8')]));
}

async function serve(folder: string): Promise<Served> {
  const lockDir = mkdtempSync(join(tmpdir(), 'whetstone-agent-task-locks-'));
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--lock-dir', lockDir, '--approve', 'auto', folder], { stdio: ['ignore', 'pipe', 'ignore'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const line = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      seen += chunk;
      if (seen.includes('\n')) resolve(seen.slice(0, seen.indexOf('\n')));
    });
    void exited.then(() => reject(new Error('serve exited before listening')));
  });
  const { port, lockFile } = JSON.parse(line) as { port: number; lockFile: string };
  const { token } = JSON.parse(readFileSync(lockFile, 'utf8')) as { token: string };
  return {
    port,
    token,
    child,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(lockDir, { recursive: true, force: true });
    },
  };
}

function verdict(folder: string, verify: (files: Record<string, string>) => string | undefined): { success: boolean; why?: string } {
  const errors = checkerErrors(folder);
  if (errors.length > 0) return { success: false, why: `checker: ${errors.join('; ')}` };
  const why = verify(filesOf(folder));
  return why === undefined ? { success: true } : { success: false, why };
}

async function runEndpoint(task: (typeof TASKS)[number]): Promise<{ result: TaskResult; agent?: EndpointAgent }> {
  const folder = copyFixture(task);
  const server = await serve(folder);
  const agent = await EndpointAgent.connect(server.port, server.token);
  const start = performance.now();
  let failure: string | undefined;
  try {
    await task.endpoint(agent, folder);
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
  const elapsedMs = performance.now() - start;
  await agent.close();
  await server.stop();
  const checked = failure === undefined ? verdict(folder, task.verify) : { success: false, why: failure };
  rmSync(folder, { recursive: true, force: true });
  return { result: { task: task.name, agent: 'endpoint (MCP)', ...checked, counts: agent.counts, elapsedMs }, agent };
}

async function runBaseline(task: (typeof TASKS)[number]): Promise<TaskResult> {
  const folder = copyFixture(task);
  const agent = new FileAgent(folder);
  const start = performance.now();
  let failure: string | undefined;
  try {
    await task.baseline(agent);
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
  const elapsedMs = performance.now() - start;
  const checked = failure === undefined ? verdict(folder, task.verify) : { success: false, why: failure };
  rmSync(folder, { recursive: true, force: true });
  return { task: task.name, agent: 'baseline (files)', ...checked, counts: agent.counts, elapsedMs };
}

/** getNode over MCP (Streamable HTTP) beside getNode over the WebSocket, same server, same node. */
async function roundTrips(): Promise<{ mcp: Sample; ws: Sample; http: Sample }> {
  const folder = copyFixture();
  const server = await serve(folder);
  const agent = await EndpointAgent.connect(server.port, server.token);
  const uri = pathToFileURL(join(folder, 'pricing.wst')).href;
  const found = await agent.call<{ candidates: { nodeId: string }[] }>('findNodes', { type: 'FunctionDeclaration', name: 'subtotal', uri });
  const args = { nodeId: found.candidates[0].nodeId, uri };
  const mcp = await measureAsync(300, async () => {
    await agent.client.callTool({ name: 'getNode', arguments: args });
  }, 30);
  const socket = new WebSocket(`ws://127.0.0.1:${server.port}`, { headers: { Authorization: `Bearer ${server.token}` } });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let id = 0;
  const ws = await measureAsync(300, () => new Promise<void>((resolve) => {
    socket.once('message', () => resolve());
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: ++id, method: 'getNode', params: args }));
  }), 30);
  socket.close();
  // The floor of any HTTP call here: fetch POSTing to a bare node:http server that answers with
  // the bytes of the MCP answer.
  const answer = await (
    await fetch(`http://127.0.0.1:${server.port}/mcp`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'Mcp-Session-Id': agent.sessionId ?? '' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'getNode', arguments: args } }),
    })
  ).text();
  const bare = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'Content-Type': 'application/json' }).end(answer));
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const barePort = (bare.address() as { port: number }).port;
  const http = await measureAsync(300, async () => {
    const response = await fetch(`http://127.0.0.1:${barePort}/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'getNode', arguments: args }) });
    await response.text();
  }, 30);
  bare.close();
  await agent.close();
  await server.stop();
  rmSync(folder, { recursive: true, force: true });
  return { mcp, ws, http };
}

const kib = (n: number): string => (n / 1024).toFixed(1);
const total = (results: TaskResult[]): Counts =>
  results.reduce((sum, r) => ({
    requests: sum.requests + r.counts.requests,
    contextSent: sum.contextSent + r.counts.contextSent,
    contextReceived: sum.contextReceived + r.counts.contextReceived,
    wireSent: sum.wireSent + r.counts.wireSent,
    wireReceived: sum.wireReceived + r.counts.wireReceived,
  }), zeroCounts());

export async function benchAgentTasks(): Promise<AgentTaskFigures> {
  const results: TaskResult[] = [];
  let toolsListBytes = 0;
  let setup = zeroCounts();
  for (const task of TASKS) {
    const endpoint = await runEndpoint(task);
    results.push(endpoint.result);
    if (endpoint.agent) {
      toolsListBytes = endpoint.agent.toolsListBytes;
      setup = endpoint.agent.setup;
    }
    results.push(await runBaseline(task));
  }
  const roundTrip = await roundTrips();

  const lines = [
    '| task | agent | success | requests | context sent / received (bytes) | wire sent / received (bytes) | elapsed ms |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    const wire = r.agent === 'endpoint (MCP)' ? `${r.counts.wireSent} / ${r.counts.wireReceived}` : '—';
    lines.push(`| ${r.task} | ${r.agent} | ${r.success ? 'yes' : `**no**: ${r.why ?? ''}`} | ${r.counts.requests} | ${r.counts.contextSent} / ${r.counts.contextReceived} | ${wire} | ${ms(r.elapsedMs)} |`);
  }
  const endpointTotal = total(results.filter((r) => r.agent === 'endpoint (MCP)'));
  const baselineTotal = total(results.filter((r) => r.agent === 'baseline (files)'));
  const context = (c: Counts): number => c.contextSent + c.contextReceived;
  const wire = (c: Counts): number => c.wireSent + c.wireReceived;
  const successes = (agent: TaskResult['agent']): string => `${results.filter((r) => r.agent === agent && r.success).length}/${TASKS.length}`;
  lines.push(
    `| **all five** | endpoint (MCP) | ${successes('endpoint (MCP)')} | ${endpointTotal.requests} | ${endpointTotal.contextSent} / ${endpointTotal.contextReceived} | ${endpointTotal.wireSent} / ${endpointTotal.wireReceived} | ${ms(results.filter((r) => r.agent === 'endpoint (MCP)').reduce((s, r) => s + r.elapsedMs, 0))} |`,
    `| **all five** | baseline (files) | ${successes('baseline (files)')} | ${baselineTotal.requests} | ${baselineTotal.contextSent} / ${baselineTotal.contextReceived} | — | ${ms(results.filter((r) => r.agent === 'baseline (files)').reduce((s, r) => s + r.elapsedMs, 0))} |`,
  );
  const withSetup = context(endpointTotal) + setup.contextReceived;
  const summary = [
    `Endpoint agent, context bytes: ${kib(context(endpointTotal))} KiB = **${((100 * context(endpointTotal)) / context(baselineTotal)).toFixed(0)}%** of the baseline's ${kib(context(baselineTotal))} KiB (goal ≤ 30%, every task successful).`,
    `On the wire (each result travels twice, as structuredContent and as text, plus the JSON-RPC envelope): ${kib(wire(endpointTotal))} KiB = ${((100 * wire(endpointTotal)) / context(baselineTotal)).toFixed(0)}% of the baseline's bytes.`,
    `Paid once per session, not per task: initialize and tools/list, ${kib(wire(setup))} KiB on the wire; the tool definitions a model reads are ${kib(setup.contextReceived)} KiB. With them counted once for the five tasks the endpoint agent's context is ${((100 * withSetup) / context(baselineTotal)).toFixed(0)}% of the baseline's.`,
    `tools/list answer: ${toolsListBytes} bytes (budget ≤ 16 KiB = 16384).`,
    `getNode round trip, MCP over Streamable HTTP (the SDK's client): p50 ${ms(roundTrip.mcp.p50)} ms, p90 ${ms(roundTrip.mcp.p90)} ms; the same call over the WebSocket: p50 ${ms(roundTrip.ws.p50)} ms; ratio ${(roundTrip.mcp.p50 / roundTrip.ws.p50).toFixed(1)}× (budget ≤ 2×). Floor: fetch POSTing the same bytes to a bare node:http server, p50 ${ms(roundTrip.http.p50)} ms (${(roundTrip.http.p50 / roundTrip.ws.p50).toFixed(1)}× the WebSocket call).`,
  ];
  const markdown = `${lines.join('\n')}\n\n${summary.join('\n')}\n`;
  return { results, toolsListBytes, setup, roundTrip, markdown };
}
