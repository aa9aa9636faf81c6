// Annotation suggestions: the engine (one rule a file) and how the person's answers move the
// confidence of later suggestions.
export { suggestAnnotations } from './engine';
export { canCarryAnnotations } from './context';
export { isMinorSuggestion, suggestionWorth } from './worth';
export { ruleKey, type Suggestion } from './types';
export { adjust, adjustedConfidence, emptyFeedback, readFeedback, withAnswer, withoutAcceptance, PRIOR_WEIGHT, REJECTION_WEIGHT, type FeedbackData } from './feedback';
export { annotationMutation, type AnnotationAnswer } from './annotation-mutation';
