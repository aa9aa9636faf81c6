// The one path every change of a buffer takes. An agent's change (applyMutation, applyBatch,
// applyAnnotationSuggestion, and a reviewed change both when it is proposed, as a preview, and when
// the person accepts it) runs the steps docs/AGENT-ENDPOINT.md "Revisions and conflicts" needs.
// runOnce reads as its steps: the buffer and its revision, the mutation engine (all or nothing),
// the library policy, the syntax preflight, strict semantics, then either the preview (dryRun) or
// the plan gate and ONE applyEdits call (one undo step) with its undo record; runChange runs one
// again when the person's edit beat it. Every writer of a buffer (those changes, runUndo for undo
// and a failed rename's change back, the person's accepted suggestion in the editor) takes its
// turn with inChangeTurn and hands its edits over with applyInTurn, so each is computed on the
// tree the one before it left. Every refusal happens before the buffer is touched, so a failure
// leaves it byte for byte as it was. Language facts come from the core (mutate, library-policy,
// preflight, mutation-impact); this file only orders and translates.
import { addedErrors, inSourceOrder, MUTATION_FIELDS, type Diagnostic, type Mutation, type Program } from '../core/ast';
import {
  addedSyntaxErrors,
  applyMutations,
  describeUnknownFunctions,
  importMutations,
  MutationError,
  previewDocument,
  reviewChange,
  type MissingImport,
  type MutationResult,
  type PolicyReview,
} from '../core/editing';
import { analyze, libraryIndexOf, type LibraryIndex, type ModuleExports, type SemanticModel } from '../core/semantics';
import { applyTextEdits, invertEdits, type TextEdit, type WhetstoneDocument } from '../core/syntax';
import type { OpenBuffer } from '../workspace/buffer';
import { tooLargeForBuffer, tooLargeMessage } from '../workspace/buffer-limits';
import { checkRevision, resolveBuffer } from './buffers';
import { AgentError, ErrorCode } from './errors';
import type { AgentHost, BoundPlanTarget } from './host';
import type { MethodContext } from './method';
import { perHost } from './per-host';
import { checkApprovedPlan, planTargets, takeApprovedPlan, type PlanUse } from './plans/plan-gate';
import { completeUndo, lastUndo, rememberUndo } from './undo-history';
import { expandRenames } from './rename-expansion';
import { brokenCallersOf, type BrokenCaller } from './broken-callers';
import { resolverWithExports } from './review-preflight';

export interface PipelineOptions {
  uri?: string;
  ifRevision?: number;
  dryRun?: boolean;
  planId?: string;
  strictMode?: boolean;
  preferImports?: boolean;
  /**
   * The plan `planId` names is held by the caller for a change of several files (holdPlan): this
   * file's targets are checked against it, and the caller uses it up once every file's change is in.
   */
  planHeldByCaller?: boolean;
  /** Leave out brokenCallers (a rename changes every importer in the same change: none is left broken). */
  withoutBrokenCallers?: boolean;
  /**
   * Leave out the warnings, of the semantic errors the change adds and of the functions it calls
   * that are not known (a rename answers each file's diagnostics instead): the buffer need not be
   * analysed as it is before the change, nor, without a library or strictMode, as it is after it.
   */
  withoutWarning?: boolean;
  /**
   * With dryRun: only the checks, for a change of several files previewed before it applies
   * (multi-file-change.ts); the changed text is not parsed again for its diagnostics.
   */
  checksOnly?: boolean;
  /**
   * With dryRun, for one file of a change of several: what each other file of the change (by uri)
   * will export once it is changed, so the diagnostics after are those this file will have then.
   */
  exportsAfter?: ReadonlyMap<string, ModuleExports>;
  /** What the person sees for the change (undo label, headless log). */
  label: string;
  /**
   * A checksOnly preview of this very change (same file, same mutations, same options otherwise),
   * made in this request: while the buffer is still at the revision it was made for, its checked
   * result is applied as it is rather than computed and checked again.
   */
  prepared?: PreviewedChange;
}

interface Common {
  uri: string;
  /** What the change breaks in the files importing the buffer (broken-callers.ts), the first MAX_BROKEN_CALLERS. */
  brokenCallers: BrokenCaller[];
  brokenCallersTotal: number;
  /** null when there is nothing to say. */
  warning: string | null;
  libraryWarning: string | null;
  unknownFunctions: string[];
  changedNodeIds: string[];
  insertedNodeIds: string[];
}

export interface AppliedChange extends Common {
  dryRun: false;
  revision: number;
  diagnostics: Diagnostic[];
  /** Imports preferImports added: `use module.{names}`. */
  addedImports: MissingImport[];
}

export interface PreviewedChange extends Common {
  dryRun: true;
  /** The buffer's revision, unchanged. */
  revision: number;
  edits: TextEdit[];
  diagnosticsBefore: Diagnostic[];
  diagnosticsAfter: Diagnostic[];
  /** The destructive targets a plan would have to list to apply this ({op, nodeId, uri}); empty when none. */
  planTargets: BoundPlanTarget[];
  addedImports: MissingImport[];
}

/** The fields a mutation object may carry for the engine (MUTATION_FIELDS); anything else is the method's own. */
const ENGINE_FIELDS = ['type', ...Object.keys(MUTATION_FIELDS)];

/** The mutation as the engine takes it (the agent's object may also carry preferImports etc.). */
export function engineMutation(raw: Record<string, unknown>): Mutation {
  const mutation: Record<string, unknown> = {};
  for (const field of ENGINE_FIELDS) if (field in raw) mutation[field] = raw[field];
  return mutation as unknown as Mutation;
}

/** A change on its way through the steps: what each step reads, and what it leaves for the next. */
interface Draft {
  readonly context: MethodContext;
  readonly options: PipelineOptions;
  readonly buffer: OpenBuffer;
  /** The buffer's document before the change (the revision was checked against it). */
  readonly document: WhetstoneDocument;
  /** "Mutation" or "Batch mutation", for messages. */
  readonly kind: string;
  /** The agent's mutations as the engine takes them. */
  readonly mutations: Mutation[];
  readonly library: LibraryIndex | undefined;
  readonly newId: () => string;
  /** The engine's result: the mutated AST and the text edits; redone when imports join the batch. */
  result: MutationResult;
  /** The analysis of result.ast, made when a step first needs it. */
  mutatedModel?: SemanticModel;
}

/** What the library policy step found, for the answer. */
interface PolicyOutcome {
  review: PolicyReview;
  addedImports: MissingImport[];
  libraryWarning: string | null;
  /** How many of the inserted nodes are the agent's (imports the step added come after them). */
  agentInserts: number;
}

/**
 * How often a change sent without ifRevision is run again when the person's edit beat it to the
 * buffer (in VS Code a keystroke can land between the checks and the edit). It names nodes by id,
 * and ids outlive edits, so it still means the same on the new tree; the bound keeps a person
 * typing without pause from holding the agent's request forever.
 */
export const MAX_RACE_RERUNS = 3;

/** The changes of a host's buffers, one after the other (see inChangeTurn). */
const changeTurns = perHost(() => ({ last: Promise.resolve() as Promise<unknown> }));

/**
 * Runs `change` in the host's turn: once every change of its buffers before it has applied (or
 * failed). Whatever `change` reads of a buffer is then what the changes before it left, so two
 * changes never race for one revision (in VS Code an edit is a round trip through the editor; a
 * second change computed meanwhile would be made for a stale revision). Never call it from inside
 * a change: the turn would wait for itself.
 */
export function inChangeTurn<T>(host: AgentHost, change: () => Promise<T>): Promise<T> {
  const turns = changeTurns(host);
  const run = turns.last.then(change);
  turns.last = run.catch(() => undefined);
  return run;
}

/**
 * Hands `edits` (offsets into the buffer's text as it is now) to the host as ONE applyEdits call
 * (one undo step), carrying the text they produce so nobody on its way (the editor's round trip,
 * the headless write) computes it again. `expected` is the AST the edit produces, whose node ids
 * the buffer keeps. Resolves with the buffer's new revision. Only in a turn (inChangeTurn).
 */
export function applyInTurn(host: AgentHost, buffer: OpenBuffer, edits: readonly TextEdit[], expected: Program, label: string): Promise<number> {
  const text = applyTextEdits(buffer.document.text, edits);
  return host.applyEdits(buffer, edits, { expected, text, baseRevision: buffer.revision, label });
}

/**
 * Runs `mutations` as one change of the buffer. Throws AgentError (-32000/-32001, -32010, -32011,
 * -32012, -32040, -32041) with nothing changed; otherwise returns what changed, or with dryRun
 * what would. Changes that apply take turns (inChangeTurn): each is computed on the tree the one
 * before it left, so agents' changes never conflict with each other. Without
 * ifRevision, a change that lost the race to the person's edit is run again from the start on the
 * buffer as it is then (every check included), up to MAX_RACE_RERUNS times; with ifRevision it is
 * the agent's to decide, so the conflict is the answer. Never call it from inside a change.
 */
export async function runChange(
  context: MethodContext,
  rawMutations: readonly Record<string, unknown>[],
  options: PipelineOptions,
): Promise<AppliedChange | PreviewedChange> {
  // A preview changes nothing and needs no turn.
  if (options.dryRun === true) return runOnce(context, rawMutations, options);
  return inChangeTurn(context.host, () => runWithReruns(context, rawMutations, options));
}

async function runWithReruns(
  context: MethodContext,
  rawMutations: readonly Record<string, unknown>[],
  options: PipelineOptions,
): Promise<AppliedChange | PreviewedChange> {
  for (let rerun = 0; ; rerun++) {
    try {
      return await runOnce(context, rawMutations, options);
    } catch (error) {
      const lostRace = error instanceof AgentError && error.code === ErrorCode.RevisionConflict && options.ifRevision === undefined;
      if (!lostRace || rerun >= MAX_RACE_RERUNS) throw error;
    }
  }
}

/**
 * What a checksOnly preview checked, kept for applying it (PipelineOptions.prepared): the draft on
 * the buffer's document at the preview's revision, what the library policy said, the plan targets.
 */
interface CheckedChange {
  draft: Draft;
  policy: PolicyOutcome;
  targets: BoundPlanTarget[];
}

const checkedChanges = new WeakMap<PreviewedChange, CheckedChange>();

async function runOnce(
  context: MethodContext,
  rawMutations: readonly Record<string, unknown>[],
  options: PipelineOptions,
): Promise<AppliedChange | PreviewedChange> {
  const checked = options.dryRun === true ? undefined : stillChecked(context, options);
  const idsBefore = previewIds;
  let draft: Draft;
  let policy: PolicyOutcome;
  if (checked) {
    draft = checked.draft;
    policy = checked.policy;
  } else {
    draft = startChange(context, rawMutations, options);
    policy = applyLibraryPolicy(draft);
    refuseTooLargeResult(draft);
    refuseAddedSyntaxErrors(draft);
  }
  // Syntax errors are refused above: what remains to compare is semantics.
  const semanticBefore = options.withoutWarning === true && options.strictMode !== true ? undefined : draft.buffer.analysis().diagnostics;
  if (semanticBefore && options.strictMode === true) refuseAddedSemanticErrors(draft, semanticBefore);
  const targets = checked?.targets ?? planTargets(draft.buffer.uri, draft.document, draft.result, draft.mutations);
  // Before anything is applied: the importers are analysed against the buffer as it is now.
  const broken = options.withoutBrokenCallers === true ? { brokenCallers: [], brokenCallersTotal: 0 } : await brokenCallersOf(context.host, draft.buffer, draft.result.edits, () => mutatedModel(draft));
  if (options.dryRun === true) {
    const previewed = preview(draft, policy, semanticBefore, targets, broken);
    // Kept for applying only when the preview handed out no node id (its ids are not the document's).
    // Its model is not kept: it is made again when asked (the modules it imports may change meanwhile).
    if (options.checksOnly === true && options.strictMode !== true && previewIds === idsBefore) checkedChanges.set(previewed, { draft: { ...draft, mutatedModel: undefined }, policy, targets });
    return previewed;
  }
  let plan: PlanUse;
  if (options.planHeldByCaller === true) {
    checkApprovedPlan(context, options.planId, targets, draft.buffer, { heldByCaller: true });
    plan = { applied: () => undefined, release: () => undefined };
  } else plan = takeApprovedPlan(context, options.planId, targets, draft.buffer);
  try {
    return await apply(draft, policy, semanticBefore, plan, broken);
  } finally {
    // Used up by apply when the change went in; otherwise (a conflict, a refused edit) still approved.
    plan.release();
  }
}

/** Counter for the ids of a preview: they never reach the buffer, so they need not be the document's. */
let previewIds = 0;

/** The checked draft of `options.prepared`, for this apply, if it still holds: the same buffer at the same revision, with the same library. */
function stillChecked(context: MethodContext, options: PipelineOptions): CheckedChange | undefined {
  const checked = options.prepared && checkedChanges.get(options.prepared);
  if (!checked) return undefined;
  const { draft } = checked;
  const buffer = context.host.workspace.get(draft.buffer.uri);
  if (buffer !== draft.buffer || buffer.revision !== options.prepared!.revision || buffer.document !== draft.document) return undefined;
  if (options.ifRevision !== undefined && options.ifRevision !== buffer.revision) return undefined;
  if (libraryIndexOf(context.host.library()) !== draft.library) return undefined;
  return { ...checked, draft: { ...draft, context, options, newId: () => draft.document.freshId() } };
}

/** The buffer (at the revision the agent read, if it says which) and the engine's result. */
function startChange(context: MethodContext, rawMutations: readonly Record<string, unknown>[], options: PipelineOptions): Draft {
  const buffer = resolveBuffer(context.host, options.uri);
  checkRevision(buffer, options.ifRevision);
  const document = buffer.document;
  const draft: Omit<Draft, 'result'> = {
    context,
    options,
    buffer,
    document,
    kind: rawMutations.length === 1 ? 'Mutation' : 'Batch mutation',
    mutations: expandRenames(buffer, rawMutations).map(engineMutation),
    library: libraryIndexOf(context.host.library()),
    newId: options.dryRun === true ? () => `node_preview_${++previewIds}` : () => document.freshId(),
  };
  return { ...draft, result: runEngine(draft, draft.mutations) };
}

function runEngine(draft: Omit<Draft, 'result'>, mutations: readonly Mutation[]): MutationResult {
  try {
    return applyMutations(draft.document, mutations, draft.newId);
  } catch (error) {
    if (!(error instanceof MutationError)) throw error;
    if (error.missingNodeId !== undefined) throw nodeNotFound(draft.buffer, error, draft.kind === 'Mutation');
    if (error.badField !== undefined) {
      const field = draft.kind === 'Mutation' ? `params.${error.badField}` : `params.mutations[${error.index}].${error.badField}`;
      throw new AgentError(ErrorCode.InvalidParams, `Invalid params: ${error.message}`, { field, index: error.index, hint: error.hint });
    }
    const data: Record<string, unknown> = { index: error.index, reason: error.message };
    if (error.hint !== undefined) data.hint = error.hint;
    else data.hint = 'Nothing changed. Fix that mutation (getNode shows the node as it is now) and send the whole change again.';
    throw new AgentError(ErrorCode.MutationFailed, `${draft.kind} failed: ${error.message}`, data);
  }
}

function mutatedModel(draft: Draft): SemanticModel {
  draft.mutatedModel ??= analyze(draft.result.ast, { library: draft.library, modules: draft.context.host.workspace.modules.resolverFor(draft.buffer) });
  return draft.mutatedModel;
}

/**
 * What the change calls and imports, against the library policy: a blocked function, an unknown
 * one under strictMode, or a library function without its import where the policy requires one,
 * is refused; with preferImports the missing imports join the batch (same edit, same undo step).
 */
function applyLibraryPolicy(draft: Draft): PolicyOutcome {
  const { document, library, options } = draft;
  // Without a library or strictMode, what the change calls can only be warned of.
  const review =
    library === undefined && options.strictMode !== true && options.withoutWarning === true
      ? { calls: [], blocked: [], unknownFunctions: [], didYouMean: {}, missingImports: [], ambiguous: [] }
      : reviewChange((id) => document.nodeById(id), draft.result.ast, () => mutatedModel(draft), library);
  if (review.blocked.length > 0) {
    throw new AgentError(ErrorCode.LibraryPolicyViolation, `Library policy violation: ${review.blocked.map((b) => `${b.callee} (${b.reason})`).join('; ')}; nothing changed`, {
      blocked: review.blocked,
      hint: 'Use a function the policy allows (getLibraryContext shows the policy), or leave this call out.',
    });
  }
  if (options.strictMode === true && review.unknownFunctions.length > 0) {
    throw new AgentError(ErrorCode.LibraryPolicyViolation, `Library policy violation (strictMode): ${describeUnknownFunctions(review, library !== undefined)} Nothing changed`, {
      unknownFunctions: review.unknownFunctions,
      didYouMean: review.didYouMean,
      hint: 'Call functions the buffer defines, built-ins or library functions (getLibraryContext lists them), or declare the function first.',
    });
  }
  const addImports = options.preferImports === true && review.missingImports.length > 0;
  if (library?.context.policy.requireImports === true && review.missingImports.length > 0 && !addImports) {
    const wanted = review.missingImports.map((m) => `use ${m.module}.{${m.name}};`).join(' ');
    throw new AgentError(ErrorCode.LibraryPolicyViolation, `Library policy violation: library functions must be imported (${wanted}); nothing changed`, {
      missingImports: review.missingImports,
      hint: 'Pass preferImports: true to add the imports in the same change, or insert them first.',
    });
  }
  const agentInserts = draft.mutations.filter((mutation) => mutation.type === 'insertNode').length;
  if (addImports) {
    draft.result = runEngine(draft, [...draft.mutations, ...importMutations(draft.result.ast, review.missingImports)]);
    draft.mutatedModel = undefined;
  }
  return {
    review,
    addedImports: addImports ? review.missingImports : [],
    libraryWarning: describeUnknownFunctions(review, library !== undefined),
    agentInserts,
  };
}

/** -32010 when the text the change prints would not parse where the buffer's text does. */
function refuseAddedSyntaxErrors(draft: Draft): void {
  const syntax = addedSyntaxErrors(draft.document, draft.result.edits);
  if (syntax.length === 0) return;
  throw new AgentError(ErrorCode.MutationFailed, `${draft.kind} refused: it would add ${syntax.length} syntax error${syntax.length === 1 ? '' : 's'}; nothing changed`, {
    reason: 'syntax',
    diagnostics: syntax,
    hint: 'The text the change prints does not parse; check the node specs (types, operators, names).',
  });
}

/**
 * -32010 when the change would take the buffer past the size a buffer may have
 * (workspace/buffer-limits.ts): each change is bounded by its params, but changes add up.
 */
function refuseTooLargeResult(draft: Draft): void {
  let length = draft.document.text.length;
  // The engine's edits are all into the text before the change.
  for (const edit of draft.result.edits) length += edit.newText.length - (edit.endOffset - edit.startOffset);
  if (!tooLargeForBuffer(length)) return;
  throw new AgentError(ErrorCode.MutationFailed, `${draft.kind} refused: the buffer would be too large (${tooLargeMessage(length)}); nothing changed`, {
    reason: 'size',
    hint: 'Make the buffer smaller first, or put the new code in another file.',
  });
}

/** strictMode: -32010 when the change adds semantic errors the buffer does not have. */
function refuseAddedSemanticErrors(draft: Draft, semanticBefore: readonly Diagnostic[]): void {
  const added = addedErrors(semanticBefore, mutatedModel(draft).diagnostics);
  if (added.length === 0) return;
  // The tree the engine built has no positions for new nodes: report the errors as they would be
  // in the edited text (a full parse, paid only on this refusal).
  const preview = previewDocument(draft.document, draft.result.edits);
  const exact = addedErrors(semanticBefore, analyze(preview, { library: draft.library, modules: draft.context.host.workspace.modules.resolverFor(draft.buffer) }).diagnostics);
  preview.dispose();
  const diagnostics = exact.length > 0 ? exact : added;
  throw new AgentError(ErrorCode.MutationFailed, `${draft.kind} refused (strictMode): it would add ${diagnostics.length} semantic error${diagnostics.length === 1 ? '' : 's'}; nothing changed`, {
    reason: 'semantic',
    diagnostics,
    hint: 'Fix the change so it type-checks (each diagnostic has a hint), or send it without strictMode to apply it anyway.',
  });
}

type Broken = Pick<Common, 'brokenCallers' | 'brokenCallersTotal'>;

/** The fields every answer has, previewed or applied. */
function commonFields(draft: Draft, policy: PolicyOutcome, broken: Broken) {
  return {
    uri: draft.buffer.uri,
    ...broken,
    libraryWarning: policy.libraryWarning,
    unknownFunctions: policy.review.unknownFunctions,
    changedNodeIds: draft.result.changedNodeIds,
    addedImports: policy.addedImports,
  };
}

/** dryRun: what the change would do, on a scratch document of the edited text; the buffer is untouched. */
function preview(draft: Draft, policy: PolicyOutcome, semanticBefore: readonly Diagnostic[] | undefined, targets: BoundPlanTarget[], broken: Broken): PreviewedChange {
  if (draft.options.checksOnly === true) {
    return { ...commonFields(draft, policy, broken), dryRun: true, warning: null, insertedNodeIds: [], revision: draft.buffer.revision, edits: draft.result.edits, diagnosticsBefore: [], diagnosticsAfter: [], planTargets: targets };
  }
  const document = previewDocument(draft.document, draft.result.edits);
  try {
    const { workspace } = draft.context.host;
    const resolver = workspace.modules.resolverFor(draft.buffer);
    const modules = resolver && draft.options.exportsAfter ? resolverWithExports(workspace, resolver, draft.options.exportsAfter) : resolver;
    const diagnosticsAfter = inSourceOrder(document.syntaxDiagnostics, analyze(document, { library: draft.library, modules }).diagnostics);
    return {
      ...commonFields(draft, policy, broken),
      dryRun: true,
      warning: semanticBefore ? describeErrors(addedErrors(semanticBefore, diagnosticsAfter)) : null,
      // Ids are handed out when the change is applied; a preview's would mean nothing.
      insertedNodeIds: [],
      revision: draft.buffer.revision,
      edits: draft.result.edits,
      diagnosticsBefore: draft.buffer.diagnostics(),
      diagnosticsAfter,
      planTargets: targets,
    };
  } finally {
    document.dispose();
  }
}

/** The change, as one applyEdits call (one undo step); then the undo record. */
async function apply(draft: Draft, policy: PolicyOutcome, semanticBefore: readonly Diagnostic[] | undefined, plan: PlanUse, broken: Broken): Promise<AppliedChange> {
  const { context, buffer, document, options, result } = draft;
  const baseRevision = buffer.revision;
  let revision = baseRevision;
  if (result.edits.length > 0) {
    // Read before the edit: the document changes in place once it is applied.
    const inverse = invertEdits(document.text, result.edits);
    revision = await applyInTurn(context.host, buffer, result.edits, result.ast, options.label);
    rememberUndo(context.session, { uri: buffer.uri, revisionBefore: baseRevision, revisionAfter: revision, inverse, label: options.label });
  }
  // The change is in the buffer (or there was nothing to change): the plan that allowed it is used up.
  plan.applied();
  const current = context.host.workspace.get(buffer.uri) ?? buffer;
  const diagnostics = current.diagnostics();
  return {
    ...commonFields(draft, policy, broken),
    dryRun: false,
    warning: semanticBefore ? describeErrors(addedErrors(semanticBefore, diagnostics)) : null,
    insertedNodeIds: result.insertedNodeIds.slice(0, policy.agentInserts),
    revision,
    diagnostics,
  };
}

export interface UndoneChange {
  /** The label of the change taken back. */
  undone: string;
  uri: string;
  revision: number;
  diagnostics: Diagnostic[];
}

/**
 * Takes back the session's last change of the buffer (`undo`; a failed rename's change back), in
 * its turn, if the buffer is still exactly as that change left it. Throws AgentError -32050 when
 * there is nothing to undo or the buffer changed since (then the inverse edits would land on text
 * they were not made for), or the host's refusal (-32012 and others) with nothing changed.
 */
export function runUndo(context: MethodContext, uri: string | undefined): Promise<UndoneChange> {
  const { host, session } = context;
  return inChangeTurn(host, async () => {
    const buffer = resolveBuffer(host, uri);
    const entry = lastUndo(session, buffer.uri);
    if (!entry) {
      throw new AgentError(ErrorCode.NothingToUndo, `Nothing to undo: this session has not changed ${buffer.uri}`, {
        uri: buffer.uri,
        hint: "undo takes back this session's own mutations only; the person's edits are undone in the editor.",
      });
    }
    if (buffer.revision !== entry.revisionAfter) {
      throw new AgentError(ErrorCode.NothingToUndo, `Nothing to undo: ${buffer.uri} changed after this session's last mutation (revision ${entry.revisionAfter}, now ${buffer.revision})`, {
        uri: buffer.uri,
        currentRevision: buffer.revision,
        hint: 'Undo applies only while the buffer is exactly as that mutation left it. Make the reverse change with applyMutation instead (read the AST first).',
      });
    }
    // The AST before the undo is what the restored text's nodes are matched against, as for any edit.
    const revision = await applyInTurn(host, buffer, entry.inverse, buffer.document.ast, `Undo ${entry.label}`);
    completeUndo(session, entry, revision);
    const current = host.workspace.get(buffer.uri) ?? buffer;
    return { undone: entry.label, uri: buffer.uri, revision, diagnostics: current.diagnostics() };
  });
}

/** -32002, as the queries answer it: a single mutation names the node, a batch also which entry. */
function nodeNotFound(buffer: OpenBuffer, error: MutationError, single: boolean): AgentError {
  const nodeId = error.missingNodeId!;
  const where = `${buffer.uri} (revision ${buffer.revision})`;
  const message = single ? `Node not found: no node ${nodeId} in ${where}; nothing changed` : `Node not found: mutations[${error.index}] names ${nodeId}, which is not in ${where}; nothing changed`;
  return new AgentError(ErrorCode.NodeNotFound, message, {
    nodeId,
    uri: buffer.uri,
    revision: buffer.revision,
    index: error.index,
    hint: 'Ids stay stable across edits and disappear only with their node: read the AST again (getAST) or search with findNodes.',
  });
}

function describeErrors(errors: readonly Diagnostic[]): string | null {
  if (errors.length === 0) return null;
  const shown = errors.slice(0, 5).map((d) => `${d.code} ${d.message}${d.line > 0 ? ` (line ${d.line})` : ''}`);
  const more = errors.length > 5 ? `; and ${errors.length - 5} more` : '';
  return `The change adds ${errors.length} semantic error${errors.length === 1 ? '' : 's'}: ${shown.join('; ')}${more}. It was applied; pass strictMode: true to refuse such changes.`;
}
