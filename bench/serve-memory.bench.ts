// The headless `whetstone-agent serve` as people start it (`node dist/cli.js serve`, which starts
// itself again with the language server's Node options, server/src/cli/server-node-options.ts):
// its resident memory with the generated 10,000-line file open after RENAMES renames through
// applyMutation, each followed by getAST, beside the same session in a serve given V8's own values
// for those options (so it runs as every serve did before). And the time from starting serve to
// its listening line, as people start it, beside the floor: serve started with the options, which
// then does not start a second time.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OrderedClient, startChild, stop } from './agent.bench';
import { generateProgram } from './generate';
import { privateMbOf, rssOf, summarize, type Row } from './measure';
import { SERVER_NODE_OPTIONS } from '../server/src/protocol/server-process';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');
export const SERVE_RENAMES = 60;
/** V8's own values of the two options on 64-bit: serve given them keeps them and sizes its heap as before. */
const V8_DEFAULT_SIZING = ['--max-semi-space-size=16', '--heap-growing-percent=0'];
const START_RUNS = 7;

export interface ServeMemory {
  /** The process that serves, started as people start it. */
  servingMb?: number;
  /** The process people started, which started the serving one and stays beside it. */
  launcherMb?: number;
  /** Of which its own (the rest is the node binary's code, shared with the serving process). */
  launcherOwnMb?: number;
  /** The same session in a serve with V8's default heap sizing. */
  defaultSizingMb?: number;
}

export async function benchServeMemory(): Promise<{ rows: Row[]; memory: ServeMemory }> {
  const folder = mkdtempSync(join(tmpdir(), 'whetstone-serve-memory-'));
  try {
    const source = join(folder, 'large.wst');
    const text = generateProgram(10_000);
    writeFileSync(source, text);
    const memory = await session([], folder, source);
    writeFileSync(source, text);
    memory.defaultSizingMb = (await session(V8_DEFAULT_SIZING, folder, source)).servingMb;

    const small = join(folder, 'small.wst');
    writeFileSync(small, generateProgram(1_000));
    const asPeople: number[] = [];
    const withOptions: number[] = [];
    // In turn, so both see the same load of this shared machine.
    for (let i = 0; i < START_RUNS; i++) {
      asPeople.push(await timeToListening([], folder, small));
      withOptions.push(await timeToListening(SERVER_NODE_OPTIONS, folder, small));
    }
    const rows: Row[] = [
      {
        what: '`node dist/cli.js serve` start to its listening line, 1,000-line file (it starts itself again with the server\'s Node options)',
        budget: '≤ 1.5× floor',
        measured: summarize(asPeople),
        floorName: 'serve started with the options (one start)',
        floor: summarize(withOptions),
      },
    ];
    return { rows, memory };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Starts serve (with `nodeOptions`), opens `source`, renames a function RENAMES times with a getAST after each; the memory then. */
async function session(nodeOptions: readonly string[], folder: string, source: string): Promise<ServeMemory> {
  const serve = await startChild([...nodeOptions, CLI, 'serve', '--port', '0', '--approve', 'deny', '--lock-dir', join(folder, 'locks'), source]);
  try {
    const lock = JSON.parse(readFileSync(String(serve.first.lockFile), 'utf8')) as { pid: number; port: number; token: string };
    const agent = await OrderedClient.open(`ws://127.0.0.1:${lock.port}`, lock.token);
    try {
      const getAst = '{"jsonrpc":"2.0","id":1,"method":"getAST"}';
      const ast = (JSON.parse(await agent.roundTrip(getAst)) as { result: { ast: { children: { type: string; id: string; name?: string }[] } } }).result.ast;
      await agent.roundTrip('{"jsonrpc":"2.0","id":2,"method":"setAgentRole","params":{"role":"refactor"}}');
      const functions = ast.children.filter((child) => child.type === 'FunctionDeclaration');
      const target = functions[Math.floor(functions.length / 2)];
      for (let i = 0; i < SERVE_RENAMES; i++) {
        const name = i % 2 === 0 ? `${target.name}Renamed` : target.name;
        const request = { jsonrpc: '2.0', id: 3, method: 'applyMutation', params: { type: 'setProperty', nodeId: target.id, property: 'name', value: name } };
        const answer = JSON.parse(await agent.roundTrip(JSON.stringify(request))) as { error?: { message: string } };
        if (answer.error) throw new Error(`applyMutation failed: ${answer.error.message}`);
        const tree = await agent.roundTrip(getAst);
        if (!tree.startsWith('{"jsonrpc":"2.0","id":1,"result":')) throw new Error(`getAST failed: ${tree.slice(0, 300)}`);
      }
      // What the last calls left behind (the file write, notifications) settles first.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const launched = lock.pid !== serve.child.pid;
      return { servingMb: rssOf(lock.pid), launcherMb: launched ? rssOf(serve.child.pid) : undefined, launcherOwnMb: launched ? privateMbOf(serve.child.pid) : undefined };
    } finally {
      agent.close();
    }
  } finally {
    await stop(serve.child);
  }
}

async function timeToListening(nodeOptions: readonly string[], folder: string, source: string): Promise<number> {
  const start = performance.now();
  const serve = await startChild([...nodeOptions, CLI, 'serve', '--port', '0', '--approve', 'deny', '--lock-dir', join(folder, 'locks'), source]);
  const elapsed = performance.now() - start;
  await stop(serve.child);
  return elapsed;
}
