// The two agents of the task benchmark, each counting what it sends and receives.
// - The endpoint agent speaks MCP to `whetstone-agent serve` with the SDK's Client over Streamable
//   HTTP and uses only documented tools. It counts two things: the bytes on the wire (every POST
//   body and answer: the JSON-RPC envelope, and each result twice, as structuredContent and as its
//   JSON text) and the context bytes (what a model reads and writes: the tool's arguments and one
//   copy of its result).
// - The baseline agent does what file-based tools do: it searches the files' text (as grep or
//   ripgrep would: the matching lines with their file names), reads whole files, writes whole
//   files, and runs the checker (`whetstone-agent check --json`); its bytes are the search's
//   output, the files read and written and the checker's output, which is what a model reads and
//   writes through such tools.
// Each counts its repair rounds, as they happen: a change made after its last change (endpoint:
// the change's diagnostics or brokenCallers) or its last check (baseline) reported errors.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';

export const ROOT = join(__dirname, '..', '..', '..');
export const CLI = join(ROOT, 'dist', 'cli.js');

export interface Counts {
  requests: number;
  /** What a model writes and reads: arguments, and results once. */
  contextSent: number;
  contextReceived: number;
  /** HTTP bodies, both ways (the endpoint agent only). */
  wireSent: number;
  wireReceived: number;
}

export const zeroCounts = (): Counts => ({ requests: 0, contextSent: 0, contextReceived: 0, wireSent: 0, wireReceived: 0 });

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

/** The tools that change files. */
const CHANGES = new Set(['applyMutation', 'applyBatch', 'renameSymbol', 'applyAnnotationSuggestion', 'undo']);

interface ChangeAnswer {
  diagnostics?: { severity: string }[];
  brokenCallers?: unknown[];
  changes?: ChangeAnswer[];
  files?: ChangeAnswer[];
}

/** Whether a change's answer reports an error in a file or a call it broke. */
function reportsErrors(answer: ChangeAnswer): boolean {
  if ((answer.diagnostics ?? []).some((diagnostic) => diagnostic.severity === 'error') || (answer.brokenCallers ?? []).length > 0) return true;
  return [...(answer.changes ?? []), ...(answer.files ?? [])].some(reportsErrors);
}

export class EndpointAgent {
  counts = zeroCounts();
  repairRounds = 0;
  private lastChangeReportedErrors = false;
  /** initialize, tools/list and setAgentRole, paid once per session. */
  setup = zeroCounts();
  /** The bytes of the tools/list answer alone. */
  toolsListBytes = 0;
  private counting: Counts;
  private transport: StreamableHTTPClientTransport | undefined;

  private constructor(readonly client: Client) {
    this.counting = this.setup;
  }

  static async connect(port: number, token: string): Promise<EndpointAgent> {
    const agent = new EndpointAgent(new Client({ name: 'bench-endpoint-agent', version: '1.0.0' }));
    const countingFetch = async (url: string | URL, init?: RequestInit): Promise<Response> => {
      const response = await fetch(url, init);
      if (init?.method === 'POST') {
        agent.counting.wireSent += typeof init.body === 'string' ? bytes(init.body) : 0;
        agent.counting.wireReceived += bytes(await response.clone().text());
      }
      return response;
    };
    agent.transport = new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } }, fetch: countingFetch });
    await agent.client.connect(agent.transport);
    const client = agent.client;
    const before = agent.setup.wireReceived;
    const { tools } = await client.listTools();
    agent.toolsListBytes = agent.setup.wireReceived - before;
    agent.setup.contextReceived = bytes(JSON.stringify(tools));
    // The role a session that changes code asks for once, at its start.
    await agent.call('setAgentRole', { role: 'refactor' }, agent.setup);
    agent.counting = agent.counts;
    return agent;
  }

  /** Calls a tool that must succeed; returns its structuredContent. */
  async call<T = Record<string, unknown>>(name: string, args: Record<string, unknown> = {}, counts = this.counts): Promise<T> {
    const change = CHANGES.has(name) && args.dryRun !== true;
    if (change && this.lastChangeReportedErrors) this.repairRounds++;
    counts.requests++;
    counts.contextSent += bytes(JSON.stringify({ name, arguments: args }));
    const result = await this.client.callTool({ name, arguments: args }, CallToolResultSchema);
    const text = (result.content as { type: string; text?: string }[]).map((part) => part.text ?? '').join('');
    counts.contextReceived += bytes(text);
    // WHETSTONE_BENCH_TRACE=1 prints what the model would write and read, to see where bytes go.
    if (process.env.WHETSTONE_BENCH_TRACE) console.error(`→ ${name} ${JSON.stringify(args)}\n← ${text}`);
    if (result.isError) throw new Error(`${name} failed: ${text}`);
    if (change) this.lastChangeReportedErrors = reportsErrors(result.structuredContent as ChangeAnswer);
    return result.structuredContent as T;
  }

  /** The MCP session id (for raw requests on the same session). */
  get sessionId(): string | undefined {
    return this.transport?.sessionId;
  }

  close(): Promise<void> {
    return this.client.close();
  }
}

/** The `.wst` files under a folder, as `/`-separated paths relative to it, sorted. */
export function wstFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.wst'))
    .map((path) => path.split(sep).join('/'))
    .sort();
}

export class FileAgent {
  counts = zeroCounts();
  repairRounds = 0;
  private lastCheckReportedErrors = false;

  constructor(readonly folder: string) {}

  /**
   * Searches every file's text, as `rg -n PATTERN` does: the model reads the matching lines, each
   * as `path:line:text`, never the files the tool went through.
   */
  grep(pattern: RegExp): string {
    const command = `rg -n --glob '*.wst' '${pattern.source}'`;
    const lines: string[] = [];
    for (const path of wstFiles(this.folder)) {
      readFileSync(join(this.folder, path), 'utf8')
        .split('\n')
        .forEach((line, at) => {
          if (new RegExp(pattern.source).test(line)) lines.push(`${path}:${at + 1}:${line}`);
        });
    }
    const output = lines.length > 0 ? `${lines.join('\n')}\n` : '';
    this.counts.requests++;
    this.counts.contextSent += bytes(command);
    this.counts.contextReceived += bytes(output);
    return output;
  }

  /** The files a search's output names, in its order, each once. */
  static filesOf(output: string): string[] {
    return [...new Set(output.split('\n').filter((line) => line !== '').map((line) => line.slice(0, line.indexOf(':'))))];
  }

  read(name: string): string {
    const text = readFileSync(join(this.folder, name), 'utf8');
    this.counts.requests++;
    this.counts.contextSent += bytes(name);
    this.counts.contextReceived += bytes(text);
    return text;
  }

  write(name: string, text: string): void {
    if (this.lastCheckReportedErrors) this.repairRounds++;
    this.lastCheckReportedErrors = false;
    writeFileSync(join(this.folder, name), text);
    this.counts.requests++;
    this.counts.contextSent += bytes(name) + bytes(text);
  }

  /** Runs the checker on the folder; its JSON lines are what the agent reads. */
  check(): string {
    const command = 'whetstone-agent check --json .';
    const result = spawnSync(process.execPath, [CLI, 'check', '--json', '.'], { cwd: this.folder, encoding: 'utf8' });
    this.counts.requests++;
    this.counts.contextSent += bytes(command);
    this.counts.contextReceived += bytes(result.stdout);
    this.lastCheckReportedErrors = result.stdout.includes('"severity":"error"');
    return result.stdout;
  }
}

export interface CheckerDiagnostic {
  file: string;
  line: number;
  column: number;
  code: string;
  severity: string;
  message: string;
}

/** The checker's diagnostics for a folder (not counted: the benchmark's own verdict, or a task's input). */
export function checkerDiagnostics(folder: string): CheckerDiagnostic[] {
  const result = spawnSync(process.execPath, [CLI, 'check', '--json', '.'], { cwd: folder, encoding: 'utf8' });
  return result.stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as CheckerDiagnostic);
}

/** The checker's error lines for a folder. */
export function checkerErrors(folder: string): string[] {
  return checkerDiagnostics(folder)
    .filter((diagnostic) => diagnostic.severity === 'error')
    .map((diagnostic) => `${diagnostic.file}: ${diagnostic.code} ${diagnostic.message}`);
}
