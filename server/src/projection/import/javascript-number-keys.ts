// A JavaScript object indexed by a number (`groups[w.length]`, `o[3]`) holds the key as a text:
// `o[3]` and `o["3"]` are one entry and Object.keys gives "3". Whetstone, like Python, keeps the
// number as the key. Once the whole program is imported, the checker's types say which indexes
// are numbers into an object (not a list, a text or what a Map imports as); each is an error.
import { walk, type IndexExpression, type Program } from '../../core/ast';
import { analyze, stripOptional } from '../../core/semantics';
import { projectionDiagnostic, type ProjectionDiagnostic } from '../diagnostics';

/** Errors for the reads and writes of an object at a number. */
export function reportNumberKeys(program: Program): ProjectionDiagnostic[] {
  const indexes: IndexExpression[] = [];
  walk(program, (node) => {
    if (node.type === 'IndexExpression') indexes.push(node);
  });
  if (indexes.length === 0) return [];
  const model = analyze(program);
  const kindOf = (id: string): string | undefined => {
    const type = model.typeOf(id);
    return type ? stripOptional(type).kind : undefined;
  };
  return indexes
    .filter((index) => ['object', 'named'].includes(kindOf(index.object.id) ?? '') && kindOf(index.index.id) === 'number')
    .map((index) =>
      projectionDiagnostic(
        'W_UNSUPPORTED',
        'error',
        'Not carried into Whetstone: an object indexed by a number; JavaScript turns the key into a text (o[3] and o["3"] are one entry, and Object.keys gives "3"), where Whetstone and Python keep the number as the key',
        index.id,
        index.span,
        { hint: 'Write the key as a text, String(k), or hold the entries in a Map.' },
      ),
    );
}
