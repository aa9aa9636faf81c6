// What the suggestion engine proposes: an annotation (docs/LANGUAGE.md "Annotations") for one
// declaration or statement, with the reason a person can check and how sure the rule is
// (docs/AGENT-ENDPOINT.md, getAnnotationSuggestions).

export interface Suggestion {
  /** The declaration or statement the annotation goes on. */
  nodeId: string;
  annotationType: string;
  strategy: string;
  /** Why, in terms of the code: what was found and where. */
  reason: string;
  /** 0..1: the rule's own certainty, before feedback moves it. */
  confidence: number;
}

/** The key feedback is kept under: one rule is one annotation type with one strategy. */
export function ruleKey(annotationType: string, strategy: string): string {
  return `${annotationType}/${strategy}`;
}
