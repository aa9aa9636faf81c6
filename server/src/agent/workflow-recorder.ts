// A session's workflow recording (docs/AGENT-ENDPOINT.md "Workflows"): while it records, the
// dispatcher appends every successful call of a method marked `recorded` (queries and mutations) in
// the reference's shape {method, params, timestamp}, plus the ids the call inserted so a replay can
// map them to the ids it creates. Kept in the session's state map.
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
  /** Set when steps beyond MAX_RECORDED_STEPS were dropped. */
  truncated?: boolean;
}

/** A runaway agent must not grow a recording without bound. */
export const MAX_RECORDED_STEPS = 10_000;

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

export function isRecording(session: Session): boolean {
  return recordingOf(session)?.recording === true;
}

/** Appends a successful call; `params` must already be a copy the handler could not have changed. */
export function recordStep(session: Session, method: string, params: Record<string, unknown>, result: unknown): void {
  const recording = recordingOf(session);
  if (!recording?.recording) return;
  if (recording.steps.length >= MAX_RECORDED_STEPS) {
    recording.truncated = true;
    return;
  }
  const step: WorkflowStep = { method, params, timestamp: Date.now() };
  const inserted = insertedNodeIdsOf(result);
  if (inserted.length > 0) step.insertedNodeIds = inserted;
  recording.steps.push(step);
}

/** The `insertedNodeIds` a mutation result lists (none for other results). */
export function insertedNodeIdsOf(result: unknown): string[] {
  if (typeof result !== 'object' || result === null || !('insertedNodeIds' in result)) return [];
  const ids = result.insertedNodeIds;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/** A deep copy of JSON data (what came off the wire is JSON, so this loses nothing). */
export function copyJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
