// How people's answers move a rule's confidence (docs/AGENT-ENDPOINT.md "Feedback and
// suggestions"). Each rule (annotation type + strategy) keeps counts of accepted and rejected
// suggestions. The rule's own confidence c is read as a prior worth PRIOR_WEIGHT answers (a
// Beta(c·w, (1−c)·w) prior); the confidence shown is the posterior mean
// (c·w + accepted) / (w + accepted + REJECTION_WEIGHT·rejected). A rejection weighs less than an
// acceptance because it is mostly about its own node (which it hides): "not here" is weaker
// evidence against the kind than "yes" is for it. So with no answers it is c, consistent
// rejections pull it towards 0 and acceptances towards 1, and one answer never swings it far.
// Pure data and arithmetic: persistence is the host's.
import { ruleKey, type Suggestion } from './types';

/** How many answers the rule's own confidence is worth. */
export const PRIOR_WEIGHT = 4;

/** How much one rejection counts against the rule, next to an acceptance's 1. */
export const REJECTION_WEIGHT = 0.25;

export interface RuleCounts {
  accepted: number;
  rejected: number;
}

export interface FeedbackData {
  version: 1;
  /** Rises by one with every answer recorded. */
  modelRevision: number;
  rules: Record<string, RuleCounts>;
}

export function emptyFeedback(): FeedbackData {
  return { version: 1, modelRevision: 0, rules: {} };
}

/** The posterior confidence of a rule whose own confidence is `base`. */
export function adjustedConfidence(base: number, counts: RuleCounts | undefined): number {
  if (!counts) return base;
  return (base * PRIOR_WEIGHT + counts.accepted) / (PRIOR_WEIGHT + counts.accepted + REJECTION_WEIGHT * counts.rejected);
}

/** Records one answer; returns a new data object (the input is left as it was). */
export function withAnswer(data: FeedbackData, annotationType: string, strategy: string, accepted: boolean): FeedbackData {
  const key = ruleKey(annotationType, strategy);
  const previous = data.rules[key] ?? { accepted: 0, rejected: 0 };
  const counts = accepted ? { ...previous, accepted: previous.accepted + 1 } : { ...previous, rejected: previous.rejected + 1 };
  return { version: 1, modelRevision: data.modelRevision + 1, rules: { ...data.rules, [key]: counts } };
}

/** Takes back one acceptance (it was undone): returns a new data object, unchanged counts if there was none. */
export function withoutAcceptance(data: FeedbackData, annotationType: string, strategy: string): FeedbackData {
  const key = ruleKey(annotationType, strategy);
  const previous = data.rules[key];
  if (!previous || previous.accepted === 0) return data;
  return { version: 1, modelRevision: data.modelRevision + 1, rules: { ...data.rules, [key]: { ...previous, accepted: previous.accepted - 1 } } };
}

/** A suggestion with its confidence moved by the answers so far (rounded to two places). */
export function adjust(data: FeedbackData, suggestion: Suggestion): Suggestion {
  const confidence = adjustedConfidence(suggestion.confidence, data.rules[ruleKey(suggestion.annotationType, suggestion.strategy)]);
  return { ...suggestion, confidence: Math.round(confidence * 100) / 100 };
}

/** Reads stored feedback, keeping what is well-formed (a damaged file must not stop suggestions). */
export function readFeedback(raw: unknown): FeedbackData {
  const data = emptyFeedback();
  if (typeof raw !== 'object' || raw === null) return data;
  const record = raw as Record<string, unknown>;
  if (typeof record.modelRevision === 'number' && Number.isInteger(record.modelRevision) && record.modelRevision >= 0) {
    data.modelRevision = record.modelRevision;
  }
  const rules = record.rules;
  if (typeof rules === 'object' && rules !== null && !Array.isArray(rules)) {
    for (const [key, value] of Object.entries(rules as Record<string, unknown>)) {
      if (typeof value !== 'object' || value === null) continue;
      const { accepted, rejected } = value as Record<string, unknown>;
      if (isCount(accepted) && isCount(rejected)) data.rules[key] = { accepted, rejected };
    }
  }
  return data;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
