// References and rename across the generated workspace of 1,000 files × 500 lines
// (bench/generate-workspace.ts): the real language server (dist/server.js --stdio, with the
// workspace folder) indexes it, one file importing the hub `core.lists` is opened, and
// `textDocument/references` and `textDocument/rename` (the WorkspaceEdit computed, not applied) of
// the hub's function `sumAll`, imported by about 200 files none of which but one is open, are
// asked in turn with a `workspace/symbol` query of the same server as the floor (a request that
// reads the index and little else). Then the server's RSS with the index built, and the reference
// summaries' share of it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { SERVER_NODE_OPTIONS } from '../server/src/protocol/server-process';
import { loadGrammar } from '../server/src/workspace/grammar';
import { summarizeText, type FileSummary } from '../server/src/workspace/file-summary';
import { TOKEN_STRIDE } from '../server/src/workspace/reference-summary';
import { generateWorkspace, writeWorkspace } from './generate-workspace';
import { rssOf, summarize, table, type Row } from './measure';
import { writeFigures } from './readme-figures';

const FILES = 1000;
const LINES = 500;
const RUNS = 40;
const HUB = 'core.lists';
const NAME = 'sumAll';

export async function benchWorkspaceReferences(): Promise<{ rows: Row[]; markdown: string }> {
  const modules = generateWorkspace(FILES, LINES);
  const folder = mkdtempSync(join(tmpdir(), 'whetstone-bench-references-'));
  const server = spawn(process.execPath, [...SERVER_NODE_OPTIONS, join(__dirname, '..', '..', 'dist', 'server.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = createMessageConnection(new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));
  try {
    writeWorkspace(folder, modules);
    const importer = modules.find((module) => module.text.includes(`use ${HUB}.{${NAME}}`));
    if (!importer) throw new Error(`no generated module imports ${NAME} from ${HUB}`);
    let ended: () => void = () => undefined;
    const indexed = new Promise<void>((resolve) => (ended = resolve));
    connection.onNotification('$/progress', (params: { value?: { kind?: string } }) => {
      if (params.value?.kind === 'end') ended();
    });
    connection.onRequest('window/workDoneProgress/create', () => null);
    connection.onRequest('client/registerCapability', () => null);
    connection.onRequest('workspace/configuration', () => [{}]);
    let published: () => void = () => undefined;
    const opened = new Promise<void>((resolve) => (published = resolve));
    const uri = pathToFileURL(join(folder, importer.path)).href;
    connection.onNotification('textDocument/publishDiagnostics', (params: { uri: string }) => {
      if (params.uri === uri) published();
    });
    connection.listen();
    const root = pathToFileURL(folder).href;
    await connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: root,
      workspaceFolders: [{ uri: root, name: 'bench' }],
      capabilities: { window: { workDoneProgress: true }, workspace: { configuration: true, workspaceEdit: { documentChanges: true }, didChangeWatchedFiles: { dynamicRegistration: true } } },
    });
    await connection.sendNotification('initialized', {});
    await indexed;
    // Settled: the build's garbage collected, as after a pause in typing.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rssMb = rssOf(server.pid);
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'whetstone', version: 1, text: importer.text } });
    await opened;
    const offset = importer.text.indexOf(`{${NAME}}`) + 1;
    const before = importer.text.slice(0, offset);
    const position = { line: before.split('\n').length - 1, character: offset - (before.lastIndexOf('\n') + 1) };

    let found = 0;
    let files = 0;
    const times = { references: [] as number[], rename: [] as number[], symbol: [] as number[] };
    for (let round = -5; round < RUNS; round++) {
      let start = performance.now();
      const locations = await connection.sendRequest<unknown[]>('textDocument/references', { textDocument: { uri }, position, context: { includeDeclaration: true } });
      const referencesMs = performance.now() - start;
      start = performance.now();
      const edit = await connection.sendRequest<{ documentChanges?: unknown[] }>('textDocument/rename', { textDocument: { uri }, position, newName: 'sumEvery' });
      const renameMs = performance.now() - start;
      start = performance.now();
      await connection.sendRequest('workspace/symbol', { query: NAME });
      const symbolMs = performance.now() - start;
      found = locations.length;
      files = edit.documentChanges?.length ?? 0;
      if (round < 0) continue;
      times.references.push(referencesMs);
      times.rename.push(renameMs);
      times.symbol.push(symbolMs);
    }
    const importers = modules.filter((module) => module.text.includes(`use ${HUB}.{`)).length;
    if (files < importers) throw new Error(`the rename reached ${files} files; ${importers} import ${HUB}`);
    const floor = { floorName: `workspace/symbol query "${NAME}", same server, in turn`, floor: summarize(times.symbol) };
    const rows: Row[] = [
      {
        what: `references of the hub function ${NAME} across the indexed ${FILES.toLocaleString('en-US')}-file workspace (${found.toLocaleString('en-US')} locations in ${importers + 1} files, one open), real LSP server over stdio`,
        budget: '≤ 100 ms p50',
        measured: summarize(times.references),
        ...floor,
      },
      {
        what: `rename of ${NAME} across its ${files} files (the WorkspaceEdit computed, not applied; the declaring file analysed in full, the others from the index, each file's tokens checked against its text)`,
        budget: '≤ 500 ms p50',
        measured: summarize(times.rename),
        ...floor,
      },
    ];
    const cost = await summaryCost(modules.map((module) => module.text));
    const memory = [
      `Language server RSS with the ${FILES.toLocaleString('en-US')}-file workspace indexed, reference summaries included (no file open; the build's worker threads still running, as for a minute after it): ${rssMb?.toFixed(0) ?? 'n/a'} MB (budget ≤ 400 MB).`,
      `The reference summaries (tokens of each top-level and imported name, and the names each file writes) hold ${cost.tokens.toLocaleString('en-US')} tokens and ${(cost.nameChars / 1e6).toFixed(1)} M characters of names for the ${FILES.toLocaleString('en-US')} files: about ${cost.mb.toFixed(0)} MB of the heap, measured in this process; computing them (names resolved by scopes only) adds ${cost.extraPercent.toFixed(0)}% to a file's parse and summary.`,
    ].join('\n');
    return { rows, markdown: `${table(rows)}\n\n${memory}\n` };
  } finally {
    await connection.sendRequest('shutdown').catch(() => undefined);
    await connection.sendNotification('exit').catch(() => undefined);
    connection.dispose();
    server.kill();
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * The reference summaries' size and the time they add: every file summarised in this process with
 * and without them, in turn file by file (the heap measured after a full collection).
 */
async function summaryCost(texts: readonly string[]): Promise<{ tokens: number; nameChars: number; mb: number; extraPercent: number }> {
  await loadGrammar();
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  let plain = 0;
  let withReferences = 0;
  const summaries: FileSummary[] = [];
  for (const text of texts) {
    let start = performance.now();
    summarizeText(text, { references: false });
    plain += performance.now() - start;
    start = performance.now();
    summaries.push(summarizeText(text));
    withReferences += performance.now() - start;
  }
  gc();
  const held = process.memoryUsage().heapUsed;
  let tokens = 0;
  let nameChars = 0;
  for (const summary of summaries) {
    nameChars += summary.references?.names.length ?? 0;
    for (const group of summary.references?.references ?? []) tokens += group.tokens.length / TOKEN_STRIDE;
    delete summary.references;
  }
  gc();
  const without = process.memoryUsage().heapUsed;
  return { tokens, nameChars, mb: (held - without) / 1e6, extraPercent: ((withReferences - plain) / plain) * 100 };
}

if (require.main === module) {
  benchWorkspaceReferences()
    .then(({ markdown }) => {
      console.log(markdown);
      writeFigures('workspace-references', markdown);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
