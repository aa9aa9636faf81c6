// `whetstone-agent lsp`, as an editor other than VS Code starts it (docs/EDITORS.md): a plain LSP
// client over the command's stdin and stdout (dist/cli.js, or the installed command that
// WHETSTONE_AGENT_COMMAND names), with no Whetstone settings or initialization options, gets
// diagnostics, hover and go to definition; the server runs with the heap sizing of
// SERVER_NODE_OPTIONS; and it ends with its client however the client ends it (shutdown and exit,
// closing stdin, a signal, killing the command outright).
import * as assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import {
  ConfigurationRequest,
  createProtocolConnection,
  DefinitionRequest,
  DidOpenTextDocumentNotification,
  ExitNotification,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  RegistrationRequest,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  type Location,
  type LocationLink,
  type MarkupContent,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { SERVER_NODE_OPTIONS } from '../../server/src/protocol/server-process';
import { REPO_ROOT } from './lspClient';

const CLI = join(REPO_ROOT, 'dist', 'cli.js');
/** An installed `whetstone-agent` to check instead of this repository's dist/cli.js (a path to its bin). */
const INSTALLED = process.env.WHETSTONE_AGENT_COMMAND;

/** How the command is started: the installed bin, else `node dist/cli.js`, without Node options (as a `whetstone-agent` on the PATH or `npx` runs it). */
function commandLine(args: readonly string[]): [string, string[]] {
  return INSTALLED ? [INSTALLED, [...args]] : [process.execPath, [CLI, ...args]];
}
const HAS_PROC = existsSync('/proc/self/cmdline');
const SOURCE = 'fn area(w: number, h: number): number {\n  return w * h;\n}\n\nlet total = area(2, 3) + heigth;\nprint(total);\n';

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** `node dist/cli.js lsp` with a bare LSP client on its stdio: what an editor's configuration starts. */
class StdioClient {
  readonly connection: ProtocolConnection;
  readonly diagnostics: PublishDiagnosticsParams[] = [];
  readonly exited: Promise<Exit>;
  stderr = '';
  private readonly reader: StreamMessageReader;

  constructor(readonly child: ChildProcessWithoutNullStreams) {
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (this.stderr += chunk));
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    this.reader = new StreamMessageReader(child.stdout);
    this.connection = createProtocolConnection(this.reader, new StreamMessageWriter(child.stdin));
    this.connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
      this.diagnostics.push(params);
    });
    // An editor with no settings for this server answers each section with null.
    this.connection.onRequest(ConfigurationRequest.type, (params) => params.items.map(() => null));
    this.connection.onRequest(RegistrationRequest.type, () => undefined);
    this.connection.listen();
  }

  static async start(folder: string, args: readonly string[] = []): Promise<StdioClient> {
    const [command, commandArgs] = commandLine(['lsp', ...args]);
    const child = spawn(command, commandArgs, { cwd: folder, stdio: ['pipe', 'pipe', 'pipe'] });
    const client = new StdioClient(child);
    // A command that ends before it answers fails the test with what it said, rather than leaving
    // the request waiting for ever.
    const ended = client.exited.then((exit) => {
      throw new Error(`whetstone-agent lsp ended before it answered initialize (${JSON.stringify(exit)}):\n${client.stderr}`);
    });
    const initialized = client.connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: pathToFileURL(folder).href,
      workspaceFolders: [{ uri: pathToFileURL(folder).href, name: 'project' }],
      capabilities: {
        workspace: { configuration: true },
        textDocument: { hover: { contentFormat: ['markdown', 'plaintext'] }, publishDiagnostics: {} },
      },
    });
    await Promise.race([initialized, ended]);
    ended.catch(() => undefined);
    await client.connection.sendNotification(InitializedNotification.type, {});
    return client;
  }

  async diagnosticsOf(uri: string): Promise<PublishDiagnosticsParams> {
    for (let i = 0; i < 500; i++) {
      const found = this.diagnostics.find((params) => params.uri === uri);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no diagnostics for ${uri}\n${this.stderr}`);
  }

  dispose(): void {
    // A command killed halfway through writing a message leaves the reader a part of one, whose
    // timer vscode-jsonrpc sets again every few seconds for ever: that would keep this file running.
    this.reader.partialMessageTimeout = 0;
    (this.reader as unknown as { clearPartialMessageTimer?: () => void }).clearPartialMessageTimer?.();
    this.connection.dispose();
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    // The command's pipes are this process's too: left open, they keep the test file from ending.
    this.child.stdin.destroy();
    this.child.stdout.destroy();
    this.child.stderr.destroy();
  }
}

/** The command line of a running process (Linux), as its arguments. */
function commandLineOf(pid: number): string[] {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter((arg) => arg !== '');
}

/** The language server the command started: its one child process. */
function serverPid(command: ChildProcessWithoutNullStreams): number {
  const children = readFileSync(`/proc/${command.pid}/task/${command.pid}/children`, 'utf8').trim().split(/\s+/).filter((pid) => pid !== '').map(Number);
  assert.equal(children.length, 1, 'the command runs one child, the language server');
  return children[0];
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls `condition` every 50 ms, at most 10 s; whether it came true. */
async function waitUntil(condition: () => boolean): Promise<boolean> {
  for (let i = 0; i < 200; i++) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

describe('whetstone-agent lsp: the language server over stdio for any LSP client', { timeout: 60_000 }, () => {
  let folder: string;
  let uri: string;
  before(() => {
    folder = mkdtempSync(join(tmpdir(), 'whetstone-lsp-stdio-'));
    writeFileSync(join(folder, 'main.wst'), SOURCE);
    uri = pathToFileURL(join(folder, 'main.wst')).href;
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('answers diagnostics, hover and definition, and exits 0 after shutdown and exit', async () => {
    const client = await StdioClient.start(folder);
    try {
      await client.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'whetstone', version: 1, text: SOURCE } });

      const published = await client.diagnosticsOf(uri);
      const undefinedName = published.diagnostics.find((diagnostic) => diagnostic.code === 'E_UNDEFINED');
      assert.ok(undefinedName, `E_UNDEFINED among ${JSON.stringify(published.diagnostics)}`);
      assert.deepEqual(undefinedName.range, { start: { line: 4, character: 25 }, end: { line: 4, character: 31 } }, 'on `heigth`');

      const call = { line: 4, character: 13 };
      const hover = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: call });
      assert.ok(hover, 'the server answers the hover');
      assert.match((hover.contents as MarkupContent).value, /fn area\(w: number, h: number\): number/);

      const definition = (await client.connection.sendRequest(DefinitionRequest.type, { textDocument: { uri }, position: call })) as Location | Location[] | LocationLink[] | null;
      const location = Array.isArray(definition) ? definition[0] : definition;
      assert.ok(location && 'uri' in location, `a location: ${JSON.stringify(definition)}`);
      assert.equal(location.uri, uri);
      assert.equal(location.range.start.line, 0, 'the declaration of area');

      await client.connection.sendRequest(ShutdownRequest.type);
      await client.connection.sendNotification(ExitNotification.type);
      assert.deepEqual(await client.exited, { code: 0, signal: null }, client.stderr);
    } finally {
      client.dispose();
    }
  });

  it('runs the server with the heap sizing VS Code starts it with, and takes --stdio', { skip: !HAS_PROC && 'reads /proc' }, async () => {
    const client = await StdioClient.start(folder, ['--stdio']);
    try {
      const server = commandLineOf(serverPid(client.child));
      for (const option of SERVER_NODE_OPTIONS) assert.ok(server.includes(option), `${option} in ${server.join(' ')}`);
      assert.ok(server.indexOf(SERVER_NODE_OPTIONS[0]) < server.findIndex((arg) => arg.endsWith('server.js')), 'as Node options, before the script');
      assert.equal(server.at(-1), '--stdio');
    } finally {
      client.dispose();
    }
  });

  it('ends with its server when the client closes stdin', { skip: !HAS_PROC && 'reads /proc' }, async () => {
    const client = await StdioClient.start(folder);
    try {
      const server = serverPid(client.child);
      client.child.stdin.end();
      // A language server whose input ends without a shutdown exits 1 (the LSP's rule).
      assert.deepEqual(await client.exited, { code: 1, signal: null }, client.stderr);
      assert.ok(await waitUntil(() => !isRunning(server)), 'the server is gone');
    } finally {
      client.dispose();
    }
  });

  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    it(`takes the server down when the command gets ${signal}`, { skip: !HAS_PROC && 'reads /proc' }, async () => {
      const client = await StdioClient.start(folder);
      try {
        const server = serverPid(client.child);
        client.child.kill(signal);
        assert.equal((await client.exited).signal, signal);
        assert.ok(await waitUntil(() => !isRunning(server)), 'the server is gone');
      } finally {
        client.dispose();
      }
    });
  }

  it('refuses an argument it does not take, with exit status 2', () => {
    const [command, args] = commandLine(['lsp', '--socket=9000']);
    const result = spawnSync(command, args, { encoding: 'utf8' });
    assert.equal(result.status, 2);
    assert.match(result.stderr, /lsp: unknown argument --socket=9000/);
    assert.equal(result.stdout, '');
  });
});
