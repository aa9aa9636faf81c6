// JavaScript and TypeScript classes read as a record plus functions (docs/PROJECTION.md,
// "Classes"), as Python's are: `class C { constructor(…) { this.f = …; } m(…) {…} }` becomes
// `type C { … }`, `C_new(…)` and `C_m(self: C, …)`. This file reads the shape of each class of the
// file (fields, their types, methods) and reports what has no such reading; javascript.ts builds
// the declarations and class-method-calls.ts the calls `obj.m(…)`.
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { field, namedChildren, type AstBuilder } from './ast-builder';
import { fileShapes, noClasses, typeFieldsByValues, type ClassShape, type FileClasses } from './class-records';

/** The name `this` takes in the functions a class becomes. */
export const SELF = 'self';

const WHY_RECORD = 'A class is carried as a record plus functions';

/** The file's top-level class declarations (exported or not), by name. */
export function classDeclarations(root: SyntaxNode): SyntaxNode[] {
  return namedChildren(root)
    .map((node) => (node.type === 'export_statement' ? field(node, 'declaration') : node))
    .filter((node): node is SyntaxNode => node?.type === 'class_declaration');
}

/** Reads the classes of the file but those `skipped` (the error classes, read elsewhere). */
export function readClasses(root: SyntaxNode, b: AstBuilder, skipped: (name: string) => boolean, typeOf: (annotation: SyntaxNode) => string): FileClasses {
  const found = noClasses();
  const shapes: { shape: ClassShape; at: SyntaxNode }[] = [];
  for (const node of classDeclarations(root)) {
    const name = field(node, 'name')?.text ?? '';
    if (skipped(name)) continue;
    for (const member of namedChildren(field(node, 'body') ?? node)) {
      if (member.type === 'method_definition' && field(member, 'name')?.text !== 'constructor') found.methodNames.add(field(member, 'name')?.text ?? '');
    }
    const shape = readClass(node, b);
    if (shape) shapes.push({ shape, at: field(node, 'name') ?? node });
    else found.refused.add(name);
  }
  if (shapes.length === 0) return found;
  fileShapes(found, shapes, declaredNames(root), (at, what) => b.unsupported(at, what, 'Rename the class or the method.'));
  typeFields(root, found, typeOf);
  return found;
}

/** Whether a member has the modifier `word` (static, get, set, async, abstract…). */
const hasWord = (member: SyntaxNode, word: string): boolean => member.children.some((child) => child?.type === word);

/** A constructor parameter that is also a field (`private readonly name: string`). */
export function isParameterProperty(param: SyntaxNode): boolean {
  return param.children.some((child) => child?.type === 'accessibility_modifier' || child?.type === 'readonly' || child?.type === 'override_modifier');
}

/** The shape of one class, or undefined (each reason reported) where it has no record reading. */
function readClass(node: SyntaxNode, b: AstBuilder): ClassShape | undefined {
  const name = field(node, 'name')?.text ?? '';
  let carried = true;
  const refuse = (at: SyntaxNode, what: string, why: string): void => {
    b.unsupported(at, what, why);
    carried = false;
  };
  // `implements I` only asks tsc to check the class against I: it does nothing at run time.
  const heritage = namedChildren(node).find((child) => child.type === 'class_heritage' && namedChildren(child).some((clause) => clause.type !== 'implements_clause'));
  if (heritage) refuse(heritage, `${heritage.text} of the class ${name} (inheritance)`, `${WHY_RECORD}, which have no inheritance or super: copy the fields and methods it needs into the class.`);
  const shape: ClassShape = { name, selfName: SELF, fields: new Map(), fieldValues: new Map(), methods: new Map() };
  const declared: SyntaxNode[] = [];
  for (const member of namedChildren(field(node, 'body') ?? node)) {
    const memberName = field(member, 'name') ?? field(member, 'property');
    const shown = `${memberName?.text ?? member.text.split('\n')[0]}`;
    if (member.type === 'comment') continue;
    if (hasWord(member, 'static') || member.type === 'class_static_block') {
      refuse(member, `the static member ${shown} of the class ${name}`, `${WHY_RECORD} for each instance: make it a constant or a function outside the class.`);
    } else if (memberName?.type === 'private_property_identifier') {
      refuse(member, `the private member ${shown} of the class ${name}`, `${WHY_RECORD} whose fields any code can read: name it without # (TypeScript's private is carried).`);
    } else if (memberName?.type !== 'property_identifier') {
      refuse(member, `the member ${shown} of the class ${name}`, `${WHY_RECORD}: methods, fields and a constructor, each with a plain name.`);
    } else if (member.type === 'method_definition' && (hasWord(member, 'get') || hasWord(member, 'set'))) {
      refuse(member, `the ${hasWord(member, 'get') ? 'getter' : 'setter'} ${shown} of the class ${name}`, `${WHY_RECORD}: a getter or setter runs where the program reads or sets a field, which a record's field does not. Write a method and call it.`);
    } else if (member.type === 'method_definition' && member.children.some((child) => child?.type === '*')) {
      refuse(member, `the generator method ${shown} of the class ${name}`, 'Whetstone has no generators: return a list.');
    } else if (member.type === 'method_definition' && memberName.text === 'constructor') {
      shape.init = member;
    } else if (member.type === 'method_definition') {
      shape.methods.set(memberName.text, member);
    } else if (member.type === 'public_field_definition' || member.type === 'field_definition') {
      if (hasWord(member, 'declare') || hasWord(member, 'abstract')) refuse(member, `the field ${shown} of the class ${name}`, `${WHY_RECORD}: a field is given its value where the class declares it or in the constructor.`);
      else declared.push(member);
    } else {
      refuse(member, `the member ${shown} of the class ${name}`, `${WHY_RECORD}: methods, fields and a constructor.`);
    }
  }
  if (!carried) return undefined;
  // The fields in the order JavaScript sets them: the declared ones, the parameter properties, then the constructor's.
  for (const member of declared) {
    const fieldName = field(member, 'name') ?? field(member, 'property');
    shape.fields.set(fieldName!.text, 'any');
    shape.fieldValues.set(fieldName!.text, member);
  }
  const parameters = shape.init ? namedChildren(field(shape.init, 'parameters') ?? shape.init) : [];
  for (const param of parameters.filter(isParameterProperty)) {
    const pattern = field(param, 'pattern');
    if (pattern?.type !== 'identifier') {
      refuse(param, `the parameter property ${param.text}`, 'A parameter property names one field.');
      continue;
    }
    shape.fields.set(pattern.text, 'any');
    shape.fieldValues.set(pattern.text, param);
  }
  for (const statement of shape.init ? namedChildren(field(shape.init, 'body') ?? shape.init) : []) {
    const set = thisAssignment(statement);
    if (set && !shape.fields.has(set.field)) {
      shape.fields.set(set.field, 'any');
      shape.fieldValues.set(set.field, set.assignment);
    }
  }
  for (const fn of [...(shape.init ? [shape.init] : []), ...shape.methods.values()]) {
    const where = fn.id === shape.init?.id ? 'in a block of the constructor' : `in the method ${field(fn, 'name')?.text ?? ''}`;
    for (const change of fn.descendantsOfType(['assignment_expression', 'augmented_assignment_expression', 'update_expression'])) {
      const target = field(change!, 'left') ?? field(change!, 'argument');
      const changed = target?.type === 'member_expression' && field(target, 'object')?.type === 'this' ? (field(target, 'property')?.text ?? '') : undefined;
      if (changed !== undefined && !shape.fields.has(changed)) {
        refuse(change!, `the field ${changed} of the class ${name}, first set ${where}`, `${WHY_RECORD} whose fields are the ones it declares or its constructor sets at the top level of its body: set it there first (to null if it has no value yet).`);
      }
    }
    for (const self of fn.descendantsOfType('identifier')) {
      if (self!.text === SELF) refuse(self!, `the name ${SELF} in the class ${name}`, `A method is carried as a function whose first parameter, the instance, is named ${SELF}: rename it.`);
    }
    for (const self of fn.descendantsOfType('this')) {
      if (ownerOf(self!)?.id !== fn.id) refuse(self!, `this inside a function in the class ${name}`, 'A function written with function (not =>) has a this of its own, not the instance: write it as an arrow function, or name the instance in a variable.');
    }
  }
  for (const method of shape.methods.keys()) {
    if (shape.fields.has(method)) refuse(shape.methods.get(method)!, `the method ${method} of the class ${name}, named like one of its fields`, 'Rename the method or the field.');
  }
  return carried ? shape : undefined;
}

/** The function whose `this` a `this` is: the nearest enclosing one that is not an arrow function. */
export function ownerOf(node: SyntaxNode): SyntaxNode | undefined {
  for (let at = node.parent; at; at = at.parent) {
    if (at.type === 'method_definition' || at.type === 'function_expression' || at.type === 'function_declaration' || at.type === 'generator_function' || at.type === 'generator_function_declaration' || at.type === 'class_body') return at;
  }
  return undefined;
}

/** `this.f = …` as a statement: the field and the assignment. */
export function thisAssignment(statement: SyntaxNode): { field: string; assignment: SyntaxNode } | undefined {
  const assignment = statement.type === 'expression_statement' ? namedChildren(statement)[0] : undefined;
  if (assignment?.type !== 'assignment_expression' || !field(assignment, 'right')) return undefined;
  const left = field(assignment, 'left');
  if (left?.type !== 'member_expression' || field(left, 'object')?.type !== 'this' || field(left, 'property')?.type !== 'property_identifier') return undefined;
  return { field: field(left, 'property')!.text, assignment };
}

/** The value a field is first given: its initialiser, the parameter, or the constructor's assignment. */
export function firstValue(set: SyntaxNode): SyntaxNode | undefined {
  if (set.type === 'assignment_expression') return field(set, 'right');
  if (set.type === 'required_parameter' || set.type === 'optional_parameter') return field(set, 'pattern');
  return field(set, 'value');
}

/** The names the file declares at its top level (functions, classes, variables). */
function declaredNames(root: SyntaxNode): Set<string> {
  const names = new Set<string>();
  for (const name of root.descendantsOfType(['identifier', 'type_identifier'])) {
    const parent = name!.parent;
    if (parent && ['function_declaration', 'class_declaration', 'variable_declarator'].includes(parent.type) && field(parent, 'name')?.id === name!.id) names.add(name!.text);
  }
  return names;
}

/**
 * The type of each field: its annotation, else what the file gives it (its first value and every
 * `x.f = v` of the field's name): a literal, `[]`, `new C(…)`, another field, a parameter's
 * annotation. null besides one other type makes it optional. Read twice, so a field set from
 * another field is typed too.
 */
function typeFields(root: SyntaxNode, classes: FileClasses, typeOf: (annotation: SyntaxNode) => string): void {
  const values = new Map<string, SyntaxNode[]>();
  for (const assignment of root.descendantsOfType('assignment_expression')) {
    const left = field(assignment!, 'left');
    const right = field(assignment!, 'right');
    if (left?.type !== 'member_expression' || !right) continue;
    const name = field(left, 'property')?.text ?? '';
    values.set(name, [...(values.get(name) ?? []), right]);
  }
  typeFieldsByValues(
    classes,
    values,
    (shape, name) => {
      const set = shape.fieldValues.get(name)!;
      const annotation = set.type === 'assignment_expression' ? undefined : field(set, 'type');
      return annotation ? annotatedType(annotation, classes, typeOf) : undefined;
    },
    firstValue,
    (value) => valueType(value, classes, typeOf),
  );
}

/** The Whetstone type of a value as written, or 'any'. */
function valueType(value: SyntaxNode, classes: FileClasses, typeOf: (annotation: SyntaxNode) => string, depth = 0): string {
  switch (value.type) {
    case 'number':
      return 'number';
    case 'string':
    case 'template_string':
      return 'string';
    case 'true':
    case 'false':
      return 'bool';
    case 'null':
      return 'null';
    case 'array':
      return 'list<any>';
    case 'new_expression': {
      const made = field(value, 'constructor');
      return made?.type === 'identifier' && classes.carried.has(made.text) ? made.text : 'any';
    }
    case 'member_expression': {
      const name = field(value, 'property')?.text ?? '';
      const types = [...classes.carried.values()].flatMap((shape) => (shape.fields.has(name) ? [shape.fields.get(name)!] : []));
      return types.length === 1 ? types[0] : 'any';
    }
    case 'identifier': {
      // A parameter of the function the value is given in, by its annotation, or a name it declares with one value.
      if (depth > 0) return 'any';
      for (let at = value.parent; at; at = at.parent) {
        const parameters = field(at, 'parameters');
        if (!parameters) continue;
        const parameter = namedChildren(parameters).find((param) => field(param, 'pattern')?.text === value.text);
        const annotation = parameter && field(parameter, 'type');
        if (parameter) return annotation ? annotatedType(annotation, classes, typeOf) : 'any';
        const declared = at.descendantsOfType('variable_declarator').filter((declarator) => field(declarator!, 'name')?.text === value.text);
        const types = new Set(declared.map((declarator) => (field(declarator!, 'type') ? annotatedType(field(declarator!, 'type')!, classes, typeOf) : valueType(field(declarator!, 'value') ?? declarator!, classes, typeOf, depth + 1))));
        return types.size === 1 ? [...types][0] : 'any';
      }
      return 'any';
    }
    default:
      return 'any';
  }
}

/** An annotation as a Whetstone type: a class of the file (also `C | null`), else as the importer reads types. */
function annotatedType(annotation: SyntaxNode, classes: FileClasses, typeOf: (annotation: SyntaxNode) => string): string {
  const text = annotation.text.replace(/^:/, '').replace(/\s/g, '');
  const optional = /^(\w+)\|(?:null|undefined)$/.exec(text)?.[1] ?? /^(?:null|undefined)\|(\w+)$/.exec(text)?.[1];
  if (classes.carried.has(text)) return text;
  if (optional && classes.carried.has(optional)) return `${optional}?`;
  return typeOf(annotation);
}
