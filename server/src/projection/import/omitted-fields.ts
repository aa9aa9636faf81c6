// `{ name: "tea", price: 3 }` of an `interface Item { name: string; price: number; tag?: string }`:
// JavaScript leaves the optional field out (undefined, not shown when printed), where a Whetstone
// record holds every field, so the imported literal would not check. An error at import names it.
import { walk, type ObjectLiteral, type Program } from '../../core/ast';
import { analyze } from '../../core/semantics';
import { projectionDiagnostic, type ProjectionDiagnostic } from '../diagnostics';

export function reportOmittedOptionalFields(program: Program): ProjectionDiagnostic[] {
  const literals: ObjectLiteral[] = [];
  let optionalFields = false;
  walk(program, (node) => {
    if (node.type === 'ObjectLiteral') literals.push(node);
    if (node.type === 'Field' && node.fieldType.endsWith('?')) optionalFields = true;
  });
  // The check's types are asked for only where a type has an optional field to leave out.
  if (literals.length === 0 || !optionalFields) return [];
  const model = analyze(program);
  const diagnostics: ProjectionDiagnostic[] = [];
  for (const literal of literals) {
    const type = model.typeOf(literal.id);
    const fields = type?.kind === 'named' ? model.types.fieldsOf(type.name) : undefined;
    if (!type || type.kind !== 'named' || !fields) continue;
    const written = new Set(literal.properties.map((property) => property.key));
    const omitted = [...fields].filter(([name, fieldType]) => !written.has(name) && fieldType.kind === 'optional').map(([name]) => `'${name}'`);
    if (omitted.length === 0) continue;
    diagnostics.push(
      projectionDiagnostic(
        'W_UNSUPPORTED',
        'error',
        `Not carried into Whetstone: an object of ${type.name} without its optional field${omitted.length === 1 ? '' : 's'} ${omitted.join(', ')}: JavaScript leaves the field out (undefined, not shown when printed), a Whetstone record holds every field`,
        literal.id,
        literal.span,
        { hint: `Write the field in every ${type.name} (declared as T | null, written null where it has no value).` },
      ),
    );
  }
  return diagnostics;
}
