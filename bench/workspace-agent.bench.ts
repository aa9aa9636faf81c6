// An agent on the generated workspace of 1,000 files × 500 lines (bench/generate-workspace.ts),
// headless: the real `whetstone-agent serve DIR` as people start it, over a loopback WebSocket.
// `findSymbol` of the hub function `core.lists.sumAll` by its qualified name, asked in turn with
// `ping` (the round trip alone) as its floor; `renameSymbol` of that function, imported by about
// 200 files, back and forth, every changed file written to disk, beside the floor of writing the
// same new texts atomically (temporary file, rename) from the bench's own process. Then when serve
// first answered after it was started, and its resident memory with the workspace served, right
// after the renames and once it has been idle.
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { OrderedClient, startChild, stop } from './agent.bench';
import { generateWorkspace, writeWorkspace } from './generate-workspace';
import { rssOf, summarize, table, type Row } from './measure';
import { writeFigures } from './readme-figures';

const ROOT = join(__dirname, '..', '..');
const FILES = 1000;
const LINES = 500;
const LOOKUPS = 40;
const RENAMES = 6;
const QUALIFIED = 'core.lists.sumAll';

interface Answer {
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

export async function benchWorkspaceAgent(): Promise<{ rows: Row[]; markdown: string }> {
  const load = loadavg()[0];
  const folder = mkdtempSync(join(tmpdir(), 'whetstone-bench-workspace-agent-'));
  const served = join(folder, 'workspace');
  writeWorkspace(served, generateWorkspace(FILES, LINES));
  const started = performance.now();
  const serve = await startChild([join(ROOT, 'dist', 'cli.js'), 'serve', '--port', '0', '--approve', 'auto', '--lock-dir', join(folder, 'locks'), served]);
  const lock = JSON.parse(readFileSync(String(serve.first.lockFile), 'utf8')) as { port: number; token: string; pid: number };
  let agent: OrderedClient | undefined;
  try {
    agent = await OrderedClient.open(`ws://127.0.0.1:${lock.port}`, lock.token);
    let id = 0;
    const call = async (method: string, params: Record<string, unknown>): Promise<Record<string, unknown>> => {
      const answer = JSON.parse(await agent!.roundTrip(JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }))) as Answer;
      if (!answer.result) throw new Error(`${method} failed: ${JSON.stringify(answer.error)}`);
      return answer.result;
    };
    await call('ping', {});
    const firstAnswerMs = performance.now() - started;
    await call('setAgentRole', { role: 'refactor' });
    // The index is read in the background: findSymbol says so until it is complete.
    while ((await call('findSymbol', { name: QUALIFIED })).indexing === true) await new Promise((resolve) => setTimeout(resolve, 50));
    const indexedMs = performance.now() - started;
    // What serve holds once indexed, before any request opens files: the budget's moment.
    const indexedRss = await settledRss(lock.pid, rssOf(lock.pid), false);

    // findSymbol by qualified name, in turn with ping.
    const lookups: number[] = [];
    const pings: number[] = [];
    let match: { uri: string; nodeId: string } | undefined;
    for (let i = 0; i < LOOKUPS + 5; i++) {
      let start = performance.now();
      const found = await call('findSymbol', { name: QUALIFIED });
      const lookup = performance.now() - start;
      start = performance.now();
      await call('ping', {});
      const ping = performance.now() - start;
      if (i >= 5) {
        lookups.push(lookup);
        pings.push(ping);
      }
      match = (found.matches as { uri: string; nodeId: string }[])[0];
    }
    if (!match) throw new Error(`findSymbol found no ${QUALIFIED}`);
    // A file nobody has named yet has no node ids: naming its uri opens it.
    if (match.nodeId === undefined) {
      const found = await call('findNodes', { uri: match.uri, type: 'FunctionDeclaration', name: QUALIFIED.split('.').pop() });
      match = { uri: match.uri, nodeId: (found.candidates as { nodeId: string }[])[0].nodeId };
    }

    // renameSymbol across its importers, and the same files written from here.
    const renames: number[] = [];
    const writes: number[] = [];
    let changedFiles = 0;
    const names = ['sumAll', 'sumEvery'];
    for (let i = 0; i < RENAMES; i++) {
      const start = performance.now();
      const renamed = await call('renameSymbol', { uri: match.uri, nodeId: match.nodeId, newName: names[(i + 1) % 2] });
      renames.push(performance.now() - start);
      const changed = (renamed.changes as { uri: string }[]).map((change) => new URL(change.uri).pathname);
      changedFiles = changed.length;
      writes.push(writeAtomically(changed));
    }
    const rssMb = rssOf(lock.pid);
    const settled = await settledRss(lock.pid, rssMb);
    const rows: Row[] = [
      { what: `findSymbol \`${QUALIFIED}\` (qualified name), 1,000 files served`, budget: '≤ 10 ms p50', measured: summarize(lookups), floorName: 'ping, in turn', floor: summarize(pings) },
      {
        what: `renameSymbol of the hub's \`sumAll\` across the ${changedFiles} files it changes, each written to disk`,
        budget: '≤ 2 s p50',
        measured: summarize(renames),
        floorName: 'the same files rewritten atomically (temporary file, rename) by the bench',
        floor: summarize(writes),
      },
    ];
    const markdown = [
      table(rows),
      '',
      `Load average at the start and the end of the run: ${load.toFixed(2)} → ${loadavg()[0].toFixed(2)} (other processes share the machine: compare with the floor).`,
      `serve started → its first answer (ping): ${Math.round(firstAnswerMs).toLocaleString('en-US')} ms; → the index of every file complete (findSymbol no longer \`indexing\`): ${Math.round(indexedMs).toLocaleString('en-US')} ms.`,
      `The first of the renames (the first change that reaches the importers, which analyses them against the modules they import): ${Math.round(renames[0]).toLocaleString('en-US')} ms.`,
      `Resident memory of the serving process once its index was complete (settled for ${indexedRss.seconds} s, no file opened yet): ${indexedRss.mb === undefined ? 'not measured' : `${Math.round(indexedRss.mb)} MB`} (budget ≤ 500 MB).`,
      `Resident memory of the serving process after the renames: ${rssMb === undefined ? 'not measured' : `${Math.round(rssMb)} MB`}; once it had been idle for ${settled.seconds} s (V8's memory reducer collects then): ${settled.mb === undefined ? 'not measured' : `${Math.round(settled.mb)} MB`}, holding the files the renames opened.`,
      '',
    ].join('\n');
    return { rows, markdown };
  } finally {
    agent?.close();
    await stop(serve.child);
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * The serving process's resident memory once it has been idle for a while: right after a change
 * of many files it still holds their garbage, which V8 collects once the process is quiet. Waits
 * until it has dropped by a tenth (unless `mustDrop` is false) and stayed within 2 MB for three
 * seconds, or a minute at most.
 */
async function settledRss(pid: number, atFirst: number | undefined, mustDrop = true): Promise<{ mb: number | undefined; seconds: number }> {
  let last = atFirst;
  let steady = 0;
  let seconds = 0;
  while (atFirst !== undefined && seconds < 60 && steady < 3) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    seconds++;
    const now = rssOf(pid);
    steady = now !== undefined && last !== undefined && (!mustDrop || now < atFirst * 0.9) && Math.abs(now - last) < 2 ? steady + 1 : 0;
    last = now;
  }
  return { mb: last, seconds };
}

/** Rewrites each file as it is, atomically, as serve writes a change; returns the milliseconds it took. */
function writeAtomically(paths: readonly string[]): number {
  const texts = paths.map((path) => readFileSync(path, 'utf8'));
  const start = performance.now();
  paths.forEach((path, index) => {
    const temporary = `${path}.bench.tmp`;
    writeFileSync(temporary, texts[index]);
    renameSync(temporary, path);
  });
  return performance.now() - start;
}

if (require.main === module) {
  benchWorkspaceAgent()
    .then(({ markdown }) => {
      console.log(markdown);
      writeFigures('workspace-agent', markdown);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}

