// parseSource of 2 MiB through the real `whetstone-agent serve` (dist/cli.js, loopback WebSocket),
// beside a raw web-tree-sitter parse of the same text in this process (the floor; raw parses and
// round trips alternate, so both see the same load on the machine), and the round trip of pings
// another session sends every few milliseconds while the parse runs: parseSource parses in the
// source worker thread, so other agents must not wait behind it. Two texts: a generated valid program,
// and junk that sends tree-sitter's error recovery down its slow path.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createParser } from '../server/src/core/syntax';
import { loadGrammar } from '../server/src/workspace/grammar';
import { OrderedClient, startChild, stop } from './agent.bench';
import { generateProgram } from './generate';
import { measure, summarize, type Row, type Sample } from './measure';

const ROOT = join(__dirname, '..', '..');
const SIZE = 2 * 1024 * 1024;
const RUNS = 5;

/** A valid generated program of just under `SIZE` characters, ending after a whole declaration. */
function program(): string {
  const text = generateProgram(80_000).slice(0, SIZE);
  return text.slice(0, text.lastIndexOf('\n}\n') + 3);
}

/** Text that is not Whetstone: unbalanced brackets and stray operators on every line. */
function junk(): string {
  return 'ab(){};= \n'.repeat(Math.floor(SIZE / 10));
}

/**
 * The agent that sends parseSource, in a process of its own (as agents are): receiving and
 * decoding tens of megabytes in this process would delay the pings it measures. Each line "go" on
 * stdin sends one request; the line written back is the round trip in milliseconds.
 */
const PARSE_CLIENT = `
const WebSocket = require('ws');
const source = require('fs').readFileSync(process.env.SOURCE, 'utf8');
const request = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'parseSource', params: { source, language: 'whetstone' } });
const ws = new WebSocket('ws://127.0.0.1:' + process.env.PORT, { headers: { Authorization: 'Bearer ' + process.env.TOKEN }, maxPayload: 1024 * 1024 * 1024 });
let started = 0;
ws.on('message', (data) => {
  const head = data.subarray(0, 40).toString();
  process.stdout.write(head.startsWith('{"jsonrpc":"2.0","id":7,"result":') ? (performance.now() - started) + '\\n' : 'failed ' + data.subarray(0, 300).toString() + '\\n');
});
ws.on('open', () => {
  process.stdout.write('ready\\n');
  require('readline').createInterface({ input: process.stdin }).on('line', () => { started = performance.now(); ws.send(request); });
});
`;

/** Drives a PARSE_CLIENT child: `parse()` resolves with the round trip it measured. */
class ParseClient {
  private readonly waiting: ((line: string) => void)[] = [];

  constructor(private readonly child: ChildProcess) {
    let seen = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      seen += chunk;
      for (let end = seen.indexOf('\n'); end >= 0; end = seen.indexOf('\n')) {
        const line = seen.slice(0, end);
        seen = seen.slice(end + 1);
        this.waiting.shift()?.(line);
      }
    });
  }

  next(): Promise<string> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  async parse(): Promise<number> {
    const answer = this.next();
    this.child.stdin!.write('go\n');
    const line = await answer;
    if (!/^[\d.]+$/.test(line)) throw new Error(`parseSource ${line}`);
    return Number(line);
  }
}

interface Measured {
  raw: Sample;
  parse: Sample;
  pings: Sample;
  maxPingMs: number;
  pingCount: number;
}

/** A ping every PING_GAP_MS from another session while a parse runs: an agent working alongside. */
const PING_GAP_MS = 5;

/**
 * Raw parses here and parseSource round trips in turn (so both see the same load on the machine),
 * then parseSource again with another session pinging meanwhile.
 */
async function parseWhilePinging(parser: ParseClient, pinger: OrderedClient, source: string): Promise<Measured> {
  const treeSitter = createParser();
  const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
  await parser.parse();
  treeSitter.parse(source)?.delete();
  const raws: number[] = [];
  const parses: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    raws.push(measure(1, () => treeSitter.parse(source)?.delete(), 0).p50);
    parses.push(await parser.parse());
  }
  const pings: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    let done = false;
    const answer = parser.parse().then(() => (done = true));
    while (!done) {
      const sent = performance.now();
      await pinger.roundTrip(ping);
      pings.push(performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, PING_GAP_MS));
    }
    await answer;
  }
  return { raw: summarize(raws), parse: summarize(parses), pings: summarize(pings), maxPingMs: pings.reduce((max, ms) => Math.max(max, ms), 0), pingCount: pings.length };
}

export async function benchParseSource(): Promise<Row[]> {
  await loadGrammar();
  const folder = mkdtempSync(join(tmpdir(), 'whetstone-parse-bench-'));
  const children: ChildProcess[] = [];
  const clients: OrderedClient[] = [];
  try {
    const file = join(folder, 'small.wst');
    writeFileSync(file, 'fn main(): number {\n  return 1;\n}\n');
    const serve = await startChild([join(ROOT, 'dist', 'cli.js'), 'serve', '--port', '0', '--approve', 'deny', '--lock-dir', join(folder, 'locks'), file]);
    children.push(serve.child);
    const lock = JSON.parse(readFileSync(String(serve.first.lockFile), 'utf8')) as { port: number; token: string };
    const pinger = await OrderedClient.open(`ws://127.0.0.1:${lock.port}`, lock.token);
    clients.push(pinger);
    const rows: Row[] = [];
    for (const [name, text] of [
      ['a generated 2 MiB program', program()],
      ['2 MiB of junk', junk()],
    ] as const) {
      const sourceFile = join(folder, 'source.txt');
      writeFileSync(sourceFile, text);
      const child = spawn(process.execPath, ['-e', PARSE_CLIENT], { cwd: ROOT, env: { ...process.env, SOURCE: sourceFile, PORT: String(lock.port), TOKEN: lock.token }, stdio: ['pipe', 'pipe', 'inherit'] });
      children.push(child);
      const parser = new ParseClient(child);
      if ((await parser.next()) !== 'ready') throw new Error('the parse client did not connect');
      const measured = await parseWhilePinging(parser, pinger, text);
      rows.push(
        {
          what: `parseSource of ${name} (${text.split('\n').length.toLocaleString('en-US')} lines), \`serve\` over loopback`,
          budget: '≤ 8× raw parse',
          measured: measured.parse,
          floorName: 'raw web-tree-sitter parse',
          floor: measured.raw,
        },
        {
          what: `ping from another session while that parseSource runs (${measured.pingCount.toLocaleString('en-US')} pings, max ${measured.maxPingMs.toFixed(1)} ms)`,
          budget: '≤ 50 ms',
          measured: measured.pings,
        },
      );
      await stop(child);
    }
    return rows;
  } finally {
    for (const client of clients) client.close();
    await Promise.all(children.map(stop));
    rmSync(folder, { recursive: true, force: true });
  }
}
