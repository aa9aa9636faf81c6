// Python's `xs += ys` of a list extends the list in place (as `xs.extend(ys)`: every other name
// for the list sees the new elements), where Whetstone's `+=` adds numbers and joins texts only.
// Once the whole program is imported, the checker's types say which `+=` are a list's: of a name,
// by a list or a text (a text adds its characters, by code point), it becomes what `xs.extend(ys)`
// becomes, `splice(xs, len(xs), 0, ys)`; any other `+=` of a list is an error at import.
import { walk, type AssignmentStatement, type Expression, type ExpressionStatement, type Identifier, type Program } from '../../core/ast';
import { analyze, stripOptional } from '../../core/semantics';
import { projectionDiagnostic, type ProjectionDiagnostic } from '../diagnostics';
import type { AstBuilder } from './ast-builder';

/** The `+=` statements made from Python's, per import. */
const additions = new WeakMap<AstBuilder, Set<string>>();

/** Records that `statement` is Python's `+=`. */
export function markAddition(builder: AstBuilder, statement: AssignmentStatement): void {
  additions.set(builder, (additions.get(builder) ?? new Set<string>()).add(statement.id));
}

/** Makes each `xs += ys` of a list named by `xs` a splice at its end; an error for the other `+=` of a list. */
export function carryListExtends(program: Program, builder: AstBuilder): ProjectionDiagnostic[] {
  const ids = additions.get(builder);
  if (!ids || ids.size === 0) return [];
  const statements: AssignmentStatement[] = [];
  walk(program, (node) => {
    if (node.type === 'AssignmentStatement' && ids.has(node.id)) statements.push(node);
  });
  if (statements.length === 0) return [];
  const model = analyze(program);
  const kindOf = (expression: Expression): string | undefined => {
    const type = model.typeOf(expression.id);
    return type ? stripOptional(type).kind : undefined;
  };
  const diagnostics: ProjectionDiagnostic[] = [];
  for (const statement of statements) {
    if (kindOf(statement.target) !== 'list') continue;
    const added = kindOf(statement.value);
    const why = statement.target.type !== 'Identifier' ? 'of a list held other than by a name' : added !== 'list' && added !== 'string' ? 'of a list and a value not known at import to be a list or a text' : undefined;
    if (why) {
      diagnostics.push(
        projectionDiagnostic('W_UNSUPPORTED', 'error', `Not carried into Whetstone: += ${why}: Python extends the list in place by any iterable's elements, where Whetstone's += adds numbers and joins texts`, statement.id, statement.span, {
          hint: 'Name the list first and give the value a type hint (list[…] or str), or write xs.extend(ys).',
        }),
      );
      continue;
    }
    const list = statement.target as Identifier;
    const elements = added === 'string' ? builder.call('charsOf', [statement.value], statement.value.span) : statement.value;
    const end = builder.call('len', [builder.identifier(list.name, list.span)], list.span);
    const splice = builder.call('splice', [list, end, builder.literal(0, statement.span), elements], statement.span);
    becomeExpressionStatement(statement, splice);
  }
  return diagnostics;
}

/** Turns the assignment into a statement of `expression` in place (its block holds the object). */
function becomeExpressionStatement(statement: AssignmentStatement, expression: Expression): void {
  const target = statement as unknown as Record<string, unknown>;
  const { id, span, annotations } = statement;
  for (const key of Object.keys(target)) delete target[key];
  const replaced: ExpressionStatement = { type: 'ExpressionStatement', id, span, annotations, expression };
  Object.assign(target, replaced);
}
