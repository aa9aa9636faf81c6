// What a module exports, read from its analysis (docs/LANGUAGE.md "Modules"): every top-level
// function, type, constant and variable it declares, with the types that analysis gives them, and a
// fingerprint of them that importers compare to know whether they must be analysed again. Apart
// from modules.ts, which the analysis itself reads, so that nothing there depends on the model.
import { typeKey } from './dependencies';
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
  const fingerprint = typeKey([...names].map(([name, exported]) => [name, exported.kind, exported.type, exported.fields ?? null]));
  return { names, fingerprint };
}
