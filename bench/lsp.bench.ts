// The language server as it ships (dist/server.js over stdio): from a one-character didChange in
// a 10,000-line document to the publishDiagnostics of that version, beside a raw incremental
// reparse of the same edit measured in the same run by core.bench.ts.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { generateProgram } from './generate';
import { measureAsync, type Row } from './measure';

interface PublishDiagnosticsParams {
  uri: string;
  version?: number;
  diagnostics: unknown[];
}

export async function benchLsp(): Promise<Row[]> {
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
    return [
      {
        what: 'one-character edit → publishDiagnostics of that version, real LSP server over stdio',
        budget: '≤ 20 ms p50',
        measured: await edit,
      },
    ];
  } finally {
    await connection.sendRequest('shutdown').catch(() => undefined);
    await connection.sendNotification('exit').catch(() => undefined);
    connection.dispose();
    server.kill();
  }
}
