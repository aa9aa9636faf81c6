// Keeps VS Code from offering the agent endpoint for port forwarding. In a remote window (and in
// code-server) VS Code notices ports that processes on the remote listen on and offers to forward
// them ("Your application running on port 8080 is available"); the endpoint is for agents on the
// same machine, never for a browser. VS Code's port attributes API says so for a port: its
// action is Ignore. The API is still a proposal (`portsAttributes`, declared in package.json's
// enabledApiProposals): VS Code lets an extension use it only where proposals are allowed for it
// (code-server started with --enable-proposed-api, as `npm start` does; a development host);
// elsewhere registering fails, and package.json's default for `remote.portsAttributes` (the
// server's process, by its command line) does it.
import * as vscode from 'vscode';

/** The proposal's shapes (vscode.proposed.portsAttributes.d.ts), which @types/vscode lacks. */
interface PortAttributesSelector {
  portRange?: [number, number] | number;
  commandPattern?: RegExp;
}
interface PortAttributesProvider {
  providePortAttributes(attributes: { port: number; pid?: number; commandLine?: string }, token: vscode.CancellationToken): vscode.ProviderResult<{ autoForwardAction: number }>;
}
type RegisterPortAttributesProvider = (selector: PortAttributesSelector, provider: PortAttributesProvider) => vscode.Disposable;

/** PortAutoForwardAction.Ignore: "do not forward the port". */
const IGNORE: number = (vscode as unknown as { PortAutoForwardAction?: { Ignore: number } }).PortAutoForwardAction?.Ignore ?? 5;

export class EndpointPorts implements vscode.Disposable {
  private port: number | null = null;
  private forPort: vscode.Disposable | undefined;
  private readonly forServer: vscode.Disposable | undefined;
  private readonly register: RegisterPortAttributesProvider | undefined;
  /** Whether VS Code took the provider (the proposal is allowed here). */
  readonly registered: boolean;

  /** `serverModule`: the language server's bundle, whose process listens on the endpoint's port. */
  constructor(serverModule: string) {
    const register = (vscode.workspace as unknown as { registerPortAttributesProvider?: RegisterPortAttributesProvider }).registerPortAttributesProvider;
    let forServer: vscode.Disposable | undefined;
    try {
      // Every port of the server's process (it listens only for agents), found by its command
      // line: this covers the endpoint's port even when VS Code notices it before the status names it.
      forServer = register?.call(vscode.workspace, { commandPattern: new RegExp(escapeRegExp(serverModule)) }, { providePortAttributes: () => ({ autoForwardAction: IGNORE }) });
    } catch {
      // The proposal is not allowed for this extension here.
      forServer = undefined;
    }
    this.forServer = forServer;
    this.registered = forServer !== undefined;
    this.register = forServer ? register : undefined;
  }

  /** The endpoint now listens on `port` (null: not running). */
  setPort(port: number | null): void {
    if (port === this.port) return;
    this.port = port;
    this.forPort?.dispose();
    this.forPort = port === null || !this.register ? undefined : this.register.call(vscode.workspace, { portRange: port }, { providePortAttributes: ({ port: asked }) => this.attributes(asked) });
  }

  /** What the provider answers for a port: Ignore for the endpoint's, nothing for any other. */
  attributes(port: number): { autoForwardAction: number } | undefined {
    return port === this.port ? { autoForwardAction: IGNORE } : undefined;
  }

  dispose(): void {
    this.forPort?.dispose();
    this.forServer?.dispose();
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
