// The agent room's public surface: the endpoint, its transports and the processes import the agent protocol
// through this file only (the house rules in eslint.config.mjs keep it so), so its sub-rooms can
// change without their importers knowing.
export { jsonTextOf, RawJson } from './ast-json/raw-json';
export { replaceIfUnchanged, writeAtomically, type Replacement } from './atomic-write';
export { notifyBufferChanges } from './buffer-notices';
export { withFixNamed } from './diagnostic-fixes';
export { revisionConflict } from './buffers';
export { DEFAULT_LIMITS, Dispatcher, PARAMS_SCHEMA_HINT, type Reply } from './dispatcher';
export { AgentError, ErrorCode } from './errors';
export type { AgentHost, ApplyEditOptions, ChangeReviewer, EditApplier, PlanDecider, ChangeSuggestion, Plan, ReviewDecision } from './host';
export type { CallOutcome, MethodDefinition, ResultFields } from './method';
export { METHODS } from './methods/index';
export { applyInTurn, inChangeTurn } from './mutation-pipeline';
export { fixWithSource } from './fix-source';
export { perHost } from './per-host';
export { displayText, MAX_LABEL_CHARS, planDisplay, planDisplayLines } from './plans/plan-display';
export { proposedTexts } from './plans/plan-proposal';
export { planStoreOf } from './plans/plan-store';
export { revokeSimilar, approveSimilar, isApprovedSimilar, similarKind } from './plans/standing-approvals';
export { AGENT_ROLES, type AgentRole } from './roles';
export { AgentSession, type Session } from './session';
export { sessionOverview } from './sessions/session-overview';
export { releaseSession } from './sessions/session-release';
export { holdSourceWorker } from './sources/source-pool';
export { feedbackStoreOf } from './suggestions/feedback-store';
export { identityOf, shownSuggestions, type ShownSuggestion } from './suggestions/shown-suggestions';
