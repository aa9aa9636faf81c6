// Annotation suggestions (docs/AGENT-ENDPOINT.md "Annotations", "Feedback and suggestions"):
// what the core's suggestion engine proposes for a node or position, with confidences moved by
// the workspace's feedback model; writing one into the source as an annotation (one mutation, one
// undo step, through the same pipeline as applyMutation); and recording a person's answer.
import { walk, type Node } from '../../core/ast';
import { allowedStrategies, ANNOTATION_TYPES } from '../../core/semantics';
import { annotationMutation, canCarryAnnotations } from '../../core/suggest';
import type { OpenBuffer } from '../../workspace/buffer';
import { nodeIn, resolveBuffer } from '../buffers';
import { AgentError, ErrorCode, type ErrorCodeValue } from '../errors';
import { feedbackStoreOf } from '../suggestions/feedback-store';
import type { AgentHost } from '../host';
import { BUFFER_RESULT, defineMethod, type MethodDefinition } from '../method';
import { runChange } from '../mutation-pipeline';
import { identityOf, shownSuggestions } from '../suggestions/shown-suggestions';
import { ID, NAME, REASON, URI } from '../param-bounds';

/** The node itself, or the nearest ancestor that can carry an annotation, or the Program. */
function scopeOf(buffer: OpenBuffer, node: Node): Node {
  const document = buffer.document;
  for (let current: Node | undefined = node; current; current = document.parentOf(current.id)) {
    if (current.type === 'Program' || canCarryAnnotations(current, document.parentOf(current.id))) return current;
  }
  return document.ast;
}

function subtreeIds(root: Node): Set<string> {
  const ids = new Set<string>();
  walk(root, (node) => ids.add(node.id));
  return ids;
}

/** -32010 (applying) or -32602 (feedback) for a type or strategy outside docs/LANGUAGE.md "Annotations". */
function checkVocabulary(annotationType: string, strategy: string, code: ErrorCodeValue): void {
  const allowed = allowedStrategies(annotationType);
  if (!allowed) {
    throw new AgentError(code, `Unknown annotation type '${annotationType}'`, {
      annotationType,
      hint: `Annotation types: ${ANNOTATION_TYPES.map((info) => info.name).join(', ')}`,
    });
  }
  if (!allowed.includes(strategy)) {
    throw new AgentError(code, `'@${annotationType}' does not allow the strategy '${strategy}'`, {
      annotationType,
      strategy,
      hint: `Allowed for @${annotationType}: ${allowed.join(', ')}`,
    });
  }
}

const ANSWER_PROPERTIES = {
  nodeId: ID,
  annotationType: NAME,
  strategy: NAME,
  reason: REASON,
  confidence: { type: 'number', minimum: 0, maximum: 1 },
  accepted: { type: 'boolean' },
  uri: URI,
} as const;

const getAnnotationSuggestions = defineMethod({
  name: 'getAnnotationSuggestions',
  role: 'any',
  description:
    'Suggestions (annotationType: that type only) for a node, line/col or the buffer, and its diagnostics.',
  params: {
    type: 'object',
    properties: { nodeId: ANSWER_PROPERTIES.nodeId, line: { type: 'integer', minimum: 1 }, col: { type: 'integer', minimum: 0 }, annotationType: NAME, uri: URI },
    additionalProperties: false,
  },
  recorded: true,
  readOnly: true,
  returns: { scopeId: 'string', suggestions: 'array', diagnostics: 'array', modelRevision: 'integer', ...BUFFER_RESULT },
  handler(params, { host }) {
    // A type outside the vocabulary would match nothing: said, not answered with no suggestions.
    if (params.annotationType !== undefined && !allowedStrategies(params.annotationType)) {
      throw new AgentError(ErrorCode.InvalidParams, `Invalid params: unknown annotation type '${params.annotationType}'`, {
        field: 'params.annotationType',
        hint: `Annotation types: ${ANNOTATION_TYPES.map((info) => info.name).join(', ')}`,
      });
    }
    const buffer = resolveBuffer(host, params.uri);
    const document = buffer.document;
    let target: Node = document.ast;
    if (params.nodeId !== undefined) target = nodeIn(buffer, params.nodeId);
    else if (params.line !== undefined) target = document.nodeAt(document.offsetAt({ line: params.line, column: params.col ?? 0 }));
    const scope = scopeOf(buffer, target);
    const inScope = subtreeIds(scope);
    const suggestions = shownSuggestions(host, buffer)
      .filter((s) => inScope.has(s.nodeId) && (params.annotationType === undefined || s.annotationType === params.annotationType))
      .map(({ nodeId, annotationType, strategy, reason, confidence }) => ({ nodeId, annotationType, strategy, reason, confidence }));
    const model = feedbackStoreOf(host).current();
    const diagnostics = buffer
      .diagnostics()
      .filter((d) => scope.type === 'Program' || (d.span.startOffset >= scope.span.startOffset && d.span.endOffset <= scope.span.endOffset));
    return { scopeId: scope.id, suggestions, diagnostics, modelRevision: model.modelRevision, uri: buffer.uri, revision: buffer.revision };
  },
});

const applyAnnotationSuggestion = defineMethod({
  name: 'applyAnnotationSuggestion',
  role: 'refactor',
  description:
    'Write a suggestion\'s annotation above its node (one undo step), as accepted; accepted: false: only a rejection.',
  params: {
    type: 'object',
    properties: { ...ANSWER_PROPERTIES, ifRevision: { type: 'integer' } },
    // reason and confidence may be left out for a suggestion the buffer shows: they are taken from it.
    required: ['nodeId', 'annotationType', 'strategy'],
    additionalProperties: false,
  },
  recorded: true,
  whenToUse: 'Pass it as given.',
  returns: {
    success: 'boolean',
    applied: 'boolean',
    warning: 'string|null',
    ...BUFFER_RESULT,
    changedNodeIds: 'array',
    insertedNodeIds: 'array',
    diagnostics: 'array',
    modelRevision: 'integer',
  },
  async handler(params, context) {
    const { host } = context;
    checkVocabulary(params.annotationType, params.strategy, ErrorCode.MutationFailed);
    const buffer = resolveBuffer(host, params.uri);
    const node = nodeIn(buffer, params.nodeId);
    const store = feedbackStoreOf(host);
    const answer = { annotationType: params.annotationType, strategy: params.strategy, node: identityOf(buffer, node.id) };
    if (params.accepted === false) {
      const modelRevision = store.record({ ...answer, accepted: false });
      return {
        success: true,
        applied: false,
        warning: 'Not applied: accepted is false. The rejection was recorded.',
        uri: buffer.uri,
        revision: buffer.revision,
        changedNodeIds: [],
        insertedNodeIds: [],
        modelRevision,
      };
    }
    const parent = buffer.document.parentOf(node.id);
    if (!canCarryAnnotations(node, parent)) {
      const enclosing = scopeOf(buffer, node);
      throw new AgentError(ErrorCode.MutationFailed, `Application failed: ${node.id} is a ${node.type}, which cannot carry annotations`, {
        nodeId: node.id,
        hint:
          enclosing.type === 'Program'
            ? 'Annotations go on declarations and statements.'
            : `Annotations go on declarations and statements: the enclosing one is ${enclosing.id} (${enclosing.type}).`,
      });
    }
    const mutation = annotationMutation(node, withReason(host, buffer, params)) as unknown as Record<string, unknown>;
    const change = await runChange(context, [mutation], {
      uri: buffer.uri,
      ifRevision: params.ifRevision,
      label: `${context.session.name || context.session.id}: @${params.annotationType}(${params.strategy}) on ${node.id}`,
    });
    if (change.dryRun) throw new Error('applyAnnotationSuggestion never previews');
    const modelRevision = store.record({ ...answer, accepted: true });
    return {
      success: true,
      applied: true,
      warning: change.warning,
      uri: change.uri,
      revision: change.revision,
      changedNodeIds: change.changedNodeIds,
      insertedNodeIds: change.insertedNodeIds,
      diagnostics: change.diagnostics,
      modelRevision,
    };
  },
});

/** The suggestion as given, its reason and confidence taken from the one the buffer shows when left out. */
function withReason<T extends { nodeId: string; annotationType: string; strategy: string; reason?: string; confidence?: number }>(host: AgentHost, buffer: OpenBuffer, params: T): T & { reason: string; confidence: number } {
  const { reason, confidence } = params;
  if (reason !== undefined && confidence !== undefined) return { ...params, reason, confidence };
  const shown = shownSuggestions(host, buffer).find((s) => s.nodeId === params.nodeId && s.annotationType === params.annotationType && s.strategy === params.strategy);
  if (!shown) {
    throw new AgentError(ErrorCode.InvalidParams, `No @${params.annotationType}(${params.strategy}) is suggested on ${params.nodeId}: give its reason and confidence`, {
      field: reason === undefined ? 'reason' : 'confidence',
    });
  }
  return { ...params, reason: reason ?? shown.reason, confidence: confidence ?? shown.confidence };
}

const recordAnnotationFeedback = defineMethod({
  name: 'recordAnnotationFeedback',
  role: 'any',
  description:
    "Record an answer to a suggestion: moves that kind's confidence; a rejected one is not shown again there.",
  params: {
    type: 'object',
    properties: ANSWER_PROPERTIES,
    required: ['nodeId', 'annotationType', 'strategy', 'reason', 'confidence', 'accepted'],
    additionalProperties: false,
  },
  // Replaying a workflow must not count the person's answers twice.
  recorded: false,
  returns: { recorded: 'boolean' },
  wrap: 'recorded',
  handler(params, { host }) {
    checkVocabulary(params.annotationType, params.strategy, ErrorCode.InvalidParams);
    const uri = params.uri ?? host.workspace.activeBufferUri ?? undefined;
    const buffer = uri === undefined ? undefined : host.workspace.get(uri);
    feedbackStoreOf(host).record({
      annotationType: params.annotationType,
      strategy: params.strategy,
      accepted: params.accepted,
      node: buffer && identityOf(buffer, params.nodeId),
    });
    return true;
  },
});

export const ANNOTATION_METHODS: readonly MethodDefinition[] = [getAnnotationSuggestions, applyAnnotationSuggestion, recordAnnotationFeedback];
