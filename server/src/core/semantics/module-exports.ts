// What a module exports, read from its analysis (docs/LANGUAGE.md "Modules"): every top-level
// function, type, constant and variable it declares, with the types that analysis gives them, and a
// fingerprint of them that importers compare to know whether they must be analysed again. Apart
// from modules.ts, which the analysis itself reads, so that nothing there depends on the model.
import { createHash } from 'node:crypto';
import type { Program } from '../ast';
import { typeKeyOf } from './dependencies';
import type { SemanticModel } from './model';
import type { ExportedName, ExportKind, ModuleExports } from './modules';
import { named } from './types';

/** What a module exports, from its analysis (see the file comment). */
export function moduleExportsOf(model: SemanticModel): ModuleExports {
  const names = new Map<string, ExportedName>();
  for (const child of model.program.children) {
    switch (child.type) {
      case 'FunctionDeclaration':
      case 'VariableDeclaration': {
        if (!child.name || names.has(child.name)) break;
        const symbol = model.symbolsDeclaredBy(child.id)[0];
        if (!symbol) break;
        const kind: ExportKind = child.type === 'FunctionDeclaration' ? 'function' : symbol.kind === 'constant' ? 'constant' : 'variable';
        names.set(child.name, { kind, type: symbol.type, declNodeId: child.id });
        break;
      }
      case 'TypeDeclaration': {
        if (!child.name || names.has(child.name)) break;
        const fields = model.types.fieldsOf(child.name);
        if (!fields || model.types.declarations.get(child.name) !== child) break;
        names.set(child.name, { kind: 'type', type: named(child.name), fields, declNodeId: child.id });
        break;
      }
      default:
        break;
    }
  }
  // A digest of the key, not the key: it is compared far more often than made, and crosses to and
  // from the check workers with every module's exports (the key is about half their size).
  const parts: string[] = [];
  for (const [name, exported] of names) {
    parts.push(name, exported.kind, typeKeyOf(exported.type));
    if (exported.fields) for (const [field, type] of exported.fields) parts.push(field, typeKeyOf(type));
    parts.push('');
  }
  const key = parts.join('\u0000');
  return { names, fingerprint: createHash('sha256').update(key).digest('base64') };
}

/**
 * Whether edits of a module's text (offsets into it) leave what it exports as it is, seen without
 * analysing it again: every edit lies strictly inside the body of a top-level function. A
 * function's type comes from its annotations (any where none is written) and literal defaults,
 * never from its body, so a body decides nothing an importer sees. False does not mean the
 * exports change, only that the analysis must say.
 */
export function editsKeepExports(program: Program, edits: readonly { startOffset: number; endOffset: number }[]): boolean {
  if (edits.length === 0) return true;
  const bodies = program.children.flatMap((child) => (child.type === 'FunctionDeclaration' ? [child.body.span] : []));
  return edits.every((edit) => bodies.some((body) => edit.startOffset > body.startOffset && edit.endOffset < body.endOffset));
}
