// The one mutation that writes a suggestion into the source as an annotation: inserted above its
// node, or, when the node already carries the same annotation, that annotation's reason and
// confidence updated rather than repeated. The agents' applyAnnotationSuggestion and the editor's
// Accept both write through it. Without a reason and confidence it writes the short form,
// `@type(strategy)`.
import type { Node } from '../ast/ast';
import type { Mutation } from '../ast/mutation';

export interface AnnotationAnswer {
  annotationType: string;
  strategy: string;
  /** null: not written (the short form). */
  reason: string | null;
  confidence: number | null;
}

export function annotationMutation(node: Node, answer: AnnotationAnswer): Mutation {
  const existing = 'annotations' in node ? node.annotations.find((a) => a.annotationType === answer.annotationType && a.strategy === answer.strategy) : undefined;
  if (existing) {
    const properties = { ...(answer.reason === null ? {} : { reason: answer.reason }), ...(answer.confidence === null ? {} : { confidence: answer.confidence }) };
    return { type: 'updateNode', nodeId: existing.id, properties };
  }
  return {
    type: 'insertNode',
    parentId: node.id,
    role: 'annotations',
    node: { type: 'Annotation', annotationType: answer.annotationType, strategy: answer.strategy, reason: answer.reason, confidence: answer.confidence },
  };
}
