// The AgentHost inside the language server (in VS Code). Agents' edits do not change the buffer
// directly: they go to VS Code as `workspace/applyEdit`, so the person sees them, each is one step
// in the editor's undo stack, and VS Code refuses one made for a document version the person has
// since typed over. The buffer then changes the way every edit does, through didChange; the host
// tells the workspace beforehand what AST that change produces so inserted nodes keep the ids the
// mutation engine gave them. Plans are put to the person with the custom request
// `whetstone/decidePlan`, which the client shows as a notification; changes sent for review with
// `whetstone/reviewChange`, which the client shows inline in the editor.
import { CancellationTokenSource, type Connection, type TextEdit as LspTextEdit } from 'vscode-languageserver/node';
import { revisionConflict, AgentError, ErrorCode, type AgentHost, type ApplyEditOptions, type ChangeReviewer, type ChangeSuggestion, type EditApplier, type Plan, type PlanDecider, planDisplay, type Session, approveSimilar, isApprovedSimilar, similarKind } from '../agent';
import type { LibraryContext } from '../core/semantics';
import type { TextEdit } from '../core/syntax';
import { rangeOfOffsets, toLspPosition } from '../lsp/convert';
import type { CodeModel } from '../projection';
import { DecidePlanRequest, LanguageModelRequest, OpenDocumentRequest, ReviewChangeRequest, type DecidePlanResult, type ReviewChangeResult } from '../protocol/messages';
import type { OpenBuffer } from '../workspace/buffer';
import type { FileIndex } from '../workspace/file-index';
import type { Workspace } from '../workspace/workspace';

export interface LspHostOptions {
  connection: Connection;
  workspace: Workspace;
  /** The index of the source roots (lsp/workspace-index.ts). */
  index?: FileIndex;
  info: { ideName: string; version: string };
  /** How long VS Code may take to answer an applyEdit (it can be waiting on the person). */
  answerTimeoutMs?: number;
  /** How long the didChange of an applied edit may take to arrive after the answer. */
  changeTimeoutMs?: number;
  /** Whether `uri` is a file of the workspace index (one an agent may have opened). */
  isWorkspaceFile?: (uri: string) => boolean;
  /** The files of the workspace index that import `uri` directly (see AgentHost.importersOf). */
  importersOf?: (uri: string, options?: { wait: boolean }) => Promise<string[] | undefined>;
}

const DEFAULT_ANSWER_TIMEOUT_MS = 30_000;
const DEFAULT_CHANGE_TIMEOUT_MS = 10_000;
/** After a refusal, how long to wait for the person's change to arrive, so the conflict names its revision. */
const REFUSAL_SETTLE_MS = 1_000;
/**
 * How often a file opened for agents is asked to be opened again while they use it: VS Code lets
 * go of a document opened without an editor a few minutes after the last request to open it.
 */
const REACHED_REFRESH_MS = 60_000;
/** How many files nobody has open one request may open, unless the method says otherwise. */
const MAX_FILES_OPENED_PER_REQUEST = 32;
/** How many files VS Code is asked to open at the same time. */
const OPENING_AT_ONCE = 8;

export class LspAgentHost implements AgentHost {
  readonly workspace: Workspace;
  readonly index: FileIndex | undefined;
  readonly info: { ideName: string; version: string };
  /** The annotation feedback model's file: set at initialize, in the workspace folder's .whetstone/. */
  feedbackFile: string | undefined;
  private readonly connection: Connection;
  private readonly answerTimeoutMs: number;
  private readonly changeTimeoutMs: number;
  private currentLibrary: LibraryContext | undefined;
  private sessionSource: () => readonly Session[] = () => [];
  /** Plans being decided, by id: withdrawing one answers it without the person. */
  private readonly deciding = new Map<string, { sessionId: string; withdraw: (reason: string) => void }>();
  private readonly isWorkspaceFile: (uri: string) => boolean;
  readonly importersOf: (uri: string, options?: { wait: boolean }) => Promise<string[] | undefined>;
  /** Files opened for agents (nobody had them open), with when VS Code was last asked to open each. */
  private readonly reached = new Map<string, number>();

  constructor(options: LspHostOptions) {
    this.connection = options.connection;
    this.workspace = options.workspace;
    this.index = options.index;
    this.info = options.info;
    this.answerTimeoutMs = options.answerTimeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS;
    this.changeTimeoutMs = options.changeTimeoutMs ?? DEFAULT_CHANGE_TIMEOUT_MS;
    this.isWorkspaceFile = options.isWorkspaceFile ?? (() => false);
    this.importersOf = options.importersOf ?? (() => Promise.resolve([]));
    this.workspace.onDidClose((uri) => this.reached.delete(uri));
  }

  /**
   * Opens in VS Code, as documents without an editor, the files of the workspace a request names
   * that nobody has open, and waits for each to arrive as a buffer; asks again for one opened
   * earlier that agents still use, so VS Code keeps holding it (and its node ids stay).
   */
  async reachFiles(uris: readonly string[], options: { max?: number } = {}): Promise<void> {
    const max = options.max ?? MAX_FILES_OPENED_PER_REQUEST;
    const toOpen = uris.filter((uri) => !this.workspace.get(uri) && this.isWorkspaceFile(uri));
    if (toOpen.length > max) {
      throw new AgentError(ErrorCode.InvalidParams, `The request reaches ${toOpen.length} files nobody has open; one request may open at most ${max}`, {
        hint: 'Split it into several requests.',
      });
    }
    const now = Date.now();
    const toRefresh = uris.filter((uri) => this.workspace.get(uri) && now - (this.reached.get(uri) ?? now) >= REACHED_REFRESH_MS);
    const queue = [...toOpen, ...toRefresh];
    const worker = async (): Promise<void> => {
      for (let uri = queue.shift(); uri !== undefined; uri = queue.shift()) await this.openForAgents(uri);
    };
    await Promise.all(Array.from({ length: Math.min(OPENING_AT_ONCE, queue.length) }, worker));
  }

  private async openForAgents(uri: string): Promise<void> {
    const opened = nextOpen(this.workspace, uri);
    try {
      const answer = await withTimeout(this.connection.sendRequest(OpenDocumentRequest, { uri }), this.answerTimeoutMs, () => new AgentError(ErrorCode.InternalError, `VS Code did not open ${uri} within ${this.answerTimeoutMs / 1000} s`));
      if (!answer?.opened) {
        throw new AgentError(ErrorCode.NoStructuredBuffer, `No structured buffer: VS Code could not open ${uri}${answer?.reason ? ` (${answer.reason})` : ''}`, { uri });
      }
      this.reached.set(uri, Date.now());
      if (!(await opened.within(this.changeTimeoutMs))) {
        throw new AgentError(ErrorCode.AstUnavailable, `AST unavailable: VS Code opened ${uri} but it has not reached the language server (yet)`, { uri, hint: 'Retry in a moment.' });
      }
    } finally {
      opened.dispose();
    }
  }

  /**
   * generateCode asks the editor's chat model through the client (vscode.lm), which answers with
   * no text when there is no model or the setting whetstone.generation.useLanguageModel is off.
   */
  readonly codeModel = (): CodeModel => ({
    name: 'vscode.lm',
    complete: async (prompt) => (await this.connection.sendRequest(LanguageModelRequest, { prompt })).text,
  });

  library(): LibraryContext | undefined {
    return this.currentLibrary;
  }

  /** The library in force for agents and for every buffer's analysis (so diagnostics agree). */
  setLibrary(library: LibraryContext | undefined): void {
    this.currentLibrary = library;
    this.workspace.setLibrary(library);
  }

  sessions(): readonly Session[] {
    return this.sessionSource();
  }

  /** Where the sessions come from: the endpoint, which is created after the host. */
  setSessionSource(source: () => readonly Session[]): void {
    this.sessionSource = source;
  }

  /**
   * One edit to VS Code and back. Edits arrive one at a time: every writer of a buffer takes its
   * turn first (agent/mutation-pipeline.ts inChangeTurn), so none is made for a revision another
   * edit on its way is about to replace.
   */
  readonly applyEdits: EditApplier = async (buffer: OpenBuffer, edits: readonly TextEdit[], options: ApplyEditOptions): Promise<number> => {
    const uri = buffer.uri;
    const current = this.workspace.get(uri);
    if (!current) throw new AgentError(ErrorCode.NoStructuredBuffer, `The buffer ${uri} was closed`, { hint: 'listBuffers shows the open buffers.' });
    if (current.revision !== options.baseRevision) throw revisionConflict(uri, current.revision, options.baseRevision);
    // Nothing to change: VS Code would not make a new version either.
    if (edits.length === 0) return current.revision;

    const lspEdits: LspTextEdit[] = [...edits]
      .sort((a, b) => a.startOffset - b.startOffset)
      .map((edit) => ({ range: rangeOfOffsets(current.document, edit.startOffset, edit.endOffset), newText: edit.newText }));
    const withdraw = this.workspace.expectEdit(uri, {
      baseRevision: options.baseRevision,
      text: options.text,
      ast: options.expected,
    });
    // Listening starts before the request: the didChange may arrive before or after its answer.
    const change = nextChange(this.workspace, uri);
    try {
      const answer = await withTimeout(
        this.connection.workspace.applyEdit({
          label: options.label,
          edit: { documentChanges: [{ textDocument: { uri, version: options.baseRevision }, edits: lspEdits }] },
        }),
        this.answerTimeoutMs,
        () =>
          new AgentError(ErrorCode.InternalError, `VS Code did not answer the edit "${options.label}" within ${this.answerTimeoutMs / 1000} s`, {
            hint: 'It may still apply; read the buffer (getAST) before trying again.',
          }),
      );
      if (!answer.applied) {
        withdraw?.();
        // VS Code refuses an edit made for a version the person has typed over; that keystroke's
        // didChange is usually still on its way, and the conflict should name its revision.
        const seen = await change.within(REFUSAL_SETTLE_MS);
        const revision = seen ?? this.workspace.get(uri)?.revision ?? options.baseRevision;
        if (revision !== options.baseRevision) throw revisionConflict(uri, revision, options.baseRevision, answer.failureReason && `VS Code: ${answer.failureReason}`);
        // Refused although nothing changed: not a conflict (a read-only file, a failed save participant…).
        throw new AgentError(ErrorCode.MutationFailed, `VS Code did not apply the edit "${options.label}"${answer.failureReason ? `: ${answer.failureReason}` : ''}; nothing changed`, {
          hint: 'Check that the document can be edited in VS Code.',
        });
      }
      const revision = await change.within(this.changeTimeoutMs);
      if (revision === undefined && change.closed) {
        throw new AgentError(ErrorCode.InternalError, `VS Code applied "${options.label}" but the buffer was closed before the change arrived`, {
          hint: 'listBuffers shows the open buffers.',
        });
      }
      if (revision === undefined) {
        throw new AgentError(ErrorCode.InternalError, `VS Code applied "${options.label}" but did not report the change within ${this.changeTimeoutMs / 1000} s`, {
          hint: 'Read the buffer (getAST) before the next mutation.',
        });
      }
      return revision;
    } finally {
      change.dispose();
    }
  };

  /** Told when what the Agents view shows changes outside a call (a plan or change decided). */
  onActivity: () => void = () => undefined;

  readonly decidePlan: PlanDecider = (plan: Plan) =>
    new Promise((resolve, reject) => {
      const session = this.sessions().find((candidate) => candidate.id === plan.sessionId);
      const similar = similarKind(this.workspace, plan.targets);
      if (session && similar && isApprovedSimilar(session, similar.kind)) {
        // The person approved plans of this kind from this agent until it disconnects.
        resolve({ approved: true, reason: `Approved as similar to an earlier plan (${similar.label}), as the person chose`, decidedBy: 'policy' });
        this.onActivity();
        return;
      }
      const source = new CancellationTokenSource();
      const settle = (): void => {
        this.deciding.delete(plan.planId);
        source.dispose();
      };
      this.deciding.set(plan.planId, {
        sessionId: plan.sessionId,
        withdraw: (reason) => {
          // Cancelled before the source is disposed: a disposed source cancels nothing.
          source.cancel();
          settle();
          resolve({ approved: false, reason, decidedBy: 'host' });
        },
      });
      const params = {
        plan: { ...plan, steps: [...plan.steps], targets: plan.targets.map((target) => ({ ...target })) },
        agent: { sessionId: plan.sessionId, name: session?.name ?? '' },
        display: planDisplay(plan, this.workspace, session?.name ?? ''),
        ...(similar ? { similar } : {}),
      };
      this.connection.sendRequest(DecidePlanRequest, params, source.token).then(
        (answer: DecidePlanResult | null) => {
          // A withdrawn plan was answered already.
          if (!this.deciding.has(plan.planId)) return;
          settle();
          if (answer?.decision === 'approved' || answer?.decision === 'rejected') {
            if (answer.decision === 'approved' && answer.approveSimilar === true && similar && session?.connected) approveSimilar(session, similar);
            resolve({ approved: answer.decision === 'approved', reason: answer.reason, decidedBy: answer.decidedBy || 'person' });
            this.onActivity();
          } else reject(new Error('VS Code withdrew the question without a decision'));
        },
        (error: unknown) => {
          if (!this.deciding.has(plan.planId)) return;
          settle();
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });

  readonly reviewChange: ChangeReviewer = (suggestion: ChangeSuggestion, withdrawn: AbortSignal) =>
    new Promise((resolve, reject) => {
      const source = new CancellationTokenSource();
      // Cancelling the request tells the client to take the suggestion out of the editor.
      const onWithdrawn = (): void => {
        source.cancel();
        resolve({ accepted: false, reason: 'withdrawn', decidedBy: 'host' });
      };
      if (withdrawn.aborted) return onWithdrawn();
      withdrawn.addEventListener('abort', onWithdrawn, { once: true });
      const settle = (): void => {
        withdrawn.removeEventListener('abort', onWithdrawn);
        source.dispose();
      };
      const params = {
        suggestion: {
          suggestionId: suggestion.suggestionId,
          uri: suggestion.uri,
          edits: suggestion.edits.map((edit) => ({
            range: { start: toLspPosition(edit.start), end: toLspPosition(edit.end) },
            newText: edit.newText,
            oldText: edit.oldText,
          })),
          label: suggestion.label,
          agentName: suggestion.agentName,
          newErrors: {
            count: suggestion.introducedErrors.count,
            errors: suggestion.introducedErrors.errors.map(({ uri, line, code, message }) => ({ uri, line, code, message })),
          },
        },
      };
      this.connection.sendRequest(ReviewChangeRequest, params, source.token).then(
        (answer: ReviewChangeResult | null) => {
          settle();
          if (answer?.decision === 'accepted' || answer?.decision === 'rejected') {
            resolve({ accepted: answer.decision === 'accepted', decidedBy: answer.decidedBy || 'person' });
            this.onActivity();
          } else reject(new Error('VS Code withdrew the suggestion without a decision'));
        },
        (error: unknown) => {
          settle();
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });

  /**
   * Withdraws the questions about a session's plans (it disconnected: nobody can use the plans):
   * the notification in VS Code is told so, and the plans count as rejected by the host.
   */
  withdrawPlansOf(sessionId: string, reason = 'The agent disconnected before the plan was decided'): void {
    for (const pending of [...this.deciding.values()]) if (pending.sessionId === sessionId) pending.withdraw(reason);
  }

  /** Withdraws every open question (the endpoint stops). */
  withdrawAllPlans(reason: string): void {
    for (const pending of [...this.deciding.values()]) pending.withdraw(reason);
  }
}

interface ChangeWatch {
  /** The revision of the first change after the watch began, waiting up to `ms` for it. */
  within(ms: number): Promise<number | undefined>;
  /** Whether the buffer closed while watched. */
  readonly closed: boolean;
  dispose(): void;
}

/** Watches for the first change of `uri` (or its closing) from now on. */
function nextChange(workspace: Workspace, uri: string): ChangeWatch {
  let revision: number | undefined;
  let closed = false;
  const waiters = new Set<() => void>();
  const wake = (): void => {
    for (const waiter of [...waiters]) waiter();
  };
  const subscriptions = [
    workspace.onDidChange(({ buffer }) => {
      if (buffer.uri !== uri || revision !== undefined) return;
      revision = buffer.revision;
      wake();
    }),
    workspace.onDidClose((closedUri) => {
      if (closedUri !== uri) return;
      closed = true;
      wake();
    }),
  ];
  return {
    get closed() {
      return closed;
    },
    within(ms) {
      if (revision !== undefined || closed) return Promise.resolve(revision);
      return new Promise((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          waiters.delete(done);
          resolve(revision);
        };
        const timer = setTimeout(done, ms);
        waiters.add(done);
      });
    },
    dispose() {
      for (const subscription of subscriptions) subscription.dispose();
      wake();
    },
  };
}

/** Resolves true once `uri` is a buffer of the workspace (at once if it is), false after `ms`. */
function nextOpen(workspace: Workspace, uri: string): { within(ms: number): Promise<boolean>; dispose(): void } {
  let wake: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  const subscription = workspace.onDidOpen((buffer) => {
    if (buffer.uri === uri) wake?.();
  });
  return {
    within(ms) {
      if (workspace.get(uri)) return Promise.resolve(true);
      return new Promise((resolve) => {
        timer = setTimeout(() => resolve(workspace.get(uri) !== undefined), ms);
        wake = () => {
          clearTimeout(timer);
          resolve(true);
        };
      });
    },
    dispose() {
      subscription.dispose();
      clearTimeout(timer);
    },
  };
}

/** `promise`, or the error `onTimeout` makes once `ms` have passed without it settling. */
function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
