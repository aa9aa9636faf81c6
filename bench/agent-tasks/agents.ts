// The two agents of the task benchmark, each counting what it sends and receives.
// - The endpoint agent speaks MCP to `whetstone-agent serve` with the SDK's Client over Streamable
//   HTTP and uses only documented tools. It counts two things: the bytes on the wire (every POST
//   body and answer: the JSON-RPC envelope, and each result twice, as structuredContent and as its
//   JSON text) and the context bytes (what a model reads and writes: the tool's arguments and one
//   copy of its result).
// - The baseline agent does what file-based tools do: it reads whole files, writes whole files,
//   and runs the checker (`whetstone-agent check --json`); its bytes are the files read and
//   written and the checker's output, which is what a model reads and writes through such tools.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

export class EndpointAgent {
  counts = zeroCounts();
  /** initialize + tools/list, paid once per session. */
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
    agent.counting = agent.counts;
    return agent;
  }

  /** Calls a tool that must succeed; returns its structuredContent. */
  async call<T = Record<string, unknown>>(name: string, args: Record<string, unknown> = {}): Promise<T> {
    this.counts.requests++;
    this.counts.contextSent += bytes(JSON.stringify({ name, arguments: args }));
    const result = await this.client.callTool({ name, arguments: args }, CallToolResultSchema);
    const text = (result.content as { type: string; text?: string }[]).map((part) => part.text ?? '').join('');
    this.counts.contextReceived += bytes(text);
    if (result.isError) throw new Error(`${name} failed: ${text}`);
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

export class FileAgent {
  counts = zeroCounts();

  constructor(readonly folder: string) {}

  read(name: string): string {
    const text = readFileSync(join(this.folder, name), 'utf8');
    this.counts.requests++;
    this.counts.contextSent += bytes(name);
    this.counts.contextReceived += bytes(text);
    return text;
  }

  write(name: string, text: string): void {
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
    return result.stdout;
  }
}

/** The checker's error lines for a folder (not counted: the benchmark's own verdict). */
export function checkerErrors(folder: string): string[] {
  const result = spawnSync(process.execPath, [CLI, 'check', '--json', '.'], { cwd: folder, encoding: 'utf8' });
  return result.stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { severity: string; code: string; message: string; file: string })
    .filter((diagnostic) => diagnostic.severity === 'error')
    .map((diagnostic) => `${diagnostic.file}: ${diagnostic.code} ${diagnostic.message}`);
}
