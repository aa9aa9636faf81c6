// The language server's workspace index over a generated workspace of 1,000 files × 500 lines
// (bench/generate-workspace.ts: a realistic import graph, hub modules imported by 200 files): the
// real server (dist/server.js --stdio, started as the VS Code client starts it, with a workspace
// folder) from `initialized` to the end of its "Indexing N Whetstone files" progress — finding the
// files, reading each through regular-file.ts, parsing it once and keeping its summary — beside a
// raw web-tree-sitter parse of the same texts in this process, taking turns, a fresh server each
// round (a cold index; the files are in the page cache after the first round, as after any
// checkout). Then the server's RSS with the index built, and workspace/symbol queries.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { createParser, WhetstoneDocument } from '../server/src/core/syntax';
import { SERVER_NODE_OPTIONS } from '../server/src/protocol/server-process';
import { loadGrammar } from '../server/src/workspace/grammar';
import { generateWorkspace, writeWorkspace } from './generate-workspace';
import { measureAsync, rssOf, summarize, table, type Row } from './measure';
import { writeFigures } from './readme-figures';

const FILES = 1000;
const LINES = 500;
const ROUNDS = 5;

interface IndexedServer {
  /** Milliseconds from `initialized` to the progress's end. */
  buildMs: number;
  query(text: string): Promise<unknown[]>;
  rssMb(): number | undefined;
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
  connection.onRequest('workspace/configuration', () => [{}]);
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
    query: (text) => connection.sendRequest('workspace/symbol', { query: text }),
    rssMb: () => rssOf(server.pid),
    async stop() {
      await connection.sendRequest('shutdown').catch(() => undefined);
      await connection.sendNotification('exit').catch(() => undefined);
      connection.dispose();
      server.kill();
    },
  };
}

export async function benchWorkspaceIndex(): Promise<{ rows: Row[]; rssMb?: number; markdown: string }> {
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
    parser.delete();
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
      const rows: Row[] = [
        {
          what: `cold index of a generated workspace, ${FILES.toLocaleString('en-US')} files × ${LINES} lines (${lines.toLocaleString('en-US')} lines; each imports 3–10, 5 hubs imported by ~200), real LSP server from initialized to its progress's end (find, read, parse once, keep summaries)`,
          budget: '≤ 2× raw parse',
          measured: summarize(buildTimes),
          floorName: 'raw web-tree-sitter parse of every file, in turn',
          floor: summarize(rawTimes),
        },
        { what: `workspace/symbol query over the indexed ${FILES.toLocaleString('en-US')}-file workspace (subsequence match, at most 256 answers), real LSP server over stdio`, budget: '≤ 20 ms p50', measured: query },
      ];
      const memory = `Language server RSS with the ${FILES.toLocaleString('en-US')}-file workspace indexed (no file open): ${rssMb?.toFixed(0) ?? 'n/a'} MB (budget ≤ 400 MB).`;
      return { rows, rssMb, markdown: `${table(rows)}\n\n${memory}\n` };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

if (require.main === module) {
  benchWorkspaceIndex()
    .then(({ markdown }) => {
      console.log(markdown);
      writeFigures('workspace-index', markdown);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
