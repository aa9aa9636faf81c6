// Workflow recording and replay (docs/AGENT-ENDPOINT.md "Workflows"). The dispatcher records; these
// methods start, stop and show a recording, and replay one through the same dispatcher with this
// session's role, mapping the ids of nodes the recording inserted to the ids the replay inserts.
import { AgentError, ErrorCode } from '../errors';
import { defineMethod, type CallOutcome, type MethodDefinition } from '../method';
import { insertedNodeIdsOf, MAX_RECORDED_STEPS, recordingOf, startRecording, stopRecording, type WorkflowRecording } from '../workflow-recorder';
import { ID, JSON_VALUE_DEFS, MAX_LISTED_IDS, MAX_NAME_LENGTH, NAME } from '../param-bounds';

const DEFAULT_NAME = 'Recorded workflow';

/** What a recording looks like on the wire (the reference's shape). */
function recordingView(recording: WorkflowRecording | undefined): Record<string, unknown> {
  if (!recording) return { name: null, steps: [], recording: false };
  const view: Record<string, unknown> = { name: recording.name, steps: recording.steps.map((step) => ({ ...step })), recording: recording.recording };
  if (recording.truncated) view.truncated = true;
  return view;
}

const startWorkflowRecording = defineMethod({
  name: 'startWorkflowRecording',
  role: 'any',
  description: 'Record this session\'s successful calls into a replayable workflow (replacing one in progress).',
  params: { type: 'object', properties: { name: { type: 'string', maxLength: MAX_NAME_LENGTH } }, additionalProperties: false },
  recorded: false,
  returns: { recording: 'boolean', name: 'string|null' },
  handler(params, { session }) {
    const name = params.name ?? DEFAULT_NAME;
    const discarded = startRecording(session, name);
    return discarded > 0 ? { recording: true, name, discardedSteps: discarded } : { recording: true, name };
  },
});

const stopWorkflowRecording = defineMethod({
  name: 'stopWorkflowRecording',
  role: 'any',
  description: 'Stop recording; the workflow: steps [{method, params, timestamp, insertedNodeIds?}].',
  params: { type: 'object', additionalProperties: false },
  recorded: false,
  returns: { name: 'string|null', steps: 'array', recording: 'boolean', truncated: 'boolean' },
  handler: (_params, { session }) => recordingView(stopRecording(session)),
});

const getWorkflowRecording = defineMethod({
  name: 'getWorkflowRecording',
  role: 'any',
  description: 'The current (or last) recording without stopping it.',
  notTool: 'stopWorkflowRecording gives the recording: one tool less in every agent\'s context',
  params: { type: 'object', additionalProperties: false },
  recorded: false,
  readOnly: true,
  returns: { name: 'string|null', steps: 'array', recording: 'boolean', truncated: 'boolean' },
  handler: (_params, { session }) => recordingView(recordingOf(session)),
});

/** Methods a workflow may not run: they would record or replay from inside a replay. */
const NOT_REPLAYABLE = new Set(['startWorkflowRecording', 'stopWorkflowRecording', 'getWorkflowRecording', 'replayWorkflow']);

const replayWorkflow = defineMethod({
  name: 'replayWorkflow',
  role: 'any',
  description:
    'Replay a workflow with this session\'s role, inserted ids mapped; stops at a failure unless continueOnError.',
  params: {
    type: 'object',
    properties: {
      workflow: {
        ...JSON_VALUE_DEFS.jsonObject,
        properties: {
          name: { type: ['string', 'null'], maxLength: MAX_NAME_LENGTH },
          steps: {
            type: 'array',
            maxItems: MAX_RECORDED_STEPS,
            items: {
              ...JSON_VALUE_DEFS.jsonObject,
              properties: {
                method: NAME,
                params: { $ref: '#/$defs/jsonObject' },
                timestamp: { type: 'number' },
                insertedNodeIds: { type: 'array', items: ID, maxItems: MAX_LISTED_IDS },
              },
              required: ['method'],
            },
          },
        },
        required: ['steps'],
      },
      continueOnError: { type: 'boolean' },
    },
    required: ['workflow'],
    additionalProperties: false,
    $defs: JSON_VALUE_DEFS,
  },
  recorded: false,
  destructive: true,
  returns: { count: 'integer', responses: 'array', stoppedAt: 'integer' },
  async handler(params, { endpoint }) {
    if (!endpoint) throw new AgentError(ErrorCode.InternalError, 'replayWorkflow needs the endpoint\'s dispatcher');
    const ids = new Map<string, string>();
    const responses: unknown[] = [];
    let stoppedAt: number | undefined;
    for (const [index, step] of params.workflow.steps.entries()) {
      const outcome: CallOutcome = NOT_REPLAYABLE.has(step.method)
        ? { error: { code: ErrorCode.InvalidParams, message: `Invalid params: params.workflow.steps[${index}].method '${step.method}' cannot run inside a replay`, data: { field: `params.workflow.steps[${index}].method` } } }
        : await endpoint.call(step.method, mapIds((step.params ?? {}) as Record<string, unknown>, ids));
      if ('error' in outcome) {
        responses.push({ error: outcome.error });
        if (params.continueOnError !== true) {
          stoppedAt = index;
          break;
        }
        continue;
      }
      responses.push(outcome.result);
      const recorded = step.insertedNodeIds ?? [];
      const created = insertedNodeIdsOf(outcome.result);
      for (let k = 0; k < Math.min(recorded.length, created.length); k++) {
        if (recorded[k] !== created[k]) ids.set(recorded[k], created[k]);
      }
    }
    const result: Record<string, unknown> = { count: responses.length, responses };
    if (stoppedAt !== undefined) result.stoppedAt = stoppedAt;
    return result;
  },
});

/**
 * `params` with every node id the recording inserted replaced by the one the replay inserted. Ids
 * are the string values of keys named `id` or ending in `Id` (nodeId, parentId…) and the items of
 * arrays under keys ending in `Ids`; other strings (a property's new value) are left as written.
 */
export function mapIds(params: Record<string, unknown>, ids: ReadonlyMap<string, string>): Record<string, unknown> {
  if (ids.size === 0) return params;
  const mapValue = (key: string, value: unknown): unknown => {
    if (typeof value === 'string') return isIdKey(key) ? (ids.get(value) ?? value) : value;
    if (Array.isArray(value)) {
      return value.map((item) => (typeof item === 'string' ? (key.endsWith('Ids') ? (ids.get(item) ?? item) : item) : mapValue('', item)));
    }
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([childKey, child]) => [childKey, mapValue(childKey, child)]));
    }
    return value;
  };
  return mapValue('', params) as Record<string, unknown>;
}

function isIdKey(key: string): boolean {
  return key === 'id' || key.endsWith('Id');
}

export const WORKFLOW_METHODS: readonly MethodDefinition[] = [startWorkflowRecording, stopWorkflowRecording, getWorkflowRecording, replayWorkflow];
