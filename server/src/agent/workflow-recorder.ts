// A session's workflow recording (docs/AGENT-ENDPOINT.md "Workflows"): while it records, the
// dispatcher appends every successful call of a method marked `recorded` (queries and mutations)
// in the reference's shape {method, params, timestamp}, plus the ids the call inserted so a replay
// can map them to the ids it creates. Kept in the session's state map. A recording is bounded in steps and
// in bytes; once full it is marked truncated and records nothing more, so what it holds is always
// a prefix of what the agent did (a replay never skips a step in the middle).
import type { Session } from './session';

export interface WorkflowStep {
  method: string;
  params: Record<string, unknown>;
  timestamp: number;
  /** The ids of the nodes this step inserted (its result's insertedNodeIds), in order. */
  insertedNodeIds?: string[];
}

export interface WorkflowRecording {
  name: string;
  recording: boolean;
  steps: WorkflowStep[];
  /** Set when the recording filled up (MAX_RECORDED_STEPS or MAX_RECORDING_BYTES) and later steps were dropped. */
  truncated?: boolean;
  /** The JSON size of the steps so far. */
  bytes?: number;
}

/** A runaway agent must not grow a recording without bound. */
export const MAX_RECORDED_STEPS = 10_000;
/** Below the largest message, so a full recording can still be sent back to replayWorkflow. */
export const MAX_RECORDING_BYTES = 4 * 1024 * 1024;

/** What the dispatcher keeps of a call's params before the handler runs: a copy, or "too large". */
export type RecordedParams = { params: Record<string, unknown>; bytes: number } | 'too large';

const STATE_KEY = 'workflowRecording';

export function recordingOf(session: Session): WorkflowRecording | undefined {
  return session.state.get(STATE_KEY) as WorkflowRecording | undefined;
}

/** Starts a fresh recording; returns how many steps an unfinished one held (they are dropped). */
export function startRecording(session: Session, name: string): number {
  const previous = recordingOf(session);
  const discarded = previous?.recording ? previous.steps.length : 0;
  session.state.set(STATE_KEY, { name, recording: true, steps: [] } satisfies WorkflowRecording);
  return discarded;
}

export function stopRecording(session: Session): WorkflowRecording | undefined {
  const recording = recordingOf(session);
  if (recording) recording.recording = false;
  return recording;
}

/**
 * A copy of a call's params for the recording (made before the handler could change them), or
 * undefined when the session is not recording. Params that would not fit are not copied at all.
 */
export function paramsToRecord(session: Session, params: Record<string, unknown>): RecordedParams | undefined {
  const recording = recordingOf(session);
  if (!recording?.recording || recording.truncated) return undefined;
  const text = JSON.stringify(params);
  const bytes = Buffer.byteLength(text, 'utf8');
  if ((recording.bytes ?? 0) + bytes > MAX_RECORDING_BYTES) return 'too large';
  return { params: JSON.parse(text) as Record<string, unknown>, bytes };
}

/** Appends a successful call (or, when it did not fit, ends the recording's growth: truncated). */
export function recordStep(session: Session, method: string, recorded: RecordedParams, result: unknown): void {
  const recording = recordingOf(session);
  if (!recording?.recording || recording.truncated) return;
  const inserted = insertedNodeIdsOf(result);
  const bytes = recorded === 'too large' ? Infinity : recorded.bytes + method.length + JSON.stringify(inserted).length;
  if (recording.steps.length >= MAX_RECORDED_STEPS || (recording.bytes ?? 0) + bytes > MAX_RECORDING_BYTES || recorded === 'too large') {
    recording.truncated = true;
    return;
  }
  const step: WorkflowStep = { method, params: recorded.params, timestamp: Date.now() };
  if (inserted.length > 0) step.insertedNodeIds = inserted;
  recording.steps.push(step);
  recording.bytes = (recording.bytes ?? 0) + bytes;
}

/** The `insertedNodeIds` a mutation result lists (none for other results). */
export function insertedNodeIdsOf(result: unknown): string[] {
  if (typeof result !== 'object' || result === null || !('insertedNodeIds' in result)) return [];
  const ids = result.insertedNodeIds;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}
