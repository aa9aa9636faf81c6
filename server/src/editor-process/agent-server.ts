// Runs the agent endpoint inside the language server while it should run: the setting
// `whetstone.agentServer.enabled` is on and the workspace is trusted (an outside program that
// attaches can change the person's files). It starts after initialize, restarts when its settings
// change, stops when disabled and on shutdown, and tells the client what it is doing with
// `whetstone/agentStatus` (on every start and stop and whenever an agent attaches or leaves).
import type { Connection } from 'vscode-languageserver/node';
import { sessionOverview, revokeSimilar } from '../agent';
import { startAgentEndpoint, LOOPBACK, type AgentEndpoint, removeLockFile } from '../endpoint';
import type { Log } from '../lsp/guard';
import {
  AgentSessionsNotification,
  AgentStatusNotification,
  type AgentSessionActionParams,
  type AgentSessionActionResult,
  type AgentStatusParams,
  type McpServerResult,
} from '../protocol/messages';
import type { LspAgentHost } from './lsp-agent-host';
import type { AgentServerSettings } from './settings';
import { MCP_PATH, mcpHttpTransport } from '../mcp';
import { webSocketTransport } from '../websocket';
import { terminalLine } from '../protocol/display-text';

/** How long a change waits for others to join it before the Agents view is told. */
const SESSIONS_DELAY_MS = 100;
/** Longest line the endpoint writes to the log. */
const MAX_LOG_LINE_CHARS = 4000;

interface Running {
  endpoint: AgentEndpoint;
  settings: AgentServerSettings;
  /** Removes the lock file should the process end without a shutdown (the editor went away). */
  onExit: () => void;
  /** Which start of the endpoint this is (a restart on the same port has a new token). */
  start: number;
}

export class AgentServerControl {
  private settings: AgentServerSettings | undefined;
  private trusted = false;
  private stopped = false;
  private running: Running | undefined;
  private starts = 0;
  /** Starts and stops one after the other, each on the state left by the one before. */
  private turn: Promise<void> = Promise.resolve();
  /** A whetstone/agentSessions update is due: changes close together are sent as one. */
  private sessionsDue: NodeJS.Timeout | undefined;

  constructor(
    private readonly connection: Connection,
    private readonly host: LspAgentHost,
    private readonly workspaceFolders: readonly string[],
    private readonly log: Log,
  ) {
    host.onActivity = () => this.sessionsChanged();
  }

  /** The person acts on a session from the Agents view. */
  sessionAction(params: AgentSessionActionParams): AgentSessionActionResult {
    const session = this.running?.endpoint.sessions().find((candidate) => candidate.id === params?.sessionId && candidate.connected);
    if (!session) return { done: false };
    let done = true;
    switch (params.action) {
      case 'disconnect':
        session.disconnect('The person disconnected this agent in the editor');
        break;
      case 'readOnly':
        // Linter is the read-only role; the ceiling keeps setAgentRole from raising it again.
        session.maxRole = 'linter';
        session.role = 'linter';
        break;
      case 'revokeApproval':
        done = typeof params.kind === 'string' && revokeSimilar(session, params.kind);
        break;
      default:
        done = false;
    }
    this.sessionsChanged();
    return { done };
  }

  /** Sends the sessions soon: every change close together goes in one message. */
  private sessionsChanged(): void {
    if (this.sessionsDue) return;
    this.sessionsDue = setTimeout(() => {
      this.sessionsDue = undefined;
      void this.connection
        .sendNotification(AgentSessionsNotification, { sessions: this.running ? sessionOverview(this.host) : [] })
        .catch((error: unknown) => this.log('Could not send whetstone/agentSessions', error));
    }, SESSIONS_DELAY_MS);
  }

  /** The settings changed (or were read for the first time). */
  setSettings(settings: AgentServerSettings): Promise<void> {
    this.settings = settings;
    return this.reconcile();
  }

  /** Workspace trust as the client reports it. */
  setTrusted(trusted: boolean): Promise<void> {
    this.trusted = trusted;
    return this.reconcile();
  }

  /** Stops for good (shutdown). */
  stop(): Promise<void> {
    this.stopped = true;
    return this.reconcile();
  }

  /** The address and lock file while running (for logs and tests). */
  get endpoint(): AgentEndpoint | undefined {
    return this.running?.endpoint;
  }

  /** Where the endpoint's MCP server is and its token, for the extension to hand VS Code; null while not running. */
  mcpServer(version: string): McpServerResult | null {
    const running = this.running;
    if (!running) return null;
    const { port, token } = running.endpoint;
    return { url: `http://${LOOPBACK}:${port}${MCP_PATH}`, token, version: `${version}+${port}.${running.start}` };
  }

  private reconcile(): Promise<void> {
    this.turn = this.turn.then(() => this.reconcileNow()).catch((error: unknown) => this.log('The agent endpoint could not be started or stopped', error));
    return this.turn;
  }

  private async reconcileNow(): Promise<void> {
    // Nothing is decided (or reported) before the settings have been read, after initialize.
    if (!this.settings) return;
    const wanted = this.wanted();
    const running = this.running;
    if (running && wanted && sameSettings(running.settings, wanted)) return;
    if (running) await this.close(running);
    if (!wanted) {
      this.sendStatus(undefined, this.whyNot());
      return;
    }
    // Sessions may come and go while the endpoint starts; their events name the endpoint once it is known.
    let started: Running | undefined;
    try {
      const endpoint = await startAgentEndpoint({
        host: this.host,
        port: wanted.port,
        allowedOrigins: wanted.allowedOrigins,
        maxMessageBytes: wanted.maxMessageBytes,
        maxRole: wanted.maxRole,
        workspaceFolders: this.workspaceFolders,
        transports: [webSocketTransport(), mcpHttpTransport()],
        // The endpoint's lines carry session ids and error messages: one escaped line each in the log.
        log: (line) => this.connection.console.log(terminalLine(line, MAX_LOG_LINE_CHARS)),
        onSessionChange: (session, change) => {
          // A session that left takes its plans along: nobody can use them now.
          if (change === 'disconnected') this.host.withdrawPlansOf(session.id);
          if (started && this.running === started) this.sendStatus(started, undefined);
          this.sessionsChanged();
        },
        onSessionCall: () => this.sessionsChanged(),
      });
      this.host.setSessionSource(endpoint.sessions);
      started = { endpoint, settings: wanted, onExit: () => removeLockFile(endpoint.lockFile, endpoint.token), start: ++this.starts };
      process.once('exit', started.onExit);
      this.running = started;
      const moved = wanted.port !== 0 && endpoint.port !== wanted.port ? ` (port ${wanted.port} is taken)` : '';
      this.connection.console.info(`Agent endpoint listening on ${LOOPBACK}:${endpoint.port}${moved}; lock file ${endpoint.lockFile}`);
      this.sendStatus(started, undefined);
    } catch (error) {
      this.log('The agent endpoint did not start', error);
      this.sendStatus(undefined, `it did not start: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private wanted(): AgentServerSettings | undefined {
    if (this.stopped || !this.trusted || !this.settings?.enabled) return undefined;
    return this.settings;
  }

  private whyNot(): string | undefined {
    if (this.stopped) return 'the language server is shutting down';
    if (!this.trusted) return 'the workspace is not trusted';
    if (this.settings && !this.settings.enabled) return 'whetstone.agentServer.enabled is off';
    return undefined;
  }

  private async close(running: Running): Promise<void> {
    this.running = undefined;
    process.removeListener('exit', running.onExit);
    this.host.setSessionSource(() => []);
    // Nobody can use those plans any more: the questions in VS Code are withdrawn.
    this.host.withdrawAllPlans('The agent endpoint stopped before the plan was decided');
    await running.endpoint.close();
    this.sessionsChanged();
  }

  private sendStatus(running: Running | undefined, reason: string | undefined): void {
    let status: AgentStatusParams;
    if (running) {
      const sessions = running.endpoint.sessions().filter((session) => session.connected).length;
      status = { running: true, host: LOOPBACK, port: running.endpoint.port, lockFile: running.endpoint.lockFile, sessions };
    } else {
      status = { running: false, host: null, port: null, lockFile: null, sessions: 0 };
      if (reason !== undefined) status.reason = reason;
    }
    void this.connection.sendNotification(AgentStatusNotification, status).catch((error: unknown) => this.log('Could not send whetstone/agentStatus', error));
  }
}

function sameSettings(a: AgentServerSettings, b: AgentServerSettings): boolean {
  return (
    a.port === b.port &&
    a.maxMessageBytes === b.maxMessageBytes &&
    a.maxRole === b.maxRole &&
    a.allowedOrigins.length === b.allowedOrigins.length &&
    a.allowedOrigins.every((origin, index) => origin === b.allowedOrigins[index])
  );
}
