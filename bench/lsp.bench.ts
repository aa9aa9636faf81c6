// The language server as it ships (dist/server.js over stdio): opening the 10,000-line document
// until its diagnostics (syntax and semantic: an opening publishes them together) arrive, beside a
// raw parse of the same text in this process, taking turns; then from a one-character didChange in
// that document to the publishDiagnostics of that version, beside a raw incremental reparse of
// the same edit measured in the same run by core.bench.ts. Then the server's memory
// across a long session: its RSS after 1,000 and after 10,000 such edits (every tenth edit waits
// for its semantic pass, so the incremental analysis runs a thousand times too).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { createParser } from '../server/src/core/syntax';
import { SERVER_NODE_OPTIONS } from '../server/src/protocol/server-process';
import { loadGrammar } from '../server/src/workspace/grammar';
import { generateProgram } from './generate';
import { measureAsync, rssOf, summarize, type Row } from './measure';

interface PublishDiagnosticsParams {
  uri: string;
  version?: number;
  diagnostics: unknown[];
}

export interface LspMemory {
  /** After the timed edits (45), with the buffer open: the figure the budget is about. */
  afterEditsMb?: number;
  after1000Mb?: number;
  after10000Mb?: number;
}

export async function benchLsp(): Promise<{ rows: Row[]; serverRssMb?: number; memory: LspMemory }> {
  // Started as the VS Code client starts it: the same Node options (the transport aside).
  const server = spawn(process.execPath, [...SERVER_NODE_OPTIONS, join(__dirname, '..', '..', 'dist', 'server.js'), '--stdio'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const connection = createMessageConnection(new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));
  // Publications per version: the syntax diagnostics at once, then the semantic pass's.
  const waiting = new Map<number, { count: number; resolve: () => void }>();
  const seen = new Map<number, number>();
  /** Who waits for the first publication of a URI the openings below open. */
  const firstPublication = new Map<string, () => void>();
  connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
    firstPublication.get(params.uri)?.();
    firstPublication.delete(params.uri);
    if (params.version === undefined) return;
    const count = (seen.get(params.version) ?? 0) + 1;
    seen.set(params.version, count);
    const waiter = waiting.get(params.version);
    if (waiter && count >= waiter.count) waiter.resolve();
  });
  connection.onRequest('workspace/configuration', () => [{}]);
  connection.listen();
  try {
    await connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
    await connection.sendNotification('initialized', {});
    const uri = 'file:///bench/large.wst';
    const text = generateProgram(10_000);
    const diagnosticsOf = (version: number, count = 1) =>
      new Promise<void>((resolve) => {
        if ((seen.get(version) ?? 0) >= count) resolve();
        else waiting.set(version, { count, resolve });
      });
    let version = 1;
    const opened = diagnosticsOf(version);
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'whetstone', version, text } });
    await opened;

    const anchor = text.indexOf('sum - 1', text.length / 2) + 'sum - '.length;
    const before = text.slice(0, anchor);
    const line = before.split('\n').length - 1;
    const character = anchor - (before.lastIndexOf('\n') + 1);
    let digit = 1;
    /** One edit; `publications` 2 waits for its semantic pass as well. */
    const oneEdit = async (publications = 1) => {
      digit = (digit % 9) + 1;
      version++;
      const published = diagnosticsOf(version, publications);
      await connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version },
        contentChanges: [{ range: { start: { line, character }, end: { line, character: character + 1 } }, text: String(digit) }],
      });
      await published;
      waiting.delete(version);
      seen.delete(version - 1);
    };
    const edit = measureAsync(40, () => oneEdit());
    const rows: Row[] = [
      {
        what: 'one-character edit → publishDiagnostics of that version, real LSP server over stdio',
        budget: '≤ 20 ms p50',
        measured: await edit,
      },
    ];
    const settle = () => new Promise((resolve) => setTimeout(resolve, 500));
    // After the edits and their semantic passes, with the 10,000-line buffer open.
    await settle();
    const memory: LspMemory = { afterEditsMb: rssOf(server.pid) };
    let edits = 45;
    const editUntil = async (total: number) => {
      for (; edits < total; edits++) await oneEdit(edits % 10 === 0 ? 2 : 1);
      await oneEdit(2);
      edits++;
      await settle();
    };
    await editUntil(1_000);
    memory.after1000Mb = rssOf(server.pid);
    await editUntil(10_000);
    memory.after10000Mb = rssOf(server.pid);

    // Openings (after the memory figures, so their garbage is not counted there): each under a
    // URI of its own, closed again, with a raw parse of the same text between two.
    await loadGrammar();
    const treeSitter = createParser();
    const openTimes: number[] = [];
    const rawTimes: number[] = [];
    for (let round = -2; round < 10; round++) {
      const uri = `file:///bench/opened-${round + 2}.wst`;
      const published = new Promise<void>((resolve) => firstPublication.set(uri, resolve));
      const start = performance.now();
      await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'whetstone', version: 1, text } });
      await published;
      const opened = performance.now() - start;
      await connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
      // The server finishes collecting the opening's garbage after it has published (on the other
      // core): the raw parse waits for that, as the next opening does below.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const rawStart = performance.now();
      treeSitter.parse(text)?.delete();
      const raw = performance.now() - rawStart;
      if (round >= 0) {
        openTimes.push(opened);
        rawTimes.push(raw);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    treeSitter.delete();

    rows.unshift(
      {
        what: 'open the 10,000-line file → all its diagnostics published, real LSP server over stdio (the text sent, parsed, converted, analysed, published)',
        budget: '≤ 3× raw parse',
        measured: summarize(openTimes),
        floorName: 'raw web-tree-sitter parse, in turn',
        floor: summarize(rawTimes),
      },
    );
    return { rows, serverRssMb: memory.afterEditsMb, memory };
  } finally {
    await connection.sendRequest('shutdown').catch(() => undefined);
    await connection.sendNotification('exit').catch(() => undefined);
    connection.dispose();
    server.kill();
  }
}
