// The agent endpoint as it ships (`whetstone-agent serve` from dist/cli.js, over a real loopback
// WebSocket): ping round trip, pipelined ping throughput and getAST of a 1,000-line buffer, each
// beside a bare `ws` echo server (its own process, like serve) answering the same request with the
// same bytes in the same run, so the ratio is what the endpoint adds to the socket; and a rename
// through applyMutation, written to disk, for the headless mutation budget.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { generateProgram } from './generate';
import { measureAsync, summarize, type Row, type Sample } from './measure';

const ROOT = join(__dirname, '..', '..');
const PIPELINED = 10_000;

/** A bare ws server that answers each known request text with a fixed reply: the floor. */
const ECHO_SERVER = `
const { WebSocketServer } = require('ws');
const replies = new Map(Object.entries(JSON.parse(require('fs').readFileSync(process.env.REPLIES, 'utf8'))));
const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: 8 * 1024 * 1024 });
wss.on('connection', (ws) => ws.on('message', (data) => ws.send(replies.get(data.toString()) ?? data.toString())));
wss.on('listening', () => process.stdout.write(JSON.stringify({ port: wss.address().port }) + '\\n'));
`;

/** Notifications (buffer changes after an edit, say) are no answers: skipped. */
const NOTIFICATION = '{"jsonrpc":"2.0","method":';

/** One socket whose answers are taken in order (requests here are answered in order). */
export class OrderedClient {
  private readonly waiting: ((text: string) => void)[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const text = data.toString();
      if (!text.startsWith(NOTIFICATION)) this.waiting.shift()?.(text);
    });
  }

  static open(url: string, token?: string): Promise<OrderedClient> {
    const socket = new WebSocket(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, maxPayload: 64 * 1024 * 1024 });
    return new Promise((resolve, reject) => {
      const client = new OrderedClient(socket);
      socket.once('open', () => resolve(client));
      socket.once('error', reject);
    });
  }

  /** Sends text and resolves with the next answer. */
  roundTrip(text: string): Promise<string> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.socket.send(text);
    });
  }

  /** Sends `count` copies of text at once; resolves when every answer has arrived. */
  async pipeline(text: string, count: number): Promise<void> {
    const answers: Promise<string>[] = [];
    for (let i = 0; i < count; i++) answers.push(new Promise((resolve) => this.waiting.push(resolve)));
    for (let i = 0; i < count; i++) this.socket.send(text);
    await Promise.all(answers);
  }

  close(): void {
    this.socket.close();
  }
}

/** Starts a child whose first stdout line is JSON, and resolves with that JSON. */
export function startChild(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ child: ChildProcess; first: Record<string, unknown> }> {
  // stderr is kept, not shown: serve logs every applied change there, which would flood the table.
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      seen += chunk;
      const end = seen.indexOf('\n');
      if (end >= 0) resolve({ child, first: JSON.parse(seen.slice(0, end)) as Record<string, unknown> });
    });
    child.once('exit', (code) => reject(new Error(`${args[0]} exited with ${code}: ${stderr}`)));
  });
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Pipelined throughput as milliseconds per `PIPELINED` requests. */
async function throughput(client: OrderedClient, text: string): Promise<Sample> {
  await client.pipeline(text, PIPELINED);
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const start = performance.now();
    await client.pipeline(text, PIPELINED);
    times.push(performance.now() - start);
  }
  return summarize(times);
}

function perSecond(sample: Sample): string {
  return Math.round(PIPELINED / (sample.p50 / 1000)).toLocaleString('en-US');
}

export async function benchAgent(): Promise<Row[]> {
  const folder = mkdtempSync(join(tmpdir(), 'whetstone-agent-bench-'));
  const children: ChildProcess[] = [];
  const clients: OrderedClient[] = [];
  try {
    const source = join(folder, 'bench.wst');
    writeFileSync(source, generateProgram(1_000));
    const serve = await startChild([join(ROOT, 'dist', 'cli.js'), 'serve', '--port', '0', '--approve', 'deny', '--lock-dir', join(folder, 'locks'), source]);
    children.push(serve.child);
    const lock = JSON.parse(readFileSync(String(serve.first.lockFile), 'utf8')) as { port: number; token: string };
    const agent = await OrderedClient.open(`ws://127.0.0.1:${lock.port}`, lock.token);
    clients.push(agent);

    const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
    const getAst = '{"jsonrpc":"2.0","id":2,"method":"getAST"}';
    const replies = { [ping]: await agent.roundTrip(ping), [getAst]: await agent.roundTrip(getAst) };
    if (!replies[getAst].includes('"result"')) throw new Error(`getAST failed: ${replies[getAst].slice(0, 300)}`);
    const repliesFile = join(folder, 'replies.json');
    writeFileSync(repliesFile, JSON.stringify(replies));
    const echoServer = await startChild(['-e', ECHO_SERVER], { ...process.env, REPLIES: repliesFile });
    children.push(echoServer.child);
    const echo = await OrderedClient.open(`ws://127.0.0.1:${Number(echoServer.first.port)}`);
    clients.push(echo);

    const pingAgent = await measureAsync(2_000, async () => void (await agent.roundTrip(ping)), 200);
    const pingEcho = await measureAsync(2_000, async () => void (await echo.roundTrip(ping)), 200);
    const pipelinedAgent = await throughput(agent, ping);
    const pipelinedEcho = await throughput(echo, ping);
    // Asked in turn with the echo, so both see the same load of this shared machine.
    const ast = await timedAfter(
      50,
      async () => undefined,
      async () => void (await agent.roundTrip(getAst)),
      async () => void (await echo.roundTrip(getAst)),
      0,
    );

    const rows: Row[] = [
      { what: 'ping round trip, `serve` over loopback WebSocket', budget: '≤ 0.2 ms p50', measured: pingAgent, floorName: 'bare ws echo, same bytes', floor: pingEcho },
      {
        what: `${PIPELINED.toLocaleString('en-US')} pipelined pings (${perSecond(pipelinedAgent)} req/s; echo ${perSecond(pipelinedEcho)} req/s)`,
        budget: '≥ 10,000 req/s',
        measured: pipelinedAgent,
        floorName: 'bare ws echo, same bytes',
        floor: pipelinedEcho,
      },
      {
        what: `getAST of a 1,000-line buffer, unchanged, asked again (${(Buffer.byteLength(replies[getAst]) / 1024).toFixed(0)} KiB answer)`,
        budget: '≤ 10 ms p50; ≤ 2× echo',
        measured: ast.measured,
        floorName: 'bare ws echo, same bytes, asked in turn',
        floor: ast.floor,
      },
    ];

    rows.push(...(await changedAstRows(agent, echo, getAst, replies[getAst])));
    const rename = await renameRow(agent, replies[getAst]);
    if (rename) rows.push(rename);
    return rows;
  } finally {
    for (const client of clients) client.close();
    await Promise.all(children.map(stop));
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * getAST p50 over `runs` calls, each after `between` (not timed) and a pause of `pauseMs`, beside
 * the echo of the same bytes asked after the same pause in the same loop: the floor sees the same
 * idle gap (a socket and a process woken after a pause answer slower than busy ones) and the same
 * load of this shared machine as the call it is the floor of.
 */
async function timedAfter(
  runs: number,
  between: () => Promise<void>,
  ask: () => Promise<void>,
  echo: () => Promise<void>,
  pauseMs = 5,
): Promise<{ measured: Sample; floor: Sample }> {
  const times: number[] = [];
  const floors: number[] = [];
  const pause = (): Promise<void> => (pauseMs > 0 ? new Promise((resolve) => setTimeout(resolve, pauseMs)) : Promise.resolve());
  for (let i = -5; i < runs; i++) {
    await between();
    // Let what the edit leaves behind (the file write, notifications) finish before the timed call.
    await pause();
    let start = performance.now();
    await ask();
    if (i >= 0) times.push(performance.now() - start);
    await pause();
    start = performance.now();
    await echo();
    if (i >= 0) floors.push(performance.now() - start);
  }
  return { measured: summarize(times), floor: summarize(floors) };
}

/**
 * getAST with one agent edit between calls (applyMutation in a function in the middle of the
 * buffer), timed apart from the edit, beside the echo of the same bytes after the same pause: a
 * rename to a name of the same length (nothing else moves), one that lengthens the name, and one
 * character inserted in the function's body (a literal 2 becoming 20); in the last two the items
 * after it move, so their spans' offsets change.
 */
async function changedAstRows(agent: OrderedClient, echo: OrderedClient, getAst: string, astReply: string): Promise<Row[]> {
  const ast = (JSON.parse(astReply) as { result: { ast: { children: AstNode[] } } }).result.ast;
  // A function in the middle with a literal 2 in its body (`round(…, 2)`).
  const isTwo = (node: AstNode): boolean => node.type === 'Literal' && node.value === 2;
  const functions = ast.children.filter((child) => child.type === 'FunctionDeclaration' && findNode(child, isTwo));
  const target = functions[Math.floor(functions.length / 2)];
  const role = JSON.parse(await agent.roundTrip('{"jsonrpc":"2.0","id":5,"method":"setAgentRole","params":{"role":"refactor"}}')) as { error?: unknown };
  if (!target?.name || role.error) return [];
  const name = target.name;
  const two = findNode(target, isTwo);
  const edits: [string, string, string, unknown, unknown][] = [
    ['same-length rename', target.id, 'name', name, `${name.slice(0, -1)}${name.endsWith('Q') ? 'R' : 'Q'}`],
    ['lengthening rename', target.id, 'name', name, `${name}Renamed`],
  ];
  if (two) edits.push(['character inserted in its body', two.id, 'value', 2, 20]);
  const rows: Row[] = [];
  for (const [what, nodeId, property, value, other] of edits) {
    let flip = false;
    const edit = async (): Promise<void> => {
      flip = !flip;
      const request = { jsonrpc: '2.0', id: 6, method: 'applyMutation', params: { type: 'setProperty', nodeId, property, value: flip ? other : value } };
      const answer = JSON.parse(await agent.roundTrip(JSON.stringify(request))) as { error?: { message: string } };
      if (answer.error) throw new Error(`applyMutation failed: ${answer.error.message}`);
    };
    const { measured, floor } = await timedAfter(
      40,
      edit,
      async () => {
        const answer = await agent.roundTrip(getAst);
        if (!answer.startsWith('{"jsonrpc":"2.0","id":2,"result":{"ast":')) throw new Error(`getAST failed: ${answer.slice(0, 300)}`);
      },
      async () => void (await echo.roundTrip(getAst)),
    );
    rows.push({
      what: `getAST of the 1,000-line buffer after one ${what} (edit not timed)`,
      budget: '≤ 2× echo',
      measured,
      floorName: 'bare ws echo, same bytes, same pause before, asked in turn',
      floor,
    });
  }
  return rows;
}

interface AstNode {
  type: string;
  id: string;
  name?: string;
  value?: unknown;
  [field: string]: unknown;
}

function findNode(root: AstNode, test: (node: AstNode) => boolean): AstNode | undefined {
  if (test(root)) return root;
  for (const value of Object.values(root)) {
    for (const child of Array.isArray(value) ? value : [value]) {
      if (typeof child === 'object' && child !== null && typeof (child as AstNode).type === 'string' && typeof (child as AstNode).id === 'string') {
        const found = findNode(child as AstNode, test);
        if (found) return found;
      }
    }
  }
  return undefined;
}

/** applyMutation renaming a function back and forth, each written to disk; none if unavailable. */
async function renameRow(agent: OrderedClient, astReply: string): Promise<Row | undefined> {
  const ast = (JSON.parse(astReply) as { result: { ast: { children: { type: string; id: string; name?: string }[] } } }).result.ast;
  const target = ast.children.find((child) => child.type === 'FunctionDeclaration');
  if (!target) return undefined;
  const role = JSON.parse(await agent.roundTrip('{"jsonrpc":"2.0","id":3,"method":"setAgentRole","params":{"role":"refactor"}}')) as { error?: unknown };
  if (role.error) return undefined;
  let flip = false;
  const rename = async (): Promise<void> => {
    flip = !flip;
    const request = { jsonrpc: '2.0', id: 4, method: 'applyMutation', params: { type: 'setProperty', nodeId: target.id, property: 'name', value: flip ? `${target.name}Renamed` : target.name } };
    const answer = JSON.parse(await agent.roundTrip(JSON.stringify(request))) as { error?: { message: string } };
    if (answer.error) throw new Error(`applyMutation failed: ${answer.error.message}`);
  };
  try {
    await rename();
  } catch {
    return undefined;
  }
  return { what: 'applyMutation rename, headless, 1,000-line buffer, written to disk', budget: '≤ 5 ms p50', measured: await measureAsync(100, rename) };
}
