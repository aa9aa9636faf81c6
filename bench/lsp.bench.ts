// The language server as it ships (dist/server.js over stdio): from a one-character didChange in
// a 10,000-line document to the publishDiagnostics of that version, beside a raw incremental
// reparse of the same edit measured in the same run by core.bench.ts.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { generateProgram } from './generate';
import { measureAsync, type Row } from './measure';

interface PublishDiagnosticsParams {
  uri: string;
  version?: number;
  diagnostics: unknown[];
}

/** Resident memory of a process in MB, from /proc (Linux). */
function rssOf(pid: number | undefined): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

export async function benchLsp(): Promise<{ rows: Row[]; serverRssMb?: number }> {
  const server = spawn(process.execPath, [join(__dirname, '..', '..', 'dist', 'server.js'), '--stdio'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const connection = createMessageConnection(new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));
  const waiting = new Map<number, () => void>();
  connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
    if (params.version !== undefined) waiting.get(params.version)?.();
  });
  connection.onRequest('workspace/configuration', () => [{}]);
  connection.listen();
  try {
    await connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
    await connection.sendNotification('initialized', {});
    const uri = 'file:///bench/large.wst';
    const text = generateProgram(10_000);
    const diagnosticsOf = (version: number) => new Promise<void>((resolve) => waiting.set(version, resolve));
    let version = 1;
    const opened = diagnosticsOf(version);
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'whetstone', version, text } });
    await opened;

    const anchor = text.indexOf('sum - 1', text.length / 2) + 'sum - '.length;
    const before = text.slice(0, anchor);
    const line = before.split('\n').length - 1;
    const character = anchor - (before.lastIndexOf('\n') + 1);
    let digit = 1;
    const edit = measureAsync(40, async () => {
      digit = (digit % 9) + 1;
      version++;
      const published = diagnosticsOf(version);
      await connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version },
        contentChanges: [{ range: { start: { line, character }, end: { line, character: character + 1 } }, text: String(digit) }],
      });
      await published;
      waiting.delete(version);
    });
    const rows: Row[] = [
      {
        what: 'one-character edit → publishDiagnostics of that version, real LSP server over stdio',
        budget: '≤ 20 ms p50',
        measured: await edit,
      },
    ];
    // After the edits and their semantic passes, with the 10,000-line buffer open.
    await new Promise((resolve) => setTimeout(resolve, 500));
    return { rows, serverRssMb: rssOf(server.pid) };
  } finally {
    await connection.sendRequest('shutdown').catch(() => undefined);
    await connection.sendNotification('exit').catch(() => undefined);
    connection.dispose();
    server.kill();
  }
}
