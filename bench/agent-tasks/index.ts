// The agent task benchmark: the seven tasks of tasks.ts, each done on a fresh copy of the 50-file
// workspace of workspace.ts by the endpoint agent (MCP to a real `whetstone-agent serve` of the
// folder) and by the baseline agent (it searches the files' text, reads and writes whole files),
// with success (the checker reports no error and the task's own assertion holds), requests, bytes
// read and written by the model, repair rounds and elapsed time; plus the size of tools/list and an
// MCP tool call's round trip beside the same call over the WebSocket, both against the same server
// in this run.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import WebSocket from 'ws';
import { measureAsync, ms, type Sample } from '../measure';
import { checkerErrors, CLI, EndpointAgent, FileAgent, wstFiles, zeroCounts, type Counts } from './agents';
import { TASKS, type AgentTask } from './tasks';
import { writeTaskWorkspace } from './workspace';

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
  repairRounds: number;
  elapsedMs: number;
}

export interface AgentTaskFigures {
  results: TaskResult[];
  toolsListBytes: number;
  setup: Counts;
  roundTrip: { mcp: Sample; ws: Sample; http: Sample };
  markdown: string;
}

/** A fresh copy of the workspace, set up for the task; and the task's input. */
function copyWorkspace(task?: AgentTask): { folder: string; input: string } {
  const folder = mkdtempSync(join(tmpdir(), 'whetstone-agent-task-'));
  writeTaskWorkspace(folder);
  return { folder, input: task?.prepare?.(folder) ?? '' };
}

function filesOf(folder: string): Record<string, string> {
  return Object.fromEntries(wstFiles(folder).map((path) => [path, readFileSync(join(folder, path), 'utf8')]));
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

async function runEndpoint(task: AgentTask): Promise<{ result: TaskResult; agent?: EndpointAgent }> {
  const { folder, input } = copyWorkspace(task);
  const server = await serve(folder);
  const agent = await EndpointAgent.connect(server.port, server.token);
  const start = performance.now();
  let failure: string | undefined;
  try {
    await task.endpoint(agent, folder, input);
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
  const elapsedMs = performance.now() - start;
  await agent.close();
  await server.stop();
  const checked = failure === undefined ? verdict(folder, task.verify) : { success: false, why: failure };
  rmSync(folder, { recursive: true, force: true });
  return { result: { task: task.name, agent: 'endpoint (MCP)', ...checked, counts: agent.counts, repairRounds: agent.repairRounds, elapsedMs }, agent };
}

async function runBaseline(task: AgentTask): Promise<TaskResult> {
  const { folder, input } = copyWorkspace(task);
  const agent = new FileAgent(folder);
  const start = performance.now();
  let failure: string | undefined;
  try {
    await task.baseline(agent, input);
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
  const elapsedMs = performance.now() - start;
  const checked = failure === undefined ? verdict(folder, task.verify) : { success: false, why: failure };
  rmSync(folder, { recursive: true, force: true });
  return { task: task.name, agent: 'baseline (files)', ...checked, counts: agent.counts, repairRounds: agent.repairRounds, elapsedMs };
}

/** getNode over MCP (Streamable HTTP) beside getNode over the WebSocket, same server, same node. */
async function roundTrips(): Promise<{ mcp: Sample; ws: Sample; http: Sample }> {
  const { folder } = copyWorkspace();
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

/** The size of the workspace the tasks run on. */
function measureWorkspace(): { files: number; lines: number; bytes: number } {
  const { folder } = copyWorkspace();
  const texts = Object.values(filesOf(folder));
  rmSync(folder, { recursive: true, force: true });
  return { files: texts.length, lines: texts.reduce((sum, text) => sum + text.split('\n').length - 1, 0), bytes: texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0) };
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
  const workspace = measureWorkspace();

  const context = (c: Counts): number => c.contextSent + c.contextReceived;
  const wire = (c: Counts): number => c.wireSent + c.wireReceived;
  const lines = [
    '| task | agent | success | requests | bytes the model writes / reads | of the baseline\'s bytes | repair rounds | wire sent / received (bytes) | elapsed ms |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  const missed: string[] = [];
  for (const r of results) {
    const endpoint = r.agent === 'endpoint (MCP)';
    const baseline = results.find((other) => other.task === r.task && other.agent === 'baseline (files)')!;
    const share = (100 * context(r.counts)) / context(baseline.counts);
    if (endpoint && (!r.success || share > 20 || r.counts.requests >= baseline.counts.requests)) {
      const why = [...(r.success ? [] : ['failed']), ...(share > 20 ? [`${share.toFixed(0)}% of the bytes`] : []), ...(r.counts.requests >= baseline.counts.requests ? [`${r.counts.requests} requests to ${baseline.counts.requests}`] : [])];
      missed.push(`${r.task} (${why.join(', ')})`);
    }
    lines.push(
      `| ${r.task} | ${r.agent} | ${r.success ? 'yes' : `**no**: ${r.why ?? ''}`} | ${r.counts.requests} | ${r.counts.contextSent} / ${r.counts.contextReceived} | ${endpoint ? `${share.toFixed(0)}%` : '—'} | ${r.repairRounds} | ${endpoint ? `${r.counts.wireSent} / ${r.counts.wireReceived}` : '—'} | ${ms(r.elapsedMs)} |`,
    );
  }
  const endpointResults = results.filter((r) => r.agent === 'endpoint (MCP)');
  const baselineResults = results.filter((r) => r.agent === 'baseline (files)');
  const endpointTotal = total(endpointResults);
  const baselineTotal = total(baselineResults);
  const successes = (of: TaskResult[]): string => `${of.filter((r) => r.success).length}/${TASKS.length}`;
  const rounds = (of: TaskResult[]): number => of.reduce((sum, r) => sum + r.repairRounds, 0);
  const elapsed = (of: TaskResult[]): string => ms(of.reduce((sum, r) => sum + r.elapsedMs, 0));
  lines.push(
    `| **all ${TASKS.length}** | endpoint (MCP) | ${successes(endpointResults)} | ${endpointTotal.requests} | ${endpointTotal.contextSent} / ${endpointTotal.contextReceived} | ${((100 * context(endpointTotal)) / context(baselineTotal)).toFixed(0)}% | ${rounds(endpointResults)} | ${endpointTotal.wireSent} / ${endpointTotal.wireReceived} | ${elapsed(endpointResults)} |`,
    `| **all ${TASKS.length}** | baseline (files) | ${successes(baselineResults)} | ${baselineTotal.requests} | ${baselineTotal.contextSent} / ${baselineTotal.contextReceived} | — | ${rounds(baselineResults)} | — | ${elapsed(baselineResults)} |`,
  );
  const withSetup = context(endpointTotal) + context(setup);
  const summary = [
    `The workspace: ${workspace.files} files, ${workspace.lines} lines, ${kib(workspace.bytes)} KiB.`,
    `Endpoint agent, bytes the model writes and reads: ${kib(context(endpointTotal))} KiB = **${((100 * context(endpointTotal)) / context(baselineTotal)).toFixed(0)}%** of the baseline's ${kib(context(baselineTotal))} KiB; ${endpointTotal.requests} requests to the baseline's ${baselineTotal.requests}. Goal, for every task: success, ≤ 20% of the baseline's bytes and fewer requests — ${missed.length === 0 ? '**met by every task**' : `**missed by**: ${missed.join('; ')}`}.`,
    `On the wire (each result travels twice, as structuredContent and as text, plus the JSON-RPC envelope): ${kib(wire(endpointTotal))} KiB = ${((100 * wire(endpointTotal)) / context(baselineTotal)).toFixed(0)}% of the baseline's bytes.`,
    `Paid once per session, not per task: initialize, tools/list and setAgentRole, ${kib(wire(setup))} KiB on the wire; the tool definitions a model reads are ${kib(setup.contextReceived)} KiB. With them counted once for the ${TASKS.length} tasks the endpoint agent's bytes are ${((100 * withSetup) / context(baselineTotal)).toFixed(0)}% of the baseline's.`,
    `tools/list answer: ${toolsListBytes} bytes (budget ≤ 16 KiB = 16384).`,
    `getNode round trip, MCP over Streamable HTTP (the SDK's client): p50 ${ms(roundTrip.mcp.p50)} ms, p90 ${ms(roundTrip.mcp.p90)} ms; the same call over the WebSocket: p50 ${ms(roundTrip.ws.p50)} ms; ratio ${(roundTrip.mcp.p50 / roundTrip.ws.p50).toFixed(1)}× (budget ≤ 2×). Floor: fetch POSTing the same bytes to a bare node:http server, p50 ${ms(roundTrip.http.p50)} ms (${(roundTrip.http.p50 / roundTrip.ws.p50).toFixed(1)}× the WebSocket call).`,
  ];
  const markdown = `${lines.join('\n')}\n\n${summary.join('\n')}\n`;
  return { results, toolsListBytes, setup, roundTrip, markdown };
}
