// E_ANNOTATION: an annotation whose type is not in the vocabulary of docs/LANGUAGE.md
// "Annotations", or whose strategy its type does not allow. `reason`, `confidence` and other key:
// value arguments are free.
import type { Annotation, Span } from '../ast/ast';
import { makeDiagnostic, type Diagnostic } from '../ast/diagnostics';
import { ANNOTATION_TYPES, allowedStrategies } from './annotations';
import { setProperty } from './fixes';
import { closestName } from './suggest';

/** `typeSpan` is the span of the annotation's type name (the annotation's span when unknown). */
export function checkAnnotation(annotation: Annotation, typeSpan: Span): Diagnostic | undefined {
  // An empty type comes from error recovery; the syntax error says what is wrong.
  if (!annotation.annotationType) return undefined;
  const allowed = allowedStrategies(annotation.annotationType);
  if (!allowed) {
    const known = ANNOTATION_TYPES.map((info) => info.name);
    const suggestion = closestName(annotation.annotationType, known);
    return makeDiagnostic('E_ANNOTATION', `Unknown annotation type '@${annotation.annotationType}'`, annotation.id, typeSpan, {
      hint: `${suggestion ? `Did you mean '@${suggestion}'? ` : ''}Annotation types: ${known.join(', ')}`,
      ...(suggestion ? { fix: [setProperty(annotation.id, 'annotationType', suggestion)] } : {}),
    });
  }
  if (annotation.strategy !== null && annotation.strategy !== '' && !allowed.includes(annotation.strategy)) {
    const suggestion = closestName(annotation.strategy, allowed);
    return makeDiagnostic(
      'E_ANNOTATION',
      `'@${annotation.annotationType}' does not allow the strategy '${annotation.strategy}'`,
      annotation.id,
      annotation.span,
      {
        hint: `${suggestion ? `Did you mean '${suggestion}'? ` : ''}Allowed for @${annotation.annotationType}: ${allowed.join(', ')}`,
        ...(suggestion ? { fix: [setProperty(annotation.id, 'strategy', suggestion)] } : {}),
      },
    );
  }
  return undefined;
}
