// Names an imported program uses but does not declare. The importers map the library calls of
// their tables to Whetstone built-ins (Math.floor → floor, len(x) → len); any other name the file
// does not declare (`isinstance`, `sorted`, `Array.from`, `Infinity`) or method it calls on a value
// (`.localeCompare`, `.padStart`) is a library of the source language that the other targets lack, so it is
// an error at import instead of being passed through to fail at run time. A declared name equal
// to a built-in the importer made calls to (a parameter `floor` beside `Math.floor`) would capture
// those calls where it is in scope (captured-builtins.ts), so there it is an error too.
import { walk, type Node, type Program } from '../../core/ast';
import { BUILTINS } from '../../core/semantics';
import { projectionDiagnostic, type ProjectionDiagnostic } from '../diagnostics';
import { NOT_CARRIED } from './ast-builder';
import { capturingDeclarations } from './captured-builtins';

const OTHER_TARGETS: Record<'javascript' | 'typescript' | 'python', string> = {
  javascript: 'Python',
  typescript: 'Python',
  python: 'JavaScript and TypeScript',
};

const LABEL: Record<'javascript' | 'typescript' | 'python', string> = { javascript: 'JavaScript', typescript: 'TypeScript', python: 'Python' };

/**
 * Errors for the names `program` uses and neither declares nor maps, and for declarations that
 * would capture a built-in the importer made calls to (`libraryCallees`: the ids of their callees).
 */
export function reportLibraryNames(program: Program, language: 'javascript' | 'typescript' | 'python', libraryCallees: ReadonlySet<string>): ProjectionDiagnostic[] {
  const declared = new Map<string, Node>();
  const modules = new Set<string>();
  const members = new Set<string>();
  walk(program, (node) => {
    switch (node.type) {
      case 'FunctionDeclaration':
      case 'VariableDeclaration':
      case 'Parameter':
      case 'TypeDeclaration':
        if (!declared.has(node.name)) declared.set(node.name, node);
        break;
      case 'ForStatement':
        if (!declared.has(node.iterator)) declared.set(node.iterator, node);
        break;
      case 'TryStatement':
        if (!declared.has(node.catchName)) declared.set(node.catchName, node);
        break;
      case 'ImportDeclaration':
        for (const name of node.names) declared.set(name, node);
        if (node.names.length === 0) modules.add(node.module.split('.').pop() ?? node.module);
        break;
      case 'Property':
        members.add(node.key);
        break;
      case 'Field':
        members.add(node.name);
        break;
    }
  });
  const diagnostics: ProjectionDiagnostic[] = [];
  const reported = new Set<string>();
  const report = (key: string, node: Node, message: string, hint: string): void => {
    if (reported.has(key)) return;
    reported.add(key);
    diagnostics.push(projectionDiagnostic('W_UNSUPPORTED', 'error', message, node.id, node.span, { hint }));
  };
  const source = LABEL[language];
  const others = OTHER_TARGETS[language];
  for (const [name, node] of capturingDeclarations(program, libraryCallees)) {
    report(`declared ${name}`, node, `Not carried into Whetstone: '${name}' is declared here and is also Whetstone's built-in ${name}, which this file's library calls were mapped to; they would call this '${name}' instead`, `Rename '${name}' in the ${source} source.`);
  }
  walk(program, (node) => {
    if (node.type === 'Identifier') {
      const name = node.name;
      if (declared.has(name) || modules.has(name) || libraryCallees.has(node.id) || BUILTINS.has(name) || name === NOT_CARRIED) return;
      report(
        `name ${name}`,
        node,
        `Not carried into Whetstone: '${name}' is not declared in this file and is outside the projection's library tables; ${others} would have no '${name}'`,
        `Write it with the built-ins (${[...BUILTINS.keys()].join(', ')}) or declare it in the ${source} source.`,
      );
    }
    if (node.type === 'CallExpression' && node.callee.type === 'MemberExpression') {
      const { object, property } = node.callee;
      if (object.type === 'Identifier' && modules.has(object.name)) return;
      if (members.has(property)) return;
      report(
        `method ${property}`,
        node.callee,
        `Not carried into Whetstone: the method '.${property}' is outside the projection's library tables; ${others} would have no such method`,
        `Write it with the built-ins and a loop, or as a function of this file.`,
      );
    }
  });
  return diagnostics;
}

