// The one path every agent change takes (applyMutation, applyBatch, applyAnnotationSuggestion, and
// a reviewed change both when it is proposed, as a preview, and when the person accepts it),
// in the order PROTOCOL.md "Revisions and conflicts" needs: revision check, the mutation engine
// (all or nothing), the library policy, the syntax preflight, strict semantics, the plan gate,
// then ONE applyEdits call (one undo step) and the undo record. Every refusal happens before the
// buffer is touched, so a failure leaves it byte for byte as it was. Language facts come from the
// core (mutate, library-policy, preflight, mutation-impact); this file only orders and translates.
import type { Diagnostic } from '../core/diagnostics';
import type { TextEdit } from '../core/document';
import { describeUnknownFunctions, importMutations, reviewChange, type MissingImport } from '../core/library-policy';
import { applyMutations, MutationError, type MutationResult } from '../core/mutate';
import type { Mutation } from '../core/mutation';
import { destructiveTargets } from '../core/mutation-impact';
import { addedSyntaxErrors, previewDocument } from '../core/preflight';
import { LibraryIndex, type LibraryContext } from '../core/semantics/library';
import { analyze, type SemanticModel } from '../core/semantics/model';
import { invertEdits } from '../core/text-edits';
import type { OpenBuffer } from '../workspace/buffer';
import { checkRevision, resolveBuffer } from './buffers';
import { AgentError, ErrorCode } from './errors';
import type { MethodContext } from './method';
import { consumeApprovedPlan } from './methods/plans';
import { rememberUndo } from './undo-history';

export interface PipelineOptions {
  uri?: string;
  ifRevision?: number;
  dryRun?: boolean;
  planId?: string;
  strictMode?: boolean;
  preferImports?: boolean;
  /** What the person sees for the change (undo label, headless log). */
  label: string;
}

interface Common {
  uri: string;
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
  /** The destructive targets a plan would have to list to apply this ({op, nodeId}); empty when none. */
  planTargets: { op: string; nodeId: string }[];
  addedImports: MissingImport[];
}

/** The fields a mutation object may carry for the engine; anything else is the method's own. */
const ENGINE_FIELDS = ['type', 'nodeId', 'property', 'value', 'parentId', 'role', 'node', 'properties', 'index'] as const;

/** The mutation as the engine takes it (the agent's object may also carry preferImports etc.). */
export function engineMutation(raw: Record<string, unknown>): Mutation {
  const mutation: Record<string, unknown> = {};
  for (const field of ENGINE_FIELDS) if (field in raw) mutation[field] = raw[field];
  return mutation as unknown as Mutation;
}

const libraryIndexes = new WeakMap<LibraryContext, LibraryIndex>();

function indexOf(library: LibraryContext | undefined): LibraryIndex | undefined {
  if (!library) return undefined;
  let index = libraryIndexes.get(library);
  if (!index) {
    index = new LibraryIndex(library);
    libraryIndexes.set(library, index);
  }
  return index;
}

function runEngine(buffer: OpenBuffer, mutations: readonly Mutation[], newId: () => string, kind: string): MutationResult {
  try {
    return applyMutations(buffer.document, mutations, newId);
  } catch (error) {
    if (!(error instanceof MutationError)) throw error;
    if (error.missingNodeId !== undefined) throw nodeNotFound(buffer, error, mutations.length === 1);
    const data: Record<string, unknown> = { index: error.index, reason: error.message };
    if (error.hint !== undefined) data.hint = error.hint;
    else data.hint = 'Nothing changed. Fix that mutation (getNode shows the node as it is now) and send the whole change again.';
    throw new AgentError(ErrorCode.MutationFailed, `${kind} failed: ${error.message}`, data);
  }
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

const errorKey = (diagnostic: Diagnostic): string => `${diagnostic.code}\u0000${diagnostic.message}`;

/** The errors in `after` that `before` does not have (by code and message: positions move). */
export function addedErrors(before: readonly Diagnostic[], after: readonly Diagnostic[]): Diagnostic[] {
  const counts = new Map<string, number>();
  for (const diagnostic of before) {
    if (diagnostic.severity !== 'error') continue;
    counts.set(errorKey(diagnostic), (counts.get(errorKey(diagnostic)) ?? 0) + 1);
  }
  return after.filter((diagnostic) => {
    if (diagnostic.severity !== 'error' || diagnostic.code === 'E_SYNTAX') return false;
    const count = counts.get(errorKey(diagnostic)) ?? 0;
    if (count === 0) return true;
    counts.set(errorKey(diagnostic), count - 1);
    return false;
  });
}

function describeErrors(errors: readonly Diagnostic[]): string | null {
  if (errors.length === 0) return null;
  const shown = errors.slice(0, 5).map((d) => `${d.code} ${d.message}${d.line > 0 ? ` (line ${d.line})` : ''}`);
  const more = errors.length > 5 ? `; and ${errors.length - 5} more` : '';
  return `The change adds ${errors.length} semantic error${errors.length === 1 ? '' : 's'}: ${shown.join('; ')}${more}. It was applied; pass strictMode: true to refuse such changes.`;
}

/** Counter for the ids of a preview: they never reach the buffer, so they need not be the document's. */
let previewIds = 0;

/**
 * Runs `mutations` as one change of the buffer. Throws AgentError (-32000/-32001, -32010, -32011,
 * -32012, -32040, -32041) with nothing changed; otherwise returns what changed, or with dryRun
 * what would.
 */
export async function runChange(
  context: MethodContext,
  rawMutations: readonly Record<string, unknown>[],
  options: PipelineOptions,
): Promise<AppliedChange | PreviewedChange> {
  const { host, session } = context;
  const buffer = resolveBuffer(host, options.uri);
  checkRevision(buffer, options.ifRevision);
  const kind = rawMutations.length === 1 ? 'Mutation' : 'Batch mutation';
  const mutations = rawMutations.map(engineMutation);
  const document = buffer.document;
  const baseRevision = buffer.revision;
  const textBefore = document.text;
  const library = indexOf(host.library());
  const newId = options.dryRun === true ? () => `node_preview_${++previewIds}` : () => document.freshId();
  const strict = options.strictMode === true;

  let result = runEngine(buffer, mutations, newId, kind);
  let mutatedModel: SemanticModel | undefined;
  const modelOf = (): SemanticModel => (mutatedModel ??= analyze(result.ast, { library }));

  // Library policy: what the change calls and imports.
  const review = reviewChange((id) => document.nodeById(id), result.ast, modelOf, library);
  if (review.blocked.length > 0) {
    throw new AgentError(ErrorCode.LibraryPolicyViolation, `Library policy violation: ${review.blocked.map((b) => `${b.callee} (${b.reason})`).join('; ')}; nothing changed`, {
      blocked: review.blocked,
      hint: 'Use a function the policy allows (getLibraryContext shows the policy), or leave this call out.',
    });
  }
  if (strict && review.unknownFunctions.length > 0) {
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
  const agentInserts = mutations.filter((mutation) => mutation.type === 'insertNode').length;
  if (addImports) {
    // The imports join the same batch, so they land in the same edit and undo step.
    result = runEngine(buffer, [...mutations, ...importMutations(result.ast, review.missingImports)], newId, kind);
    mutatedModel = undefined;
  }
  const addedImports = addImports ? review.missingImports : [];
  const libraryWarning = describeUnknownFunctions(review, library !== undefined);

  const syntax = addedSyntaxErrors(document, result.edits);
  if (syntax.length > 0) {
    throw new AgentError(ErrorCode.MutationFailed, `${kind} refused: it would add ${syntax.length} syntax error${syntax.length === 1 ? '' : 's'}; nothing changed`, {
      reason: 'syntax',
      diagnostics: syntax,
      hint: 'The text the change prints does not parse; check the node specs (types, operators, names).',
    });
  }

  // Syntax errors are refused above: what remains to compare is semantics.
  const semanticBefore = buffer.analysis().diagnostics;
  if (strict) {
    const added = addedErrors(semanticBefore, modelOf().diagnostics);
    if (added.length > 0) {
      // The tree the engine built has no positions for new nodes: report the errors as they would
      // be in the edited text (a full parse, paid only on this refusal).
      const preview = previewDocument(document, result.edits);
      const exact = addedErrors(semanticBefore, analyze(preview, { library }).diagnostics);
      preview.dispose();
      const diagnostics = exact.length > 0 ? exact : added;
      throw new AgentError(ErrorCode.MutationFailed, `${kind} refused (strictMode): it would add ${diagnostics.length} semantic error${diagnostics.length === 1 ? '' : 's'}; nothing changed`, {
        reason: 'semantic',
        diagnostics,
        hint: 'Fix the change so it type-checks (each diagnostic has a hint), or send it without strictMode to apply it anyway.',
      });
    }
  }

  const targets = destructiveTargets((id) => document.nodeById(id), mutations).map(({ op, nodeId }) => ({ op, nodeId }));
  const common = {
    uri: buffer.uri,
    libraryWarning,
    unknownFunctions: review.unknownFunctions,
    changedNodeIds: result.changedNodeIds,
    addedImports,
  };

  if (options.dryRun === true) {
    const preview = previewDocument(document, result.edits);
    try {
      const diagnosticsAfter = [...preview.syntaxDiagnostics, ...analyze(preview, { library }).diagnostics].sort(
        (a, b) => a.span.startOffset - b.span.startOffset || a.span.endOffset - b.span.endOffset,
      );
      return {
        ...common,
        dryRun: true,
        warning: describeErrors(addedErrors(semanticBefore, diagnosticsAfter)),
        // Ids are handed out when the change is applied; a preview's would mean nothing.
        insertedNodeIds: [],
        revision: baseRevision,
        edits: result.edits,
        diagnosticsBefore: buffer.diagnostics(),
        diagnosticsAfter,
        planTargets: targets,
      };
    } finally {
      preview.dispose();
    }
  }

  consumeApprovedPlan(context, options.planId, targets);
  let revision = baseRevision;
  if (result.edits.length > 0) {
    revision = await host.applyEdits(buffer, result.edits, { expected: result.ast, baseRevision, label: options.label });
    rememberUndo(session, { uri: buffer.uri, revisionBefore: baseRevision, revisionAfter: revision, inverse: invertEdits(textBefore, result.edits), label: options.label });
  }
  const current = host.workspace.get(buffer.uri) ?? buffer;
  const diagnostics = current.diagnostics();
  return {
    ...common,
    dryRun: false,
    warning: describeErrors(addedErrors(semanticBefore, diagnostics)),
    insertedNodeIds: result.insertedNodeIds.slice(0, agentInserts),
    revision,
    diagnostics,
  };
}
