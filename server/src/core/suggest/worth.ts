// What acting on a suggestion buys, so the editor can rank them and keep the screen calm: a
// security check found missing is worth most, then work a program repeats (memoize, cache,
// hoist), then a simpler expression. Some kinds are of little value to a person reading the code:
// that a function happens to be pure is true of most small functions and changes nothing by
// being written down; the editor offers those in the lightbulb only (docs/AGENT-ENDPOINT.md
// "Feedback and suggestions").
import { ruleKey } from './types';

const WORTH: Record<string, number> = {
  [ruleKey('security', 'sanitize')]: 4,
  [ruleKey('security', 'validate')]: 4,
  [ruleKey('performance', 'memoize')]: 3,
  [ruleKey('performance', 'cache')]: 3,
  [ruleKey('performance', 'hoist')]: 3,
  [ruleKey('style', 'simplify')]: 2,
  [ruleKey('semantic', 'pure')]: 0,
};

/** Rules not listed above rank between a simplification and a minor kind. */
const UNLISTED_WORTH = 1;

/** How much acting on a suggestion of this rule buys: higher is more. */
export function suggestionWorth(annotationType: string, strategy: string): number {
  return WORTH[ruleKey(annotationType, strategy)] ?? UNLISTED_WORTH;
}

/** A kind of little value to a person: offered in the lightbulb, not as a CodeLens, by default. */
export function isMinorSuggestion(annotationType: string, strategy: string): boolean {
  return suggestionWorth(annotationType, strategy) === 0;
}
