// What method handlers may use: the buffers, a way to apply edits to them as one step, the
// sessions, the plans, the person, the library context and the suggestion feedback model. The
// language server (in VS Code) and `whetstone-agent serve` (headless) each provide one.
import type { Position, Program } from '../core/ast';
import type { LibraryContext } from '../core/semantics';
import type { TextEdit } from '../core/syntax';
import type { CodeModel } from '../projection';
import type { OpenBuffer } from '../workspace/buffer';
import type { FileIndex } from '../workspace/file-index';
import type { Workspace } from '../workspace/workspace';
import type { ReviewPreflight } from './review-preflight';
import type { Session } from './session';

export interface ApplyEditOptions {
  /** The AST the edits produce (from the mutation engine), so inserted nodes keep their ids. */
  expected: Program;
  /** The text the edits produce: computed once where the change is made, and carried along with it. */
  text: string;
  /** The revision the edits were computed against; a buffer that moved on is a conflict. */
  baseRevision: number;
  /** What the person sees for this change (VS Code's undo label, the headless log). */
  label: string;
}

/**
 * Applies `edits` to the buffer as one step (one undo step in VS Code) and resolves to the new
 * revision, or rejects with AgentError RevisionConflict (-32012) when the buffer is no longer at
 * `baseRevision` — never writing at a stale position.
 */
export type EditApplier = (buffer: OpenBuffer, edits: readonly TextEdit[], options: ApplyEditOptions) => Promise<number>;

/**
 * One node a plan targets. Node ids are unique only within a buffer (each file numbers its own),
 * so a target names its buffer too: an agent may leave `uri` out, and proposePlan then binds the
 * target to the buffer the person is shown it in (plan-preview.ts).
 */
export interface PlanTarget {
  op: string;
  nodeId: string;
  uri?: string;
}

/** A target bound to one buffer: what a plan holds once proposed, and what the gate matches. */
export interface BoundPlanTarget extends PlanTarget {
  uri: string;
}

export type PlanStatus = 'pending' | 'approved' | 'rejected' | 'consumed';

export interface Plan {
  planId: string;
  sessionId: string;
  status: PlanStatus;
  steps: string[];
  reason: string;
  targets: BoundPlanTarget[];
  decidedBy?: string;
  decisionReason?: string;
}

/** Asks the person to decide a plan; resolves with their decision (never decided by an agent). */
export type PlanDecider = (plan: Plan) => Promise<{ approved: boolean; reason?: string; decidedBy: string }>;

/** One text edit of a suggested change, as it would apply to the buffer at the suggestion's base revision. */
export interface SuggestionEdit extends TextEdit {
  /** Where the replaced text starts and ends (core positions: 1-based lines, UTF-16 columns). */
  start: Position;
  end: Position;
  /** The text the edit replaces (empty for a pure insertion). */
  oldText: string;
  /** The whole lines the edit touches, before and after it: what a person reads (edits are minimal). */
  linesBefore: string;
  linesAfter: string;
}

/** A change an agent sent with `review: true`, waiting for the person (docs/AGENT-ENDPOINT.md "Review mode"). */
export interface ChangeSuggestion {
  suggestionId: string;
  sessionId: string;
  /** The proposing agent's name (empty when it gave none). */
  agentName: string;
  uri: string;
  /** The revision the edits were previewed against. */
  baseRevision: number;
  edits: SuggestionEdit[];
  /** What the change does, as the undo label of a direct change would say. */
  label: string;
  /** The errors it would introduce, in its buffer and in the open buffers importing it (review-preflight.ts). */
  introducedErrors: ReviewPreflight;
}

export interface ReviewDecision {
  accepted: boolean;
  /** person, auto, policy or host, as for plans. */
  decidedBy: string;
  reason?: string;
}

/**
 * Shows a suggested change to the person and resolves with their decision. `withdrawn` aborts
 * when the question is void (its agent left): the host removes the suggestion from view and may
 * settle the promise any way it likes, since nobody is listening any more.
 */
export type ChangeReviewer = (suggestion: ChangeSuggestion, withdrawn: AbortSignal) => Promise<ReviewDecision>;

export interface AgentHost {
  readonly workspace: Workspace;
  /**
   * Every file of the workspace, open or not, with its module path (listFiles, findSymbol,
   * findReferences): in VS Code the index of the source roots, headless the served folders as
   * roots (every served file is an open buffer). Without one, the open buffers alone.
   */
  readonly index?: FileIndex;
  readonly applyEdits: EditApplier;
  readonly decidePlan: PlanDecider;
  readonly reviewChange: ChangeReviewer;
  /** The library context in force (setting `whetstone.library`, or `--library`), if any. */
  library(): LibraryContext | undefined;
  /** Every connected session, for listSessions. */
  sessions(): readonly Session[];
  /** What getCapabilities and the lock file report. */
  readonly info: { ideName: string; version: string };
  /**
   * Where the annotation feedback model of this workspace is kept (JSON): `.whetstone/feedback.json`
   * in the workspace folder (VS Code), beside the served files (headless), a temporary folder in
   * tests. Without one the model lives in memory for the host's lifetime.
   */
  readonly feedbackFile?: string;
  /**
   * The language model generateCode may use right now (VS Code's chat models through the
   * extension), or undefined for the built-in generator (headless, where there is none).
   */
  readonly codeModel?: () => CodeModel | undefined;
  /**
   * Makes the files a request names into buffers if they are files of the workspace nobody has
   * open (VS Code opens them as documents without an editor), and keeps those it opened earlier
   * held while agents use them; absent where every file is a buffer already (headless). A `uri`
   * that is no file of the workspace is left alone: the method then says it is not open.
   */
  reachFiles?(uris: readonly string[], options?: { max?: number }): Promise<void>;
  /**
   * The files of the workspace that import the file `uri` names directly, open or not (from the
   * workspace index), for a change that must reach every importer; once the index is built (a
   * request made while it is being built waits for it, or with `wait: false` is answered
   * undefined: not known yet); absent where every file is a buffer.
   */
  importersOf?(uri: string, options?: { wait: boolean }): Promise<string[] | undefined>;
}
