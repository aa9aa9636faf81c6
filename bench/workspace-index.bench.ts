// The language server's workspace index over a generated workspace of 1,000 files × 500 lines
// (bench/generate-workspace.ts: a realistic import graph, hub modules imported by 200 files): the
// real server (dist/server.js --stdio, started as the VS Code client starts it, with a workspace
// folder) from `initialized` to the end of its "Indexing N Whetstone files" progress — finding the
// files, reading each through regular-file.ts, parsing it once and keeping its summary — beside a
// raw web-tree-sitter parse of the same texts in this process, taking turns, a fresh server each
// round (a cold index; the files are in the page cache after the first round, as after any
// checkout). The build ends when every file is checked (its diagnostics published). Then the
// server's RSS with the index built, workspace/symbol queries, keystrokes in a hub module (its
// own diagnostics, and its dependents' republished), and files of the indexed workspace opened.
// Before any server, the floor of that design: the build's work on each file with nothing around
// it (per-file-work.ts), on one warm thread and on two worker threads started for it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { createParser, WhetstoneDocument } from '../server/src/core/syntax';
import { SERVER_NODE_OPTIONS } from '../server/src/protocol/server-process';
import { loadGrammar } from '../server/src/workspace/grammar';
import { POOL_IDLE_MS } from '../server/src/workspace/idle-pool';
import { WORKER_RESOURCE_LIMITS } from '../server/src/workspace/summary-pool';
import { generateWorkspace, writeWorkspace, type GeneratedModule } from './generate-workspace';
import { measureAsync, rssOf, summarize, table, type Row } from './measure';
import { checkEachFile } from './per-file-work';
import { writeFigures } from './readme-figures';

const FILES = 1000;
const LINES = 500;
const ROUNDS = 5;

interface Publication {
  uri: string;
  version?: number;
  count: number;
  at: number;
}

interface IndexedServer {
  /** Milliseconds from `initialized` to the progress's end. */
  buildMs: number;
  /** Every publishDiagnostics received, with when. */
  publications: Publication[];
  /** Resolves at the next publication that `accept` takes. */
  next(accept: (publication: Publication) => boolean): Promise<Publication>;
  notify(method: string, params: unknown): Promise<void>;
  query(text: string): Promise<unknown[]>;
  rssMb(): number | undefined;
  pid: number | undefined;
  stop(): Promise<void>;
}

async function indexWith(folder: string): Promise<IndexedServer> {
  const server = spawn(process.execPath, [...SERVER_NODE_OPTIONS, join(__dirname, '..', '..', 'dist', 'server.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = createMessageConnection(new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));
  let ended: () => void = () => undefined;
  const end = new Promise<void>((resolve) => (ended = resolve));
  connection.onNotification('$/progress', (params: { value?: { kind?: string } }) => {
    if (params.value?.kind === 'end') ended();
  });
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.onRequest('client/registerCapability', () => null);
  // Semantic diagnostics at once: the rows time the analysis, not the debounce after typing.
  connection.onRequest('workspace/configuration', () => [{ diagnostics: { semanticDelayMs: 0 } }]);
  const publications: Publication[] = [];
  let waiters: { accept: (publication: Publication) => boolean; resolve: (publication: Publication) => void }[] = [];
  connection.onNotification('textDocument/publishDiagnostics', (params: { uri: string; version?: number; diagnostics: unknown[] }) => {
    const publication = { uri: params.uri, version: params.version, count: params.diagnostics.length, at: performance.now() };
    publications.push(publication);
    const taken = waiters.filter((waiter) => waiter.accept(publication));
    waiters = waiters.filter((waiter) => !taken.includes(waiter));
    for (const waiter of taken) waiter.resolve(publication);
  });
  connection.listen();
  const uri = pathToFileURL(folder).href;
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: uri,
    workspaceFolders: [{ uri, name: 'bench' }],
    capabilities: { window: { workDoneProgress: true }, workspace: { configuration: true, didChangeWatchedFiles: { dynamicRegistration: true } } },
  });
  const start = performance.now();
  await connection.sendNotification('initialized', {});
  await end;
  const buildMs = performance.now() - start;
  return {
    buildMs,
    publications,
    next: (accept) => new Promise((resolve) => waiters.push({ accept, resolve })),
    notify: (method, params) => connection.sendNotification(method, params),
    query: (text) => connection.sendRequest('workspace/symbol', { query: text }),
    rssMb: () => rssOf(server.pid),
    pid: server.pid,
    async stop() {
      await connection.sendRequest('shutdown').catch(() => undefined);
      await connection.sendNotification('exit').catch(() => undefined);
      connection.dispose();
      server.kill();
    },
  };
}

export async function benchWorkspaceIndex(): Promise<{ rows: Row[]; rssMb?: number; markdown: string; diagnosticsMarkdown: string }> {
  const modules = generateWorkspace(FILES, LINES);
  const lines = modules.reduce((sum, module) => sum + module.text.split('\n').length - 1, 0);
  // The generated code must be what it claims: every file parses without a syntax error.
  await loadGrammar();
  for (const module of modules) {
    const document = WhetstoneDocument.create(module.text);
    const errors = document.syntaxDiagnostics.length;
    document.dispose();
    if (errors > 0) throw new Error(`the generated ${module.path} has ${errors} syntax errors`);
  }
  const folder = mkdtempSync(join(tmpdir(), 'whetstone-bench-workspace-'));
  try {
    writeWorkspace(folder, modules);
    const parser = createParser();
    // Before any server runs, so nothing else takes the cores.
    const floors = await perFileWork(folder, modules, parser);
    const rawTimes: number[] = [];
    const buildTimes: number[] = [];
    let last: IndexedServer | undefined;
    for (let round = -1; round < ROUNDS; round++) {
      await last?.stop();
      const rawStart = performance.now();
      for (const module of modules) parser.parse(module.text)?.delete();
      const raw = performance.now() - rawStart;
      last = await indexWith(folder);
      if (round >= 0) {
        rawTimes.push(raw);
        buildTimes.push(last.buildMs);
      }
    }
    const server = last as IndexedServer;
    try {
      // Settled: the build's garbage collected, as after a pause in typing.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const rssMb = server.rssMb();
      const queries = ['score', 'roundMoney', 'lnTot', 'describe5', 'Entry42', 'histogram17u3', 'wgh', 'clampAll'];
      let found = 0;
      const query = await measureAsync(200, async (i) => {
        found = (await server.query(queries[(i + queries.length) % queries.length])).length;
      });
      if (found === 0) throw new Error('workspace/symbol found nothing in the indexed workspace');
      const checked = new Set(server.publications.map((publication) => publication.uri));
      if (checked.size !== modules.length) throw new Error(`the build published the diagnostics of ${checked.size} of ${modules.length} files`);
      const hub = await hubKeystrokes(server, folder, modules);
      const opening = await openFiles(server, folder, modules, parser);
      const switched = await branchSwitch(server, folder, modules, parser);
      // Nothing to do for longer than the workers are kept: they stop, their memory with them.
      const idle = await afterWorkersStop(server.pid);
      const rows: Row[] = [
        {
          what: `cold index of a generated workspace, ${FILES.toLocaleString('en-US')} files × ${LINES} lines (${lines.toLocaleString('en-US')} lines; each imports 3–10, 5 hubs imported by ~200), real LSP server from initialized to its progress's end (find; read the imports each text names, to order the files; then each file read and parsed once for its summary and its check, imports first, and its diagnostics published)`,
          budget: '≤ 2× raw parse',
          measured: summarize(buildTimes),
          floorName: 'raw web-tree-sitter parse of every file, in turn',
          floor: summarize(rawTimes),
        },
        ...floors,
        { what: `workspace/symbol query over the indexed ${FILES.toLocaleString('en-US')}-file workspace (subsequence match, at most 256 answers), real LSP server over stdio`, budget: '≤ 20 ms p50', measured: query },
      ];
      const diagnostics = [...hub, opening, switched];
      const mb = (value: number | undefined): string => (value === undefined ? 'n/a' : `${value.toFixed(0)} MB`);
      const memory = [
        `Language server RSS with the ${FILES.toLocaleString('en-US')}-file workspace indexed, every file's diagnostics computed (no file open), a second after the build, its worker threads still running for the first change: ${mb(rssMb)} (budget ≤ 400 MB).`,
        idle.stopped
          ? `The same server after the rows below, once its workers stopped (${idle.seconds} s with nothing to do): ${mb(idle.mb)}.`
          : `The same server after the rows below: its workers had not stopped after ${idle.seconds} s with nothing to do (${mb(idle.mb)}).`,
      ].join('\n');
      return { rows: [...rows, ...diagnostics], rssMb, markdown: `${table(rows)}\n\n${memory}\n`, diagnosticsMarkdown: `${table(diagnostics)}\n` };
    } finally {
      parser.delete();
      await server.stop();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const FLOOR_ROUNDS = 3;

/**
 * The floor rows (per-file-work.ts): the build's work on each file with nothing around it, on this
 * thread once its code is warm, and on two worker threads started for it (half the files each,
 * from their start to the end of the last), beside a raw parse of every file in turn.
 */
async function perFileWork(folder: string, modules: readonly GeneratedModule[], parser: ReturnType<typeof createParser>): Promise<Row[]> {
  const paths = modules.map((module) => join(folder, module.path));
  const half = Math.ceil(paths.length / 2);
  const raws: number[] = [];
  const oneThread: number[] = [];
  const twoWorkers: number[] = [];
  checkEachFile(paths);
  for (let round = 0; round < FLOOR_ROUNDS; round++) {
    let start = performance.now();
    for (const module of modules) parser.parse(module.text)?.delete();
    raws.push(performance.now() - start);
    start = performance.now();
    checkEachFile(paths);
    oneThread.push(performance.now() - start);
    start = performance.now();
    await Promise.all([paths.slice(0, half), paths.slice(half)].map(checkOnWorker));
    twoWorkers.push(performance.now() - start);
  }
  const floorName = 'raw web-tree-sitter parse of every file, in turn';
  const work = 'each file read, parsed once, summarised and checked by the function the build\'s workers run, its imports taken as no file (no index, ordering, messages or publication)';
  return [
    { what: `the build's work on each file alone, on one thread whose code is already compiled: ${work}`, budget: '—', measured: summarize(oneThread), floorName, floor: summarize(raws) },
    { what: `the same work on two worker threads started for it, half the files each, as the server's workers are (from their start to the last one's end)`, budget: '—', measured: summarize(twoWorkers), floorName, floor: summarize(raws) },
  ];
}

/** Checks `paths` on a new worker thread (per-file-work.worker.ts), with the heap the server's workers have. */
function checkOnWorker(paths: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(join(__dirname, 'per-file-work.worker.js'), { workerData: { paths }, resourceLimits: { ...WORKER_RESOURCE_LIMITS } });
    let done = false;
    worker.on('message', () => {
      done = true;
      resolve();
      void worker.terminate();
    });
    worker.on('error', reject);
    worker.on('exit', () => {
      if (!done) reject(new Error('a worker of the floor rows stopped before its files were checked'));
    });
  });
}

const HUB = 'core/money.wst';
const SIGNATURE = 'fn roundMoney(amount: number, digits: number = 2): number {';
const BODY = '  return round(amount, digits);';
const KEYSTROKES = 8;

/**
 * Keystrokes in the hub `core.money` (imported by about 200 files, and most others depend on it
 * through those, whose exports its signature does not change), open in the server: a digit
 * typed and removed in its body, and its exported signature changed and back. Timed from the
 * didChange to the hub's own full publication of that version, and to the last publication of a
 * dependent after it.
 */
async function hubKeystrokes(server: IndexedServer, folder: string, modules: readonly GeneratedModule[]): Promise<Row[]> {
  const text = modules.find((module) => module.path === HUB)?.text;
  if (text === undefined) throw new Error(`no ${HUB} in the generated workspace`);
  const uri = pathToFileURL(join(folder, HUB)).href;
  const lines = text.split('\n');
  const signatureLine = lines.indexOf(SIGNATURE);
  const bodyLine = lines.indexOf(BODY);
  if (signatureLine < 0 || bodyLine < 0) throw new Error(`${HUB} does not read as the bench expects`);
  let version = 1;
  const opened = server.next((p) => p.uri === uri && p.version === 1);
  await server.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'whetstone', version, text } });
  await opened;
  const edit = async (line: number, from: number, to: number, inserted: string, dependents: number, quietMs = 400): Promise<{ own: number; dependents: number; republished: number }> => {
    version++;
    const start = performance.now();
    const seen = server.publications.length;
    // Its full publication is its second of the version (syntax at once, then semantic).
    let ofVersion = 0;
    const own = server.next((p) => p.uri === uri && p.version === version && ++ofVersion === 2);
    await server.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ range: { start: { line, character: from }, end: { line, character: to } }, text: inserted }] });
    const ownAt = (await own).at;
    // The dependents republished: as many as the change is expected to reach, or whatever came before a quiet second.
    const others = new Set<string>();
    const counted = (): number => {
      for (const publication of server.publications.slice(seen)) if (publication.uri !== uri) others.add(publication.uri);
      return others.size;
    };
    for (let quiet = performance.now(); counted() < dependents || dependents === 0; ) {
      const before = server.publications.length;
      await new Promise((resolve) => setTimeout(resolve, dependents === 0 ? 100 : 20));
      if (server.publications.length !== before) quiet = performance.now();
      else if (performance.now() - quiet > (dependents === 0 ? quietMs : 5000)) break;
    }
    const last = server.publications.slice(seen).filter((p) => p.uri !== uri).at(-1)?.at ?? ownAt;
    return { own: ownAt - start, dependents: last - start, republished: counted() };
  };
  const column = BODY.indexOf('digits');
  const body = { own: [] as number[], republished: 0 };
  for (let i = -2; i < KEYSTROKES; i++) {
    const typed = await edit(bodyLine, column, column, '1', 0);
    const removed = await edit(bodyLine, column, column + 1, '', 0);
    if (i < 0) continue;
    body.own.push(typed.own, removed.own);
    body.republished = Math.max(body.republished, typed.republished, removed.republished);
  }
  // The signature: `amount: number` ↔ `amount: string`, which every importer's call of roundMoney
  // (with a number) breaks and mends: each change alters the dependents' diagnostics, so each is
  // republished (a file whose diagnostics a change leaves as they were is not sent again). The
  // first change finds how many files it reaches.
  const from = SIGNATURE.indexOf('number');
  const first = await edit(signatureLine, from, from + 'number'.length, 'string', 0, 3000);
  const reach = first.republished;
  await edit(signatureLine, from, from + 'string'.length, 'number', reach);
  const signature = { own: [] as number[], dependents: [] as number[] };
  for (let i = 0; i < 3; i++) {
    const changed = await edit(signatureLine, from, from + 'number'.length, 'string', reach);
    const back = await edit(signatureLine, from, from + 'string'.length, 'number', reach);
    signature.own.push(changed.own, back.own);
    signature.dependents.push(changed.dependents, back.dependents);
  }
  await server.notify('textDocument/didClose', { textDocument: { uri } });
  return [
    { what: `keystroke in the body of the hub ${HUB} (a digit typed or removed), open in the indexed workspace → its own full diagnostics (semantic delay 0); dependents republished: ${body.republished}`, budget: '≤ 20 ms p50', measured: summarize(body.own) },
    { what: `change of the hub's exported signature (\`amount: number\` ↔ \`string\`) → its own full diagnostics`, budget: '≤ 20 ms p50', measured: summarize(signature.own) },
    { what: `change of the hub's exported signature → the last of the ${reach.toLocaleString('en-US')} files it reaches republished (its importers, none open, each gaining or losing an error at its call; theirs see no change in what they import and are not checked again), from the didChange`, budget: '≤ 200 ms p50', measured: summarize(signature.dependents) },
    { what: `the first such change after the build (one sample: every dependent parsed on the workers the build left running, as none keeps its document yet)`, budget: '—', measured: summarize([first.dependents]) },
  ];
}

/** The server's RSS once its worker threads stop after their idle time (its thread count drops), or at the limit. */
async function afterWorkersStop(pid: number | undefined): Promise<{ stopped: boolean; mb: number | undefined; seconds: number }> {
  const threads = (): number | undefined => {
    try {
      return readdirSync(`/proc/${pid}/task`).length;
    } catch {
      return undefined;
    }
  };
  const before = threads();
  const start = performance.now();
  const seconds = (): number => Math.round((performance.now() - start) / 1000);
  while (before !== undefined && performance.now() - start < POOL_IDLE_MS + 30_000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = threads();
    if (now !== undefined && now < before) {
      // Their memory unmapped and the server's heap settled.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      return { stopped: true, mb: rssOf(pid), seconds: seconds() };
    }
  }
  return { stopped: false, mb: rssOf(pid), seconds: seconds() };
}

/** Files of the indexed workspace opened (each closed after): didOpen to the publication of all its diagnostics, beside a raw parse of its text, in turn. */
async function openFiles(server: IndexedServer, folder: string, modules: readonly GeneratedModule[], parser: ReturnType<typeof createParser>): Promise<Row> {
  const chosen = modules.filter((module) => !module.path.startsWith('core/')).filter((_, i) => i % 50 === 7);
  const times: number[] = [];
  const raws: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const module of chosen) {
      const rawStart = performance.now();
      parser.parse(module.text)?.delete();
      const raw = performance.now() - rawStart;
      const uri = pathToFileURL(join(folder, module.path)).href;
      const published = server.next((p) => p.uri === uri && p.version === 1);
      const start = performance.now();
      await server.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'whetstone', version: 1, text: module.text } });
      const at = (await published).at;
      // Closed, it is checked from disk again (its diagnostics stay shown): waited for, not timed.
      const closed = server.next((p) => p.uri === uri && p.version === undefined);
      await server.notify('textDocument/didClose', { textDocument: { uri } });
      await closed;
      if (round === 0) continue;
      times.push(at - start);
      raws.push(raw);
    }
  }
  return {
    what: `open a file of the indexed workspace (${chosen.length} files of ~${LINES} lines, each closed after) → all its diagnostics published, real LSP server over stdio`,
    budget: '≤ 3× raw parse',
    measured: summarize(times),
    floorName: 'raw web-tree-sitter parse of its text, in turn',
    floor: summarize(raws),
  };
}

if (require.main === module) {
  benchWorkspaceIndex()
    .then(({ markdown, diagnosticsMarkdown }) => {
      console.log(markdown);
      writeFigures('workspace-index', markdown);
      console.log(diagnosticsMarkdown);
      writeFigures('workspace-diagnostics', diagnosticsMarkdown);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}

const SWITCHED_FILES = 300;
const SWITCH_ROUNDS = 3;
const SWITCHED_LINE = '\nlet switchedBranch: number = "not a number";\nprint(switchedBranch);\n';

/**
 * A branch switched under the indexed workspace: the five hubs and the next files, 300 in all,
 * changed on disk and reported in one didChangeWatchedFiles (as VS Code batches a checkout's
 * events), each gaining (or losing, the next round) a line with a type error, and exports that
 * every importer of a hub is checked against again. From the notification to the last of the 300
 * files republished, beside a raw parse of their texts in turn.
 */
async function branchSwitch(server: IndexedServer, folder: string, modules: readonly GeneratedModule[], parser: ReturnType<typeof createParser>): Promise<Row> {
  const chosen = [...modules.filter((module) => module.path.startsWith('core/')), ...modules.filter((module) => !module.path.startsWith('core/'))].slice(0, SWITCHED_FILES);
  const uris = new Set(chosen.map((module) => pathToFileURL(join(folder, module.path)).href));
  const times: number[] = [];
  const raws: number[] = [];
  for (let round = 0; round < SWITCH_ROUNDS * 2; round++) {
    const broken = round % 2 === 0;
    const texts = chosen.map((module) => (broken ? module.text + SWITCHED_LINE : module.text));
    chosen.forEach((module, n) => writeFileSync(join(folder, module.path), texts[n]));
    const seen = server.publications.length;
    const start = performance.now();
    await server.notify('workspace/didChangeWatchedFiles', { changes: chosen.map((module) => ({ uri: pathToFileURL(join(folder, module.path)).href, type: 2 })) });
    // Done when each file's latest publication since is as the switch makes it.
    const latest = new Map<string, Publication>();
    for (;;) {
      for (const publication of server.publications.slice(seen)) if (uris.has(publication.uri)) latest.set(publication.uri, publication);
      if (latest.size === uris.size && [...latest.values()].every((publication) => publication.count > 0 === broken)) break;
      if (performance.now() - start > 120_000) throw new Error(`a branch switch republished ${latest.size} of ${uris.size} files in 2 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    times.push(Math.max(...[...latest.values()].map((publication) => publication.at)) - start);
    const rawStart = performance.now();
    for (const text of texts) parser.parse(text)?.delete();
    raws.push(performance.now() - rawStart);
  }
  return {
    what: `a branch switched: ${SWITCHED_FILES} files (the 5 hubs among them) changed on disk in one didChangeWatchedFiles, each gaining or losing a type error, the hubs' exports changed → the last of them republished (no budget set)`,
    budget: '—',
    measured: summarize(times),
    floorName: 'raw web-tree-sitter parse of their texts, in turn',
    floor: summarize(raws),
  };
}
