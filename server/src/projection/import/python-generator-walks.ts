// A generator expression given to sum, any, all or next walks what its `for` walks: the import made
// it a walk (map, some, every, find) of that value with a lambda of the loop's name. Once the
// program is whole, the checker's type of the value says what the walk takes: a text walks its
// characters (by code point, as Python walks a text), a dict its keys, a list its elements. The
// lambda's parameter takes the element's type where it is known, as a for loop's name does, so
// what reads the name by its type (int(c) of a one-character text is pyInt) reads it as Python does.
import type { Expression, Program } from '../../core/ast';
import { analyze, stripOptional, STRING, typeToString, type Type } from '../../core/semantics';
import type { AstBuilder } from './ast-builder';
import { isKnownType } from './python-call-site-types';
import { generatorWalksOf } from './python-membership';

/** Makes each generator walk of a text walk its characters, of a dict its keys, and types the walk's lambda parameter by the element. */
export function typeGeneratorWalks(program: Program, builder: AstBuilder): void {
  const walks = generatorWalksOf(builder);
  if (walks.length === 0) return;
  const model = analyze(program);
  for (const call of walks) {
    const iterable = call.arguments[0] as Expression;
    const found = model.typeOf(iterable.id);
    const type = found ? stripOptional(found) : undefined;
    let element: Type | undefined;
    if (type?.kind === 'string') {
      call.arguments[0] = builder.call('charsOf', [iterable], iterable.span);
      element = STRING;
    } else if (type?.kind === 'map') {
      call.arguments[0] = builder.call('keys', [iterable], iterable.span);
      element = type.key;
    } else if (type?.kind === 'list') {
      element = type.element;
    }
    const lambda = call.arguments[1];
    const [parameter] = lambda?.type === 'Lambda' && lambda.parameters.length === 1 ? lambda.parameters : [];
    if (parameter && parameter.paramType === null && isKnownType(element)) parameter.paramType = typeToString(element);
  }
}
