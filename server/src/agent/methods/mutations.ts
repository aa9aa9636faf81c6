// Mutations (docs/AGENT-ENDPOINT.md "Mutations", "Revisions and conflicts", "Plans", "Library
// context"): applyMutation, applyBatch and undo. Both mutation methods run through the one
// pipeline (mutation-pipeline.ts), so a single mutation is a batch of one with the same guarantees.
import { mutationJsonSchema, type JsonSchema } from '../../core/ast';
import { BUFFER_RESULT, defineMethod, type MethodContext, type MethodDefinition } from '../method';
import { runChange, runUndo, type AppliedChange, type PipelineOptions, type PreviewedChange } from '../mutation-pipeline';
import { proposeReviewedChange, type ProposedChange } from '../suggestions/review-mode';
import type { BrokenCaller } from '../broken-callers';
import { resolveBuffer, revisionConflict } from '../buffers';
import { AgentError, ErrorCode } from '../errors';
import { applyFiles, previewFiles, type FileChange } from '../multi-file-change';
import { keptFix } from '../diagnostic-fixes';
import { ID, JSON_VALUE, JSON_VALUE_DEFS, MAX_VALUE_STRING_LENGTH, NAME, URI } from '../param-bounds';

/** The mutation fields' schemas with the endpoint's bounds (param-bounds.ts) on every string, list and object. */
const BOUNDED_FIELDS = {
  nodeId: ID,
  property: NAME,
  value: JSON_VALUE,
  parentId: ID,
  role: NAME,
  node: { ...JSON_VALUE_DEFS.jsonObject, properties: { type: NAME }, required: ['type'] },
  properties: { $ref: '#/$defs/jsonObject' },
  source: { type: 'string', minLength: 1, maxLength: MAX_VALUE_STRING_LENGTH },
} as const;

/** Flags a change may also carry on any one of its mutations (applyBatch applies them to the whole batch). */
const MUTATION_FLAGS = {
  preferImports: { type: 'boolean' },
  strictMode: { type: 'boolean' },
} as const;

/**
 * `{type: "rename", nodeId, newName}`: a step of a change rather than an engine kind. The core's
 * rename rules turn it into the setProperty mutations of every use of the name before the engine
 * runs (rename-expansion.ts), so it is accepted here beside MUTATION_KINDS.
 */
function withRenameStep(schema: JsonSchema): JsonSchema {
  const properties = schema.properties as Record<string, JsonSchema>;
  const kinds = (properties.type as { enum: readonly string[] }).enum;
  return {
    ...schema,
    properties: { ...properties, type: { enum: [...kinds, 'rename'] }, newName: NAME },
    allOf: [...(schema.allOf as JsonSchema[]), { if: { properties: { type: { const: 'rename' } }, required: ['type'] }, then: { required: ['nodeId', 'newName'] } }],
  };
}

/** One mutation of applyBatch: the core's mutation kinds (MUTATION_KINDS) and rename, with the flags. */
export const MUTATION_SCHEMA = withRenameStep(mutationJsonSchema({ ...MUTATION_FLAGS, uri: URI }, BOUNDED_FIELDS));

/** What a change may carry besides its mutations (docs/AGENT-ENDPOINT.md). */
const CHANGE_PROPERTIES = {
  ifRevision: { type: 'integer' },
  dryRun: { type: 'boolean' },
  planId: ID,
  uri: URI,
  review: { type: 'boolean' },
} as const;

/** A batch this long is a rewrite: it should be several reviewable steps. */
export const MAX_BATCH_MUTATIONS = 1000;
/** How many files one batch may change. */
const MAX_BATCH_FILES = 100;

interface ChangeParams {
  ifRevision?: number;
  dryRun?: boolean;
  planId?: string;
  uri?: string;
  review?: boolean;
  strictMode?: boolean;
  preferImports?: boolean;
}

/** One mutation of a batch: its schema (MUTATION_SCHEMA) is built, so its type is said here. */
type MutationParams = ChangeParams & Record<string, unknown> & { type: string };

/** What a change answers: made (changeResult), previewed (dryRun) or waiting for the person (review, proposalResult). */
const CHANGE_RESULT = {
  success: 'boolean',
  ...BUFFER_RESULT,
  changedNodeIds: 'array',
  insertedNodeIds: 'array',
  addedImports: 'array',
  diagnostics: 'array',
  warning: 'string|null',
  libraryWarning: 'string|null',
  unknownFunctions: 'array',
  dryRun: 'boolean',
  edits: 'array',
  diagnosticsBefore: 'array',
  diagnosticsAfter: 'array',
  planTargets: 'array',
  pending: 'boolean',
  suggestionId: 'string',
  brokenCallers: 'array',
  brokenCallersTotal: 'integer',
} as const;

function who(context: MethodContext): string {
  return context.session.name || context.session.id;
}

function describeMutation(mutation: Record<string, unknown>): string {
  const target = typeof mutation.nodeId === 'string' ? mutation.nodeId : mutation.type === 'insertNode' ? `${typeof mutation.parentId === 'string' ? mutation.parentId : 'top level'}.${String(mutation.role)}` : '?';
  const what = mutation.type === 'setProperty' ? ` ${String(mutation.property)}` : '';
  return `${String(mutation.type)}${what} ${target}`;
}

/** The fields every answer to a change has: the reference's first, then the endpoint's own (docs/AGENT-ENDPOINT.md). */
function commonFields(change: AppliedChange | PreviewedChange): Record<string, unknown> {
  return {
    warning: change.warning,
    libraryWarning: change.libraryWarning,
    unknownFunctions: change.unknownFunctions,
    uri: change.uri,
    revision: change.revision,
    changedNodeIds: change.changedNodeIds,
    brokenCallers: change.brokenCallers,
    brokenCallersTotal: change.brokenCallersTotal,
  };
}

/** The wire form of a change made (or previewed with dryRun). */
function changeResult(change: AppliedChange | PreviewedChange, extra: Record<string, unknown>): Record<string, unknown> {
  const base = {
    success: true,
    ...extra,
    ...commonFields(change),
    insertedNodeIds: change.insertedNodeIds,
    addedImports: change.addedImports,
  };
  if (change.dryRun) {
    return {
      ...base,
      dryRun: true,
      edits: change.edits,
      diagnosticsBefore: change.diagnosticsBefore,
      diagnosticsAfter: change.diagnosticsAfter,
      planTargets: change.planTargets,
    };
  }
  return { ...base, diagnostics: change.diagnostics };
}

/**
 * A change with `review: true` (and no dryRun, which only previews) becomes a suggestion for the
 * person; every other change runs through the pipeline at once.
 */
async function changeOrPropose(context: MethodContext, mutations: Record<string, unknown>[], options: PipelineOptions & { review?: boolean }): Promise<AppliedChange | PreviewedChange | ProposedChange> {
  const { review, ...pipeline } = options;
  if (review === true && options.dryRun !== true) return proposeReviewedChange(context, mutations, pipeline);
  return runChange(context, mutations, pipeline);
}

/** The answer to a change sent for review: it is pending, nothing changed yet. */
function proposalResult(proposed: ProposedChange): Record<string, unknown> {
  const { change } = proposed;
  return {
    success: true,
    pending: true,
    suggestionId: proposed.suggestionId,
    ...commonFields(change),
    addedImports: change.addedImports,
    edits: change.edits,
  };
}

const applyMutation = defineMethod({
  name: 'applyMutation',
  role: 'refactor',
  description:
    'One mutation, one undo step; node or source (Whetstone text); no parentId: top level. brokenCallers: importers broken. ifRevision: refuse if stale; dryRun: preview; review: person accepts; planId: destructive ones; strictMode: no new errors; preferImports: add imports.',
  // The mutation's own fields and the change's options side by side, as the reference writes them.
  params: { ...withRenameStep(mutationJsonSchema({ ...MUTATION_FLAGS, ...CHANGE_PROPERTIES }, BOUNDED_FIELDS)), $defs: JSON_VALUE_DEFS },
  recorded: true,
  whenToUse: 'Rename: renameSymbol.',
  errors: '-32012: read again. -32010: refused (data.reason). -32040: needs a plan.',
  destructive: true,
  returns: CHANGE_RESULT,
  async handler(params, context) {
    const { ifRevision, dryRun, planId, uri, review, strictMode, preferImports, ...mutation } = params;
    const change = await changeOrPropose(context, [mutation], {
      uri,
      ifRevision,
      dryRun,
      planId,
      review,
      strictMode,
      preferImports,
      label: `${who(context)}: ${describeMutation(mutation)}`,
    });
    if ('suggestionId' in change) return proposalResult(change);
    return changeResult(change, {});
  },
});

const applyBatch = defineMethod({
  name: 'applyBatch',
  role: 'refactor',
  description:
    'All or nothing; data.index: the failing mutation. Each may name its uri (one undo step per file; ifRevisions {uri: revision}). Or fixId (getDiagnostics). Options as applyMutation.',
  params: {
    type: 'object',
    properties: {
      mutations: { type: 'array', items: MUTATION_SCHEMA, maxItems: MAX_BATCH_MUTATIONS },
      fixId: ID,
      ...CHANGE_PROPERTIES,
      ifRevisions: { type: 'object', additionalProperties: { type: 'integer' }, propertyNames: { maxLength: URI.maxLength }, maxProperties: MAX_BATCH_FILES },
      strictMode: { type: 'boolean' },
      preferImports: { type: 'boolean' },
    },
    additionalProperties: false,
    $defs: JSON_VALUE_DEFS,
  },
  recorded: true,
  whenToUse: 'Also {type: "rename", nodeId, newName}.',
  destructive: true,
  returns: { ...CHANGE_RESULT, appliedCount: 'integer', files: 'array', resolved: 'boolean' },
  async handler(params, context) {
    if (params.fixId !== undefined) return applyFix(context, { ...params, fixId: params.fixId });
    if (params.mutations === undefined) throw new AgentError(ErrorCode.InvalidParams, 'Invalid params: applyBatch takes mutations or a fixId', { field: 'mutations', hint: 'A fixId is what getDiagnostics gives beside a fix.' });
    const mutations = params.mutations as MutationParams[];
    const files = filesOf(context, mutations, params.uri);
    if (files.length > 1 || params.ifRevisions !== undefined) return batchAcrossFiles(context, files, { ...params, mutations });
    // A flag on any one mutation applies to the batch: the batch is checked and applied as one.
    const strictMode = params.strictMode === true || mutations.some((m) => m.strictMode === true);
    const preferImports = params.preferImports === true || mutations.some((m) => m.preferImports === true);
    const count = mutations.length;
    // One file: the batch's own, or the one its mutations name.
    const change = await changeOrPropose(context, files[0] ? [...files[0].mutations] : mutations, {
      uri: files[0]?.uri ?? params.uri,
      ifRevision: params.ifRevision,
      dryRun: params.dryRun,
      planId: params.planId,
      review: params.review,
      strictMode,
      preferImports,
      label: count === 1 ? `${who(context)}: ${describeMutation(mutations[0])}` : `${who(context)}: ${count} mutations`,
    });
    if ('suggestionId' in change) return proposalResult(change);
    return changeResult(change, { appliedCount: change.dryRun ? 0 : count });
  },
});

/**
 * applyBatch with a fixId: the fix getDiagnostics showed under that id, applied to the file it was
 * made for, at the revision it was made for (stale: -32012). For a diagnostic of another file (the
 * fix of a related declaration) the answer says whether that diagnostic is gone (`resolved`); in
 * its own file the change's diagnostics say it.
 */
async function applyFix(context: MethodContext, params: ChangeParams & { fixId: string; mutations?: unknown; ifRevisions?: unknown }): Promise<Record<string, unknown>> {
  const given = (['mutations', 'uri', 'ifRevision', 'ifRevisions'] as const).find((field) => params[field] !== undefined);
  if (given) {
    throw new AgentError(ErrorCode.InvalidParams, `Invalid params: fixId takes no ${given}: the fix brings its mutations, its file and the revision it was made for`, { field: given, hint: 'Send either mutations or a fixId.' });
  }
  const fix = keptFix(context.session, params.fixId);
  // A file closed since the fix was shown is a new buffer once opened again, with new node ids.
  await context.host.reachFiles?.([fix.uri]);
  const buffer = context.host.workspace.get(fix.uri);
  if (buffer && buffer !== fix.buffer.deref()) throw revisionConflict(fix.uri, buffer.revision, fix.revision, 'the file was closed and opened again since the fix was shown');
  const change = await changeOrPropose(context, fix.mutations as unknown as Record<string, unknown>[], {
    uri: fix.uri,
    ifRevision: fix.revision,
    dryRun: params.dryRun,
    planId: params.planId,
    review: params.review,
    strictMode: params.strictMode,
    preferImports: params.preferImports,
    label: `${who(context)}: fix ${fix.diagnostic.code}`,
  });
  if ('suggestionId' in change) return proposalResult(change);
  const elsewhere = !change.dryRun && fix.diagnostic.uri !== fix.uri ? context.host.workspace.get(fix.diagnostic.uri) : undefined;
  const resolved = elsewhere ? { resolved: !elsewhere.diagnostics().some((d) => d.code === fix.diagnostic.code && d.nodeId === fix.diagnostic.nodeId) } : {};
  return changeResult(change, resolved);
}

/** The batch's mutations by the file each names (its `uri`, else the batch's), in the order the files first appear. */
function filesOf(context: MethodContext, mutations: readonly MutationParams[], batchUri: string | undefined): FileChange[] {
  const byFile = new Map<string, Record<string, unknown>[]>();
  for (const { uri, ...mutation } of mutations) {
    const file = typeof uri === 'string' ? uri : (batchUri ?? resolveBuffer(context.host, undefined).uri);
    byFile.set(file, [...(byFile.get(file) ?? []), mutation]);
  }
  if (byFile.size > MAX_BATCH_FILES) {
    throw new AgentError(ErrorCode.InvalidParams, `Invalid params: the batch changes ${byFile.size} files; one batch may change at most ${MAX_BATCH_FILES}`, { hint: 'Split it into several batches.' });
  }
  return [...byFile].map(([uri, fileMutations]) => ({ uri, mutations: fileMutations }));
}

/**
 * applyBatch whose mutations name several files (or that gives ifRevisions): one change per file,
 * all previewed before any applies, all or nothing (multi-file-change.ts). The answer lists each
 * file's result under `files`.
 */
async function batchAcrossFiles(context: MethodContext, files: FileChange[], params: { ifRevision?: number; ifRevisions?: Record<string, unknown>; uri?: string; dryRun?: boolean; planId?: string; review?: boolean; strictMode?: boolean; preferImports?: boolean; mutations: unknown[] }): Promise<Record<string, unknown>> {
  if (params.review === true) {
    throw new AgentError(ErrorCode.InvalidParams, 'Invalid params: review takes the change of one file; this batch changes several', { field: 'review', hint: 'Send one batch per file with review: true.' });
  }
  const revisions = params.ifRevisions ?? {};
  const unknown = Object.keys(revisions).filter((uri) => !files.some((file) => file.uri === uri));
  if (unknown.length > 0) {
    throw new AgentError(ErrorCode.InvalidParams, `Invalid params: ifRevisions names ${unknown[0]}, which no mutation of the batch changes`, { field: 'ifRevisions', hint: 'Key ifRevisions by the uri of each file the batch changes (as listFiles and getAST give it).' });
  }
  const withRevisions = files.map((file) => ({ ...file, ifRevision: (revisions[file.uri] as number | undefined) ?? (file.uri === params.uri ? params.ifRevision : undefined) }));
  const mutations = params.mutations as MutationParams[];
  const options = {
    planId: params.planId,
    strictMode: params.strictMode === true || mutations.some((m) => m.strictMode === true),
    preferImports: params.preferImports === true || mutations.some((m) => m.preferImports === true),
    label: `${who(context)}: ${mutations.length} mutations in ${files.length} files`,
  };
  if (params.dryRun === true) {
    const previews = await previewFiles(context, withRevisions, options);
    return { success: true, dryRun: true, appliedCount: 0, files: previews.map((preview) => changeResult(preview, {})) };
  }
  const applied = await applyFiles(context, withRevisions, options);
  const changed = new Set(applied.map((done) => done.uri));
  // A call the batch fixed in another of its files is no longer broken: what stands is what its diagnostics say now.
  const stillBroken = (broken: BrokenCaller): boolean =>
    !changed.has(broken.uri) || (context.host.workspace.get(broken.uri)?.diagnostics() ?? []).some((d) => d.nodeId === broken.nodeId && d.code === broken.diagnostic.code);
  return {
    success: true,
    appliedCount: mutations.length,
    files: applied.map((done) => {
      const brokenCallers = done.brokenCallers.filter(stillBroken);
      return changeResult({ ...done, brokenCallers, brokenCallersTotal: done.brokenCallersTotal - (done.brokenCallers.length - brokenCallers.length) }, {});
    }),
  };
}

const undo = defineMethod({
  name: 'undo',
  role: 'refactor',
  description:
    'Undo your last change of the buffer if unchanged since; repeat to go back. -32050: nothing to undo.',
  params: { type: 'object', properties: { uri: URI }, additionalProperties: false },
  recorded: true,
  returns: { success: 'boolean', undone: 'string', diagnostics: 'array', ...BUFFER_RESULT },
  async handler(params, context) {
    const undone = await runUndo(context, params.uri);
    return { success: true, ...undone };
  },
});

export const MUTATION_METHODS: readonly MethodDefinition[] = [applyMutation, applyBatch, undo];
