// JavaScript and TypeScript source (tree-sitter-javascript / tree-sitter-typescript trees) into
// the Whetstone AST. TypeScript is JavaScript plus types, so one importer reads both: type
// annotations become Whetstone type strings, interfaces and object type aliases become types,
// and other type aliases read as the type they name where they are used.
//
// What maps: functions (declarations, and arrow functions or function expressions bound by const
// at top level), parameters with types and defaults, let/const/var, if/else, while, for-of,
// for-in (over keys), for loops (as range, or as a while loop: javascript-loops.ts), do … while,
// switch without fallthrough (javascript-switch.ts), return, break, continue (labelled ones of
// loops with flags), logical assignments as statements, chained assignment,
// expressions, calls, members, indexing, array and object literals, template strings (as string
// joins), imports, throw and try/catch where they keep their meaning (javascript-exceptions.ts),
// and the library idioms with a Whetstone built-in (console.log → print, xs.length
// → len, xs.push(v) → push, Math.floor → floor…). A conditional expression maps where it is the
// whole value of a declaration, an assignment or a return (it becomes an if/else). Classes of the
// file become a record type plus functions (javascript-classes.ts, class-method-calls.ts). Everything
// else (inheritance, generators, finally, switch with fallthrough, new of other classes, this outside
// a method…) becomes a W_UNSUPPORTED diagnostic with its span and text.
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type * as A from '../../core/ast';
import { walk } from '../../core/ast';
import { AstBuilder, field, namedChildren } from './ast-builder';
import { decodeEscapes } from './string-escapes';
import { importConversion } from './conversions';
import { importTextMethod } from './javascript-texts';
import { markTakenAsList } from './javascript-spread';
import { assignmentChain, capturedLoopName, chainProblem } from './javascript-loops';
import { runBeforeExits } from './loop-exits';
import { switchBranches } from './javascript-switch';
import { movableUpdates, type MovedUpdate } from './javascript-updates';
import { conditionalArgument } from './javascript-conditional-arguments';
import { importLibraryFunction, importLibraryMethod } from './javascript-library';
import { genericTypeNames, isTypeParameter } from './javascript-type-parameters';
import { fileEnums, type EnumReading } from './javascript-enums';
import { inPlaceValue } from './javascript-in-place';
import { returnedToTestsOnly, testedOnly } from './javascript-tested-returns';
import { changesCollection, Collections, collectionUseMessage, literalPairs, newCollection, type CollectionKind } from './javascript-collections';
import { builtRecord, constructorName, methodName, noClasses, type ClassShape, type FileClasses } from './class-records';
import { classDeclarations, firstValue, ownerOf, readClasses, SELF, thisAssignment } from './javascript-classes';
import { caughtName, caughtUse, errorClasses, fileFunctions, isErrorConstruction, RuntimeErrors, throwKinds, type ThrowKinds } from './javascript-exceptions';

/** What `typeof x === "…"` tests, as a Whetstone type test. */
const TYPEOF_TESTED: Record<string, string | undefined> = { number: 'number', string: 'string', boolean: 'bool' };
/** Why the other answers of typeof have no Whetstone type test. */
const TYPEOF_WHY_NOT: Record<string, string | undefined> = {
  object: 'In JavaScript null, lists, maps and records are all "object"; Whetstone tests a list with `x is list` and a missing value with `x == null`.',
  undefined: 'Whetstone has no undefined; a missing value is null (`x == null`).',
  function: 'Whetstone has no type test for a function.',
  bigint: 'Whetstone has no big integers.',
  symbol: 'Whetstone has no symbols.',
};

const BINARY: Record<string, A.BinaryOperator> = {
  '===': '==',
  '==': '==',
  '!==': '!=',
  '!=': '!=',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
  '+': '+',
  '-': '-',
  '*': '*',
  '/': '/',
  '%': '%',
  '**': '**',
  '&': '&',
  '|': '|',
  '^': '^',
  '<<': '<<',
  '>>': '>>',
  '&&': '&&',
  '||': '||',
};

/** Why an operator JavaScript has stays out of Whetstone. */
const UNCARRIED_OPERATOR_WHY: Record<string, string> = {
  '>>>': "An unsigned 32-bit shift: Whetstone's numbers have no unsigned view and Python has no such operator. Write it with >> and a test of the sign, or with floor and division.",
};

/** `??=`, `||=` and `&&=`: assignments made only where the target is missing, false or true. */
const LOGICAL_ASSIGNMENT = new Set(['??=', '||=', '&&=']);

const COMPOUND: Record<string, A.AssignmentOperator> = { '+=': '+=', '-=': '-=', '*=': '*=', '/=': '/=' };

/** The globals whose members are the library's, never a method of a class of the file. */
const GLOBAL_OBJECTS = new Set('Array BigInt console Date globalThis Intl JSON Map Math Number Object process Promise Reflect Set String Symbol'.split(' '));

/** Math.* functions with a Whetstone built-in of the same meaning. */
const MATH_BUILTINS = new Set(['floor', 'ceil', 'abs', 'min', 'max', 'sqrt', 'pow']);

/** Node.js's built-in modules (imported without `node:`): `use fs;` would not load in Python. */
const NODE_MODULES = new Set('assert buffer child_process crypto events fs os path process readline stream url util worker_threads zlib'.split(' '));

/** The file's top-level `type Name = T` whose T is not an object type, by name. */
function typeAliases(root: SyntaxNode): Map<string, SyntaxNode> {
  const found = new Map<string, SyntaxNode>();
  for (const child of namedChildren(root)) {
    const node = child.type === 'export_statement' ? field(child, 'declaration') : child;
    if (node?.type !== 'type_alias_declaration') continue;
    const name = field(node, 'name')?.text;
    const value = field(node, 'value');
    if (name && value && value.type !== 'object_type') found.set(name, value);
  }
  return found;
}

/** Whetstone's path syntax: identifiers joined by dots. */
const MODULE_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\/[A-Za-z_][A-Za-z0-9_]*)*$/;

export class JavaScriptImporter {
  constructor(private readonly b: AstBuilder) {}

  /** Functions with a rest parameter that are only ever called by name: name → the parameters before it. */
  private readonly restFunctions = new Map<string, { fixed: number; declaration: SyntaxNode }>();
  private holderCount = 0;
  /** `type Name = T` of a T that is not an object type: each use of Name reads as T. */
  private typeAliases = new Map<string, SyntaxNode>();
  /** The file's enums (javascript-enums.ts), by name. */
  private enums = new Map<string, { node: SyntaxNode; reading: EnumReading }>();
  /** The interfaces and object types that take type parameters: `Box<number>` reads as `Box`. */
  private genericTypes = new Set<string>();
  /** The aliases being read, to stop at one that names itself. */
  private readonly expanding = new Set<string>();
  /** What the file's try bodies can throw of JavaScript's own, and how its throws throw: what a try/catch is judged by. */
  private runtimeErrors = new RuntimeErrors(new Map(), new Set());
  private throws: ThrowKinds = { errors: false, values: false, nonTexts: false };
  /** The error classes the file declares only to name what it throws (dropped at import). */
  private errorClasses = new Set<string>();
  /** The caught name whose `.message` is the message, inside a catch that reads it so. */
  private caughtMessage: string | undefined;
  private root: SyntaxNode | undefined;
  /** The names bound to a Map or Set (javascript-collections.ts). */
  private collections: Collections | undefined;
  /** The file's classes read as records plus functions (javascript-classes.ts), and the one whose method is being read. */
  classes: FileClasses = noClasses();
  private inClass: ClassShape | undefined;
  private inClassNode: SyntaxNode | undefined;
  /** The call whose library reading is being made (class-method-calls.ts picks it where the receiver is a list or text). */
  private libraryReadingOf: number | undefined;

  program(root: SyntaxNode): A.Program {
    this.root = root;
    this.declaredGlobals.clear();
    this.collections = new Collections(root, declares, (name) => this.declaresName(name));
    this.errorClasses = errorClasses(root);
    this.classes = readClasses(root, this.b, (name) => this.errorClasses.has(name), (annotation) => this.typeOf(annotation));
    this.runtimeErrors = new RuntimeErrors(fileFunctions(root), this.errorClasses, new Map(classDeclarations(root).filter((declared) => this.classes.carried.has(field(declared, 'name')?.text ?? '')).map((declared) => [field(declared, 'name')!.text, declared])));
    this.throws = throwKinds(root, this.errorClasses);
    this.typeAliases = typeAliases(root);
    this.enums = fileEnums(root);
    this.genericTypes = genericTypeNames(root);
    this.restFunctions.clear();
    for (const [name, found] of restParameterFunctions(root)) this.restFunctions.set(name, found);
    const children: A.TopLevel[] = [];
    for (const node of expandMain(namedChildren(root))) children.push(...this.topLevel(node));
    return this.b.make<A.Program>('Program', root, { children });
  }

  private topLevel(node: SyntaxNode): A.TopLevel[] {
    switch (node.type) {
      case 'import_statement':
        return this.importDeclaration(node);
      case 'export_statement': {
        // Generated modules export every top-level function and type, so `export` is carried by
        // position: a declaration that is exported stays a top-level declaration.
        const declaration = field(node, 'declaration');
        if (declaration) return this.topLevel(declaration);
        // `export { a, b };` names what the module offers: generated modules offer every top-level
        // function and type, so the list has nothing to carry.
        if (isExportList(node)) return [];
        // `export default name;` offers a name the module already declares.
        const value = field(node, 'value');
        if (value?.type === 'identifier' && node.children.some((child) => child?.type === 'default')) return [];
        this.b.unsupported(node, 'an export list or re-export');
        return [];
      }
      case 'function_declaration':
        return [this.functionDeclaration(node)];
      case 'lexical_declaration':
      case 'variable_declaration': {
        const fn = this.functionBinding(node);
        return fn ? [fn] : this.statement(node);
      }
      case 'interface_declaration':
        return this.interfaceDeclaration(node);
      case 'type_alias_declaration':
        return this.typeAlias(node);
      case 'enum_declaration':
        return this.enumDeclaration(node);
      case 'class_declaration':
        // `class ParseError extends Error {}` only names what a throw throws.
        if (this.errorClasses.has(field(node, 'name')?.text ?? '')) return [];
        if (this.classes.carried.has(field(node, 'name')?.text ?? '')) return this.classDeclarations(node, this.classes.carried.get(field(node, 'name')!.text)!);
        // A class not carried: javascript-classes.ts said why.
        if (this.classes.refused.has(field(node, 'name')?.text ?? '')) return [];
        return this.statement(node);
      default:
        return this.statement(node);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Declarations

  private importDeclaration(node: SyntaxNode): A.TopLevel[] {
    const sourceNode = field(node, 'source');
    const clause = namedChildren(node).find((child) => child.type === 'import_clause');
    const module = sourceNode ? this.stringValue(sourceNode) : '';
    if (!MODULE_PATH.test(module) || !clause) {
      this.b.unsupported(node, `an import of '${module}' (a Whetstone import names a module path such as math or net.http)`);
      return [];
    }
    // Kept (the library policy sees it) and reported: Python has no such module.
    if (NODE_MODULES.has(module)) this.b.unsupported(node, `an import of the Node.js module '${module}'`, 'Python has no module of that name.');
    const path = module.replace(/\//g, '.');
    const names: string[] = [];
    for (const part of namedChildren(clause)) {
      if (part.type === 'named_imports') {
        for (const specifier of namedChildren(part)) {
          const alias = field(specifier, 'alias');
          if (alias) {
            this.b.unsupported(specifier, 'an import under another name (as)');
            continue;
          }
          names.push(field(specifier, 'name')?.text ?? specifier.text);
        }
      } else if (part.type === 'namespace_import' || part.type === 'identifier') {
        const local = part.type === 'identifier' ? part.text : (namedChildren(part)[0]?.text ?? '');
        if (local !== path.split('.').pop()) {
          this.b.unsupported(part, `binding the module '${module}' to the name '${local}'`);
          continue;
        }
        return [this.b.make<A.ImportDeclaration>('ImportDeclaration', node, { module: path, names: [] })];
      }
    }
    return names.length > 0 ? [this.b.make<A.ImportDeclaration>('ImportDeclaration', node, { module: path, names })] : [];
  }

  private functionDeclaration(node: SyntaxNode, name = field(node, 'name')?.text ?? 'anonymous'): A.FunctionDeclaration {
    const parameters = this.parameters(node);
    const body = this.withUnpackedParameters(node, this.functionBody(node)) as A.Block;
    return this.b.make<A.FunctionDeclaration>('FunctionDeclaration', node, {
      name,
      async: isAsync(node),
      returnType: this.returnType(node),
      annotations: [],
      parameters,
      body,
    });
  }

  /** A class as `type C { … }`, its constructor `C_new` and a function `C_m(self: C, …)` for each method. */
  private classDeclarations(node: SyntaxNode, shape: ClassShape): A.TopLevel[] {
    const fields = [...shape.fields].map(([name, fieldType]) => this.b.make<A.Field>('Field', shape.fieldValues.get(name)!, { name, fieldType }));
    const made: A.TopLevel[] = [this.b.make<A.TypeDeclaration>('TypeDeclaration', field(node, 'name') ?? node, { name: shape.name, annotations: [], fields })];
    this.inClass = shape;
    this.inClassNode = node;
    try {
      made.push(this.constructorDeclaration(node, shape));
      for (const [name, method] of shape.methods) {
        const declaration = this.functionDeclaration(method, methodName(shape.name, name));
        // The instance comes first; `_self` where the method never reads this, as Whetstone asks.
        const self = this.b.make<A.Parameter>('Parameter', this.b.spanBetween(method.startIndex, method.startIndex), { name: method.descendantsOfType('this').length > 0 ? SELF : `_${SELF}`, paramType: shape.name, defaultValue: null });
        declaration.parameters.unshift(self);
        declaration.returnType ??= this.returnedClass(method, shape);
        made.push(declaration);
      }
    } finally {
      this.inClass = undefined;
      this.inClassNode = undefined;
    }
    return made;
  }

  /** The class a method returns when each of its returns gives `new C(…)` of one class or `this`. */
  private returnedClass(method: SyntaxNode, shape: ClassShape): string | null {
    const classes = new Set(
      method.descendantsOfType('return_statement').map((statement) => {
        const value = namedChildren(statement!)[0];
        const made = value?.type === 'new_expression' ? field(value, 'constructor') : undefined;
        return value?.type === 'this' ? shape.name : made?.type === 'identifier' && this.classes.carried.has(made.text) ? made.text : '';
      }),
    );
    return classes.size === 1 && !classes.has('') ? [...classes][0] : null;
  }

  /**
   * `fn C_new(…): C { …; const self: C = { f: …, … }; …; return self; }`. The record takes the
   * values of the declared fields and parameter properties, then of the statements `this.f = v`
   * that follow the constructor's statements not reading this (or that open it, where a declared
   * value calls something: JavaScript gives those first), none of whose values read this. A field
   * given no value there is refused, as is a return in the constructor.
   */
  private constructorDeclaration(node: SyntaxNode, shape: ClassShape): A.FunctionDeclaration {
    const init = shape.init;
    const at = init ?? node;
    const parameters = init ? this.parameters(init) : [];
    const statements = init ? namedChildren(field(init, 'body') ?? init).filter((statement) => statement.type !== 'comment') : [];
    const readsThis = (part: SyntaxNode): boolean => part.type === 'this' || part.descendantsOfType('this').length > 0;
    const properties: A.Property[] = [];
    let eager = false;
    for (const [name, set] of shape.fieldValues) {
      if (set.type === 'assignment_expression') continue;
      const value = firstValue(set);
      if (!value) continue;
      if (readsThis(value)) {
        this.b.unsupported(value, `the value of the field ${name} of the class ${shape.name}, which reads this`, 'Give it its value in the constructor, after the fields it reads.');
        continue;
      }
      if (set.type !== 'required_parameter' && set.type !== 'optional_parameter' && changesSomething(value)) eager = true;
      properties.push(this.b.make<A.Property>('Property', set, { key: name, value: this.expression(value) }));
    }
    const { at: first, count, declaration: record, unset } = builtRecord(this.b, shape, statements, { fieldSet: thisAssignment, readsSelf: readsThis, expression: (value) => this.expression(value) }, properties, eager ? 0 : undefined, at);
    for (const name of unset) {
      this.b.unsupported(shape.fieldValues.get(name)!, `the field ${name} of the class ${shape.name}, given no value where the record is made`, 'Declare it with its value, or set it in the constructor before any other statement that reads this, from values that do not read this.');
    }
    for (const returned of init?.descendantsOfType('return_statement') ?? []) {
      if (ownerOf(returned!)?.id === init?.id) this.b.unsupported(returned!, `a return in the constructor of the class ${shape.name}`, 'The constructor returns the record it built: leave the constructor at its end.');
    }
    const body: A.Statement[] = [];
    statements.forEach((statement, index) => {
      if (index === first) body.push(record);
      if (index < first || index >= first + count) body.push(...this.statement(statement));
    });
    if (first >= statements.length) body.push(record);
    body.push(this.b.make<A.ReturnStatement>('ReturnStatement', at, { annotations: [], value: this.b.identifier(SELF, at) }));
    return this.b.make<A.FunctionDeclaration>('FunctionDeclaration', at, { name: constructorName(shape.name), async: false, returnType: shape.name, annotations: [], parameters, body: this.b.make<A.Block>('Block', at, { statements: body }) });
  }

  /** `const f = (a) => …` / `const f = function (a) {…}` at top level: a function declaration. */
  private functionBinding(node: SyntaxNode): A.FunctionDeclaration | undefined {
    const declarators = namedChildren(node).filter((child) => child.type === 'variable_declarator');
    if (declarators.length !== 1) return undefined;
    const [declarator] = declarators;
    const name = field(declarator, 'name');
    const value = field(declarator, 'value');
    if (name?.type !== 'identifier' || !value || (value.type !== 'arrow_function' && value.type !== 'function_expression')) return undefined;
    if (field(value, 'name') && field(value, 'name')?.text !== name.text) return undefined;
    const fn = this.functionDeclaration(value, name.text);
    fn.span = this.b.span(node);
    return fn;
  }

  private interfaceDeclaration(node: SyntaxNode): A.TopLevel[] {
    const name = field(node, 'name')?.text ?? 'Anonymous';
    const body = field(node, 'body');
    return [this.b.make<A.TypeDeclaration>('TypeDeclaration', node, { name, annotations: [], fields: body ? this.typeFields(body) : [] })];
  }

  /** `enum E { A, B = 5 }` as `const E = { A: 0, B: 5 };` (javascript-enums.ts). */
  private enumDeclaration(node: SyntaxNode): A.TopLevel[] {
    const name = field(node, 'name')?.text ?? '';
    const reading = this.enums.get(name)?.reading;
    if (!reading || 'problem' in reading) {
      this.b.unsupported(node, reading?.problem ?? 'an enum');
      return [];
    }
    const properties = reading.members.map(([key, value]) => this.b.make<A.Property>('Property', node, { key, value: this.b.literal(value, node) }));
    const object = this.b.make<A.ObjectLiteral>('ObjectLiteral', node, { properties });
    return [this.b.make<A.VariableDeclaration>('VariableDeclaration', node, { name, kind: 'const', varType: null, annotations: [], initializer: object })];
  }

  private typeAlias(node: SyntaxNode): A.TopLevel[] {
    const value = field(node, 'value');
    // Carried where it is used (typeAt), as the type it names.
    if (this.typeAliases.has(field(node, 'name')?.text ?? '')) return [];
    if (value?.type !== 'object_type') {
      this.b.unsupported(node, 'a type alias that is not an object type');
      return [];
    }
    const name = field(node, 'name')?.text ?? 'Anonymous';
    return [this.b.make<A.TypeDeclaration>('TypeDeclaration', node, { name, annotations: [], fields: this.typeFields(value) })];
  }

  private typeFields(body: SyntaxNode): A.Field[] {
    const fields: A.Field[] = [];
    for (const member of namedChildren(body)) {
      if (member.type !== 'property_signature') {
        this.b.unsupported(member, `a ${member.type.replace(/_/g, ' ')} in a type`);
        continue;
      }
      const optional = member.children.some((child) => child?.type === '?');
      let fieldType = this.typeOf(field(member, 'type'));
      if (optional && !fieldType.endsWith('?')) fieldType = `${fieldType}?`;
      fields.push(this.b.make<A.Field>('Field', member, { name: field(member, 'name')?.text ?? '', fieldType }));
    }
    return fields;
  }

  private parameters(fn: SyntaxNode): A.Parameter[] {
    const single = field(fn, 'parameter');
    if (single) return [this.b.make<A.Parameter>('Parameter', single, { name: single.text, paramType: null, defaultValue: null })];
    const list = field(fn, 'parameters');
    if (!list) return [];
    const out: A.Parameter[] = [];
    for (const param of namedChildren(list)) {
      const made = this.parameter(param);
      if (made) out.push(made);
    }
    return out;
  }

  private parameter(param: SyntaxNode): A.Parameter | undefined {
    let pattern = param;
    let type: string | null = null;
    let value: SyntaxNode | undefined;
    if (param.type === 'required_parameter' || param.type === 'optional_parameter') {
      pattern = field(param, 'pattern') ?? param;
      const annotation = field(param, 'type');
      type = annotation ? this.typeOf(annotation) : null;
      value = field(param, 'value');
      if (param.type === 'optional_parameter' && !value) {
        return this.b.make<A.Parameter>('Parameter', param, {
          name: pattern.text,
          paramType: type === null ? null : type.endsWith('?') ? type : `${type}?`,
          defaultValue: this.b.literal(null, param),
        });
      }
    } else if (param.type === 'assignment_pattern') {
      pattern = field(param, 'left') ?? param;
      value = field(param, 'right');
    }
    if (pattern.type === 'rest_pattern') {
      // `...xs` is a list parameter, and every call (all by name, checked in restParameterFunctions)
      // passes the arguments from its place on as one list.
      const inner = namedChildren(pattern)[0];
      const fn = param.parent?.parent;
      const rest = [...this.restFunctions.values()].find((found) => found.declaration.id === fn?.id);
      if (!rest || inner?.type !== 'identifier') {
        this.b.unsupported(param, 'a rest parameter (...) of a function that is not only called by its name with the arguments written out', 'Whetstone functions take a fixed number of arguments: pass a list.');
        return undefined;
      }
      return this.b.make<A.Parameter>('Parameter', param, { name: inner.text, paramType: type, defaultValue: null });
    }
    if (pattern.type === 'array_pattern' && !value) return this.unpackedParameter(param, pattern, type);
    if (pattern.type !== 'identifier') {
      this.b.unsupported(param, `a ${pattern.type.replace(/_/g, ' ')} parameter`);
      return undefined;
    }
    return this.b.make<A.Parameter>('Parameter', param, {
      name: pattern.text,
      paramType: type,
      defaultValue: value ? this.expression(value) : null,
    });
  }

  /** The statements that bind the parts of a function's array-pattern parameters, by the function's node. */
  private readonly parameterUnpacks = new Map<number, A.Statement[]>();

  /**
   * `([k, v]) => …`, `([, a], [, b]) => a - b`: the parameter is a name of its own, and the body
   * starts by checking it is a list long enough and binding each name to its element (a hole
   * skips one), as unpackingForOf does for a loop. Only plain names.
   */
  private unpackedParameter(param: SyntaxNode, pattern: SyntaxNode, type: string | null): A.Parameter | undefined {
    const fn = param.parent?.parent;
    const parts: { name: SyntaxNode; index: number }[] = [];
    let index = 0;
    let plain = !!fn;
    for (const child of pattern.children) {
      if (!child || child.type === '[' || child.type === ']') continue;
      if (child.type === ',') index++;
      else if (child.type === 'identifier') parts.push({ name: child, index });
      else plain = false;
    }
    if (!plain || !fn || parts.length === 0) {
      this.b.unsupported(param, 'an array pattern parameter with a default, a rest or a nested pattern', 'Take the item as a name and read its elements in the body.');
      return undefined;
    }
    const held = this.freshName('pair');
    const body = field(fn, 'body') ?? fn;
    const inside = this.b.spanBetween(body.startIndex, body.startIndex);
    const read = (): A.Identifier => this.b.identifier(held, inside);
    const need = Math.max(...parts.map((part) => part.index)) + 1;
    const isList = this.b.make<A.TypeTest>('TypeTest', inside, { operand: read(), testedType: 'list' });
    const longEnough = this.b.make<A.BinaryExpression>('BinaryExpression', inside, { operator: '>=', left: this.b.call('len', [read()], inside), right: this.b.literal(need, inside) });
    const check = this.b.make<A.BinaryExpression>('BinaryExpression', inside, { operator: '&&', left: isList, right: longEnough });
    const unpacks: A.Statement[] = [this.b.make<A.ExpressionStatement>('ExpressionStatement', inside, { annotations: [], expression: this.b.call('assert', [check, this.b.literal(`expected a list of at least ${need} elements to destructure`, inside)], inside) })];
    for (const { name, index: at } of parts) {
      const element = this.b.make<A.IndexExpression>('IndexExpression', inside, { object: read(), index: this.b.literal(at, inside) });
      unpacks.push(this.b.make<A.VariableDeclaration>('VariableDeclaration', inside, { name: name.text, kind: assigns(body, name.text) ? 'let' : 'const', varType: null, annotations: [], initializer: element }));
    }
    this.parameterUnpacks.set(fn.id, [...(this.parameterUnpacks.get(fn.id) ?? []), ...unpacks]);
    return this.b.make<A.Parameter>('Parameter', this.b.spanBetween(param.startIndex, param.startIndex), { name: held, paramType: type && type.startsWith('list<') ? type : null, defaultValue: null });
  }

  /** `body` with the function's array-pattern parameters bound first (an expression body becomes a return). */
  private withUnpackedParameters(fn: SyntaxNode, body: A.Block | A.Expression): A.Block | A.Expression {
    const unpacks = this.parameterUnpacks.get(fn.id);
    if (!unpacks) return body;
    this.parameterUnpacks.delete(fn.id);
    if (body.type === 'Block') {
      body.statements.unshift(...unpacks);
      return body;
    }
    const returned = this.b.make<A.ReturnStatement>('ReturnStatement', body.span, { annotations: [], value: body });
    return this.b.make<A.Block>('Block', body.span, { statements: [...unpacks, returned] });
  }

  private returnType(fn: SyntaxNode): string | null {
    const annotation = field(fn, 'return_type');
    if (!annotation) return null;
    const type = this.typeOf(annotation);
    return type === 'void' && !isAsync(fn) ? 'void' : type;
  }

  private functionBody(fn: SyntaxNode): A.Block {
    const body = field(fn, 'body');
    if (!body) return this.b.make<A.Block>('Block', fn, { statements: [] });
    if (body.type === 'statement_block') return this.block(body);
    // An arrow function's expression body: `return expression;`.
    const value = this.expression(body);
    const statement = this.b.make<A.ReturnStatement>('ReturnStatement', body, { annotations: [], value });
    return this.b.make<A.Block>('Block', body, { statements: [statement] });
  }

  // ---------------------------------------------------------------------------------------------
  // Types

  /** A TypeScript type (or type annotation) as a Whetstone type string; any where there is none. */
  typeOf(node: SyntaxNode | undefined): string {
    if (!node) return 'any';
    // Types nest like expressions (Array<Array<…>>): past the limit, one error and no type.
    return this.b.nested(node, () => this.typeAt(node), () => 'any');
  }

  private typeAt(node: SyntaxNode): string {
    switch (node.type) {
      case 'type_annotation':
        return this.typeOf(namedChildren(node)[0]);
      case 'predefined_type':
        return PREDEFINED[node.text] ?? 'any';
      case 'type_identifier':
        if (isTypeParameter(node)) return 'any';
        if (this.typeAliases.has(node.text)) return this.aliasedType(node, node.text);
        if (this.enums.has(node.text)) return this.enumType(node.text);
        return node.text === 'Array' ? 'list<any>' : node.text;
      case 'array_type':
        return `list<${this.typeOf(namedChildren(node)[0])}>`;
      case 'parenthesized_type':
        return this.typeOf(namedChildren(node)[0]);
      case 'literal_type': {
        const inner = namedChildren(node)[0];
        if (!inner) return 'any';
        if (inner.type === 'string') return 'string';
        if (inner.type === 'number' || inner.type === 'unary_expression') return 'number';
        if (inner.type === 'true' || inner.type === 'false') return 'bool';
        return inner.type === 'null' || inner.type === 'undefined' ? 'null' : 'any';
      }
      case 'generic_type': {
        const name = field(node, 'name')?.text ?? '';
        const args = namedChildren(field(node, 'type_arguments') ?? node);
        const typeArgs = args.map((arg) => this.typeOf(arg));
        if (name === 'Array' || name === 'ReadonlyArray') return `list<${typeArgs[0] ?? 'any'}>`;
        if (name === 'Record' || name === 'Map') return `map<${typeArgs[0] ?? 'any'}, ${typeArgs[1] ?? 'any'}>`;
        if (name === 'Promise') return typeArgs[0] ?? 'any';
        // A generic alias or type: its type parameters read as any, so the arguments add nothing.
        if (this.typeAliases.has(name)) return this.aliasedType(node, name);
        if (this.genericTypes.has(name)) return name;
        return 'any';
      }
      case 'union_type': {
        const members = flattenUnion(node);
        const nullable = members.filter((member) => isNullType(member));
        const rest = members.filter((member) => !isNullType(member));
        if (rest.length === 1) {
          const inner = this.typeOf(rest[0]);
          return nullable.length > 0 && inner !== 'any' && !inner.endsWith('?') ? `${inner}?` : inner;
        }
        return 'any';
      }
      default:
        return 'any';
    }
  }

  /** The type of an enum's values, where the enum names a type (any for one not carried: its declaration is the error). */
  private enumType(name: string): string {
    const reading = this.enums.get(name)?.reading;
    return reading && 'valueType' in reading ? reading.valueType : 'any';
  }

  /** The type a `type Name = T` names, where Name is used. */
  private aliasedType(node: SyntaxNode, name: string): string {
    const aliased = this.typeAliases.get(name);
    if (aliased && !this.expanding.has(name)) {
      this.expanding.add(name);
      try {
        return this.typeOf(aliased);
      } finally {
        this.expanding.delete(name);
      }
    }
    this.b.unsupported(node, `the type alias '${name}' used inside its own definition`, 'Whetstone names a recursive type with type Name { … }.');
    return 'any';
  }

  // ---------------------------------------------------------------------------------------------
  // Statements

  block(node: SyntaxNode): A.Block {
    if (node.type !== 'statement_block') {
      return this.b.make<A.Block>('Block', node, { statements: this.statement(node) });
    }
    const statements: A.Statement[] = [];
    for (const child of namedChildren(node)) statements.push(...this.statement(child));
    return this.b.make<A.Block>('Block', node, { statements });
  }

  /** One source statement as Whetstone statements (none, one, or several where it is lowered). */
  statement(node: SyntaxNode): A.Statement[] {
    if (!LOOPS.has(node.type)) return this.b.nested(node, () => this.statementAt(node), () => []);
    this.loops.push(node);
    let out: A.Statement[];
    try {
      out = this.b.nested(node, () => this.statementAt(node), () => []);
    } finally {
      this.loops.pop();
    }
    return [...out, ...this.labelledExitChecks(out)];
  }

  /** The sort() and reverse() calls run as a statement before the one whose value they are: as that statement, or as the value (the list). */
  private readonly inPlaceCalls = new Map<number, 'change' | 'value'>();
  /** `[...new Set(xs)]` read first by a return's or declaration's value: the list made before the statement (distinctReceiver). */
  private readonly distinctLists = new Map<number, A.Expression>();
  /** The loops being imported, innermost last. */
  private readonly loops: SyntaxNode[] = [];
  /** The labels of the loops being imported: the loop, and the flag its labelled exits from inner loops set. */
  private readonly labels = new Map<string, LabelledLoop>();

  /**
   * `outer: for (…) { … }`. Whetstone has no labels: a `break outer` or `continue outer` in a loop
   * nested in it sets a flag (1 break, 2 continue) and leaves its own loop, and after each loop
   * between, the flag is tested (labelledExitChecks). Where the labelled loop is the innermost, it is
   * a plain break or continue. A label on anything but a loop is W_UNSUPPORTED.
   */
  private labelledStatement(node: SyntaxNode): A.Statement[] {
    const label = field(node, 'label')?.text ?? '';
    const body = field(node, 'body');
    if (!body || !LOOPS.has(body.type) || this.labels.has(label)) {
      this.b.unsupported(node, 'a label on a statement that is not a loop', 'Whetstone has no labels; a labelled loop is carried with flags, a labelled block is not.');
      return [];
    }
    const entry: LabelledLoop = { loop: body, flag: undefined, breaks: false, continues: false };
    this.labels.set(label, entry);
    let out: A.Statement[];
    try {
      out = this.statement(body);
    } finally {
      this.labels.delete(label);
    }
    if (!entry.flag) return out;
    const declared = this.b.make<A.VariableDeclaration>('VariableDeclaration', this.b.spanBetween(node.startIndex, node.startIndex), { name: entry.flag, kind: 'let', varType: null, annotations: [], initializer: this.b.literal(0, node) });
    return [declared, ...out];
  }

  /** `break label` / `continue label`: plain where the label's loop is the innermost, else its flag set and the inner loop left. */
  private labelledExit(node: SyntaxNode, label: string): A.Statement[] {
    const isBreak = node.type === 'break_statement';
    const entry = this.labels.get(label);
    if (!entry) {
      this.b.unsupported(node, `a labelled ${isBreak ? 'break' : 'continue'} out of a statement that is not a loop`);
      return [];
    }
    const exit = this.b.make<A.BreakStatement | A.ContinueStatement>(isBreak || this.loops[this.loops.length - 1]?.id !== entry.loop.id ? 'BreakStatement' : 'ContinueStatement', node, { annotations: [] });
    if (this.loops[this.loops.length - 1]?.id === entry.loop.id) return [exit];
    entry.flag ??= this.freshName('exit');
    if (isBreak) entry.breaks = true;
    else entry.continues = true;
    return [this.assignment(this.b.identifier(entry.flag, node), '=', this.b.literal(isBreak ? 1 : 2, node), node), exit];
  }

  /** After a loop nested in labelled loops whose flag it may set: leave the next loop out, or at the labelled loop break or continue it. */
  private labelledExitChecks(loop: A.Statement[]): A.Statement[] {
    const checks: A.Statement[] = [];
    const innermost = this.loops[this.loops.length - 1];
    for (const { loop: labelled, flag, breaks, continues } of this.labels.values()) {
      if (!flag || !this.loops.some((open) => open.id === labelled.id) || !setsFlag(loop, flag)) continue;
      const at = this.b.spanBetween(labelled.endIndex, labelled.endIndex);
      const flagIs = (operator: A.BinaryOperator, value: number): A.Expression => this.b.make<A.BinaryExpression>('BinaryExpression', at, { operator, left: this.b.identifier(flag, at), right: this.b.literal(value, at) });
      const when = (condition: A.Expression, statements: A.Statement[]): A.IfStatement =>
        this.b.make<A.IfStatement>('IfStatement', at, { annotations: [], condition, consequent: this.b.make<A.Block>('Block', at, { statements }), alternate: null });
      const leave = (): A.BreakStatement => this.b.make<A.BreakStatement>('BreakStatement', at, { annotations: [] });
      if (innermost?.id === labelled.id) {
        if (breaks) checks.push(when(flagIs('==', 1), [leave()]));
        if (continues) checks.push(when(flagIs('==', 2), [this.assignment(this.b.identifier(flag, at), '=', this.b.literal(0, at), labelled), this.b.make<A.ContinueStatement>('ContinueStatement', at, { annotations: [] })]));
      } else {
        checks.push(when(flagIs('!=', 0), [leave()]));
      }
    }
    return checks;
  }

  private statementAt(node: SyntaxNode): A.Statement[] {
    const inPlace = inPlaceValue(node);
    if (inPlace && !this.inPlaceCalls.has(inPlace.id)) {
      // `return xs.sort(cmp)`: `sort(xs, cmp);`, then `return xs;` (javascript-in-place.ts).
      this.inPlaceCalls.set(inPlace.id, 'change');
      try {
        const change = this.b.make<A.ExpressionStatement>('ExpressionStatement', inPlace, { annotations: [], expression: this.expression(inPlace) });
        this.inPlaceCalls.set(inPlace.id, 'value');
        return [change, ...this.statementAt(node)];
      } finally {
        this.inPlaceCalls.delete(inPlace.id);
      }
    }
    if ((node.type === 'expression_statement' || node.type === 'lexical_declaration' || node.type === 'variable_declaration') && this.movedUpdate?.statement !== node.id) {
      // `out.push(c ? a[i++] : b[j++])`: `if c { push(out, a[i]); i += 1; } else { … }`.
      const chosen = node.type === 'expression_statement' ? conditionalArgument(node) : undefined;
      if (chosen) return [this.lowerConditional(chosen, (branch) => this.withMovedUpdates(node, branch, chosen))];
      const moved = movableUpdates(node);
      if (moved && 'problem' in moved) {
        this.b.unsupported(node, `an increment or decrement inside a statement where ${moved.problem}`, 'Whetstone changes a variable only in a statement of its own: write n++ on a line of its own, before or after.');
        return [];
      }
      if (moved) return this.withMovedUpdate(node, moved);
    }
    switch (node.type) {
      case 'lexical_declaration':
      case 'variable_declaration':
        return this.declarations(node);
      case 'expression_statement': {
        const expression = namedChildren(node)[0];
        // `module.exports = …` (CommonJS) names what the module offers, as an export list does.
        if (expression && isCommonJsExport(expression)) return [];
        return expression ? this.expressionStatement(expression) : [];
      }
      case 'throw_statement': {
        // `throw new Error(m)` throws m (its .message); other values their text.
        const thrown = namedChildren(node)[0];
        if (!thrown) return [];
        const thrownArgs = thrown.type === 'new_expression' ? namedChildren(field(thrown, 'arguments') ?? thrown) : [];
        let message: A.Expression;
        if (isErrorConstruction(thrown, this.errorClasses) && thrownArgs.length <= 1) {
          message = thrownArgs[0] ? this.expression(thrownArgs[0]) : this.b.literal('', thrown);
        } else if (thrown.type === 'new_expression') {
          this.b.unsupported(node, 'a throw of something other than an Error');
          return [];
        } else {
          message = this.expression(thrown);
        }
        if (!isStringy(message)) message = this.b.call('str', [message], thrown);
        return [this.b.make<A.ThrowStatement>('ThrowStatement', node, { annotations: [], value: message })];
      }
      case 'try_statement':
        return this.tryStatement(node);
      case 'return_statement': {
        const value = namedChildren(node)[0];
        if (value?.type === 'ternary_expression') {
          return [this.lowerConditional(value, (branch) => this.b.make<A.ReturnStatement>('ReturnStatement', branch, { annotations: [], value: this.expression(branch) }))];
        }
        const distinct = value && this.distinctElements(value);
        if (distinct) return [...distinct.before, this.b.make<A.ReturnStatement>('ReturnStatement', node, { annotations: [], value: distinct.list })];
        const madeFirst = value && this.distinctReceiver(value);
        if (madeFirst) return [...madeFirst, this.b.make<A.ReturnStatement>('ReturnStatement', node, { annotations: [], value: this.expression(value) })];
        return [this.b.make<A.ReturnStatement>('ReturnStatement', node, { annotations: [], value: value ? this.expression(value) : null })];
      }
      case 'if_statement':
        return [this.ifStatement(node)];
      case 'do_statement': {
        // do { body } while (c) is `while true { body; if !c { break; } }`, the test also run
        // before each continue of the body, which goes to the test in JavaScript.
        const body = field(node, 'body');
        const test = field(node, 'condition');
        if (!body || !test) {
          this.b.unsupported(node, 'a do statement');
          return [];
        }
        const loopBody = this.block(body);
        const stop = (): A.IfStatement =>
          this.b.make<A.IfStatement>('IfStatement', test, {
            annotations: [],
            condition: this.b.make<A.UnaryExpression>('UnaryExpression', test, { operator: '!', operand: this.condition(test) }),
            consequent: this.b.make<A.Block>('Block', test, { statements: [this.b.make<A.BreakStatement>('BreakStatement', test, { annotations: [] })] }),
            alternate: null,
          });
        loopBody.statements.push(stop());
        runBeforeExits(loopBody, 'ContinueStatement', () => [this.again(stop)]);
        return [this.b.make<A.WhileStatement>('WhileStatement', node, { annotations: [], condition: this.b.literal(true, node), body: loopBody })];
      }
      case 'switch_statement':
        return this.switchStatement(node);
      case 'while_statement':
        return [
          this.b.make<A.WhileStatement>('WhileStatement', node, {
            annotations: [],
            condition: this.condition(field(node, 'condition')),
            body: this.block(field(node, 'body') ?? node),
          }),
        ];
      case 'for_in_statement':
        return this.forIn(node);
      case 'for_statement':
        return this.countedFor(node);
      case 'labeled_statement':
        return this.labelledStatement(node);
      case 'break_statement':
      case 'continue_statement':
        if (field(node, 'label')) return this.labelledExit(node, field(node, 'label')?.text ?? '');
        return [this.b.make<A.BreakStatement | A.ContinueStatement>(node.type === 'break_statement' ? 'BreakStatement' : 'ContinueStatement', node, { annotations: [] })];
      case 'statement_block': {
        const inner = this.block(node);
        // A bare block scopes its declarations; `if true { … }` keeps that scope in Whetstone.
        if (!inner.statements.some((statement) => statement.type === 'VariableDeclaration')) return inner.statements;
        return [this.b.make<A.IfStatement>('IfStatement', node, { annotations: [], condition: this.b.literal(true, node), consequent: inner, alternate: null })];
      }
      case 'empty_statement':
        return [];
      case 'function_declaration': {
        // A function inside a function: a const bound to a lambda (a variable if it calls itself).
        const name = field(node, 'name')?.text ?? 'anonymous';
        const lambda = this.lambda(node);
        if (!lambda) return [];
        // JavaScript hoists it to the top of its block; a Whetstone local exists from its declaration.
        const earlier: SyntaxNode[] = [];
        for (let sibling = node.previousNamedSibling; sibling; sibling = sibling.previousNamedSibling) earlier.push(sibling);
        if (earlier.some((sibling) => sibling.text === name || sibling.descendantsOfType('identifier').some((id) => id?.text === name))) {
          this.b.unsupported(node, `the function '${name}' declared inside a function and named above its declaration (JavaScript hoists it to the top of its block, a Whetstone local function exists from its declaration on)`, 'Move the declaration above its first use (for two functions that call each other, pass one to the other).');
        }
        return this.b.localFunction(name, lambda, node);
      }
      case 'export_statement':
      case 'import_statement':
      case 'interface_declaration':
      case 'type_alias_declaration':
        this.b.unsupported(node, `a ${describe(node)} inside a block`);
        return [];
      default:
        this.b.unsupported(node, `a ${describe(node)}`);
        return [];
    }
  }

  /**
   * `try { … } catch (e) { … }` as Whetstone's, where the catch would catch nothing but the file's
   * own throws and reads the caught value only as the message (javascript-exceptions.ts).
   */
  private tryStatement(node: SyntaxNode): A.Statement[] {
    const body = field(node, 'body');
    const handler = field(node, 'handler');
    const handlerBody = handler ? field(handler, 'body') : undefined;
    if (field(node, 'finalizer')) {
      this.b.unsupported(node, 'a try with finally', 'Whetstone has try/catch without finally: run the finally part after the try and in the catch by hand.');
      return [];
    }
    if (!body || !handlerBody) return [this.b.errorNode(node, 'a try without catch')];
    const parameter = handler ? field(handler, 'parameter') : undefined;
    if (parameter && parameter.type !== 'identifier') {
      this.b.unsupported(node, 'a catch with a destructuring pattern');
      return [];
    }
    const name = parameter?.text ?? '_error';
    const use = caughtUse(handlerBody, name);
    if ('why' in use) {
      this.b.unsupported(node, use.why, 'A Whetstone catch receives the message of the throw, a string.');
      return [];
    }
    if (use.kind === 'message' && this.throws.values) {
      this.b.unsupported(node, `a catch that reads ${name}.message in a file that also throws values that are not Errors`, 'A thrown text has no .message in JavaScript, but is the message in Whetstone.');
      return [];
    }
    if (use.kind === 'value' && this.throws.errors) {
      this.b.unsupported(node, `a catch that uses ${name} itself in a file that throws Errors`, `Printed or joined, an Error shows as "Error: …" or its stack; read ${name}.message for the message.`);
      return [];
    }
    if (use.kind === 'value' && this.throws.nonTexts) {
      this.b.unsupported(node, `a catch that uses ${name} itself in a file that throws values not written as texts`, 'A Whetstone catch receives the text of what was thrown; a thrown number or object shows otherwise. Throw a string or a template.');
      return [];
    }
    const risk = this.runtimeErrors.in(body);
    if (risk) {
      this.b.unsupported(node, "a try whose catch also catches JavaScript's own errors", `${risk}, and a Whetstone catch takes only Whetstone throws.`);
      return [];
    }
    const tryBody = this.block(body);
    const outer = this.caughtMessage;
    this.caughtMessage = use.kind === 'message' ? name : undefined;
    try {
      const handlerBlock = this.block(handlerBody);
      return [this.b.make<A.TryStatement>('TryStatement', node, { annotations: [], body: tryBody, catchName: name, handler: handlerBlock })];
    } finally {
      this.caughtMessage = outer;
    }
  }

  private declarations(node: SyntaxNode): A.Statement[] {
    const kindText = field(node, 'kind')?.text ?? node.children[0]?.text;
    const kind: 'let' | 'const' = kindText === 'const' ? 'const' : 'let';
    const out: A.Statement[] = [];
    for (const declarator of namedChildren(node).filter((child) => child.type === 'variable_declarator')) {
      const name = field(declarator, 'name');
      const value = field(declarator, 'value');
      const typeNode = field(declarator, 'type');
      const varType = typeNode ? this.typeOf(typeNode) : null;
      if (name?.type === 'object_pattern' && value?.type === 'identifier') {
        out.push(...this.destructure(name, value, kind));
        continue;
      }
      if ((name?.type === 'object_pattern' || name?.type === 'array_pattern') && value) {
        const held = this.destructureValue(name, value, kind);
        if (held) {
          out.push(...held);
          continue;
        }
      }
      if (name?.type !== 'identifier') {
        this.b.unsupported(declarator, `a destructuring declaration (${name?.type.replace(/_/g, ' ') ?? 'pattern'})`);
        continue;
      }
      if (value?.type === 'ternary_expression') {
        // `const x = c ? a : b;` → `let x; if c { x = a; } else { x = b; }`
        // The declaration spans only the name, so the assignments in the if/else come after it.
        out.push(this.b.make<A.VariableDeclaration>('VariableDeclaration', name, { name: name.text, kind: 'let', varType, annotations: [], initializer: null }));
        out.push(this.lowerConditional(value, (branch) => this.assignment(this.b.identifier(name.text, branch), '=', this.expression(branch), branch)));
        continue;
      }
      const assigned = value && unparenthesize(value);
      if (assigned?.type === 'assignment_expression' && isAssignable(field(assigned, 'left') ?? assigned)) {
        // `let x = y = v` → `y = v; let x = y;`
        const target = field(assigned, 'left')!;
        const chain = assignmentChain(assigned) ?? { targets: [], innermost: assigned };
        const innermost = [field(chain.innermost, 'left'), field(chain.innermost, 'right')];
        const problem = innermost[0] && innermost[1] && chainProblem([...chain.targets, innermost[0]], innermost[1]);
        if (problem) {
          this.b.unsupported(declarator, `a declaration whose value is an assignment where ${problem}`, 'Assign the value to a name first, then declare from that name.');
          continue;
        }
        const before = this.expressionStatement(assigned);
        if (before.length === 0) continue;
        out.push(...before, this.b.make<A.VariableDeclaration>('VariableDeclaration', declarator, { name: name.text, kind, varType, annotations: [], initializer: this.expression(target) }));
        continue;
      }
      const keyed = value && (this.collectionDeclaration(value, name, kind) ?? this.objectMapDeclaration(value, name, kind));
      if (keyed) {
        out.push(...keyed);
        continue;
      }
      const distinct = value && this.distinctElements(value);
      if (distinct) {
        out.push(...distinct.before, this.b.make<A.VariableDeclaration>('VariableDeclaration', declarator, { name: name.text, kind, varType, annotations: [], initializer: distinct.list }));
        continue;
      }
      const madeFirst = value && this.distinctReceiver(value);
      if (madeFirst) out.push(...madeFirst);
      const listLoop = value && (this.listMethodLoop(value, name, kind, varType) ?? this.arrayFromLoop(value, name, kind, varType));
      if (listLoop) {
        out.push(...listLoop);
        continue;
      }
      if (kind === 'const' && !value) {
        this.b.unsupported(declarator, 'a const without a value');
        continue;
      }
      const fn = kind === 'const' && varType === null && value && unparenthesize(value);
      if (fn && (fn.type === 'arrow_function' || fn.type === 'function_expression')) {
        // A local function: one that calls itself is declared before its value (localFunction), as
        // a Whetstone const cannot name itself in its own initializer.
        const lambda = this.expression(fn);
        if (lambda.type === 'Lambda') {
          out.push(...this.b.localFunction(name.text, lambda, declarator));
          continue;
        }
      }
      out.push(
        this.b.make<A.VariableDeclaration>('VariableDeclaration', declarator, {
          name: name.text,
          kind,
          varType,
          annotations: [],
          initializer: value ? this.expression(value) : null,
        }),
      );
    }
    return out;
  }

  /**
   * `const ys = xs.map(x => e)`, `xs.filter(x => c)` or `xs.reduce((acc, x) => e, init)`: a loop
   * over xs, each element read in order and the callback's body run once per element, as the array
   * methods do. `map` and `filter` push onto ys (`const ys = []; for x in xs { push(ys, e); }`);
   * `reduce` assigns ys, which stands for the accumulator in the body (`let ys = init; for x in xs
   * { ys = e; }`: a name being declared is not yet readable in its own initializer, so no other ys
   * can be meant). Only arrows with plain parameters and an expression body: a further parameter
   * would be the index, and a `return` in a block body would leave the loop.
   */
  private listMethodLoop(value: SyntaxNode, name: SyntaxNode, kind: 'let' | 'const', varType: string | null): A.Statement[] | undefined {
    if (value.type !== 'call_expression') return undefined;
    const callee = field(value, 'function');
    const argsNode = field(value, 'arguments');
    const object = callee?.type === 'member_expression' ? field(callee, 'object') : undefined;
    const property = callee?.type === 'member_expression' ? field(callee, 'property')?.text : undefined;
    if (!callee || !argsNode || !object || (property !== 'map' && property !== 'filter' && property !== 'reduce')) return undefined;
    if (callee.children.some((child) => child?.type === 'optional_chain')) return undefined;
    const args = namedChildren(argsNode);
    const arrow = args[0];
    if (args.length !== (property === 'reduce' ? 2 : 1) || arrow?.type !== 'arrow_function' || isAsync(arrow)) return undefined;
    const single = field(arrow, 'parameter');
    const listed = field(arrow, 'parameters');
    const params = (single ? [single] : listed ? namedChildren(listed) : []).map((param) =>
      param.type === 'identifier' ? param : param.type === 'required_parameter' && !field(param, 'value') ? field(param, 'pattern') : undefined,
    );
    if (params.length !== (property === 'reduce' ? 2 : 1) || params.some((param) => param?.type !== 'identifier')) return undefined;
    const [first, second] = params.map((param) => param?.text ?? '');
    const body = field(arrow, 'body');
    if (!body || body.type === 'statement_block') return undefined;
    const iterator = property === 'reduce' ? second : first;
    // The loop's name would hide the list or total being built.
    if (iterator === name.text) return undefined;
    const declare = (initializer: A.Expression, declared: 'let' | 'const'): A.VariableDeclaration =>
      this.b.make<A.VariableDeclaration>('VariableDeclaration', name, { name: name.text, kind: declared, varType, annotations: [], initializer });
    const loop = (iterable: A.Expression, statement: A.Statement): A.ForStatement =>
      this.b.make<A.ForStatement>('ForStatement', value, { annotations: [], iterator, iterable, body: this.b.make<A.Block>('Block', arrow, { statements: [statement] }) });
    if (property === 'reduce') {
      // The accumulator is renamed in the body; a function or shorthand property there could see the name otherwise.
      if (first === iterator || body.descendantsOfType(['arrow_function', 'function_expression', 'function', 'shorthand_property_identifier']).length > 0) return undefined;
      // The initial value is read before the list here, after it in JavaScript: only where neither can act.
      if ([object, args[1]].some((part) => [part, ...part.descendantsOfType(['call_expression', 'new_expression', 'assignment_expression', 'augmented_assignment_expression', 'update_expression'])].some((found) => /call|new|assignment|update/.test(found?.type ?? '')))) return undefined;
      const initial = this.expression(args[1]);
      const iterable = this.expression(object);
      const outer = this.renamed;
      this.renamed = new Map([[first, name.text]]);
      try {
        return [declare(initial, 'let'), loop(iterable, this.assignment(this.b.identifier(name.text, body), '=', this.expression(body), body))];
      } finally {
        this.renamed = outer;
      }
    }
    const push = (element: A.Expression): A.Statement =>
      this.b.make<A.ExpressionStatement>('ExpressionStatement', body, { annotations: [], expression: this.b.call('push', [this.b.identifier(name.text, body), element], body) });
    const each =
      property === 'map'
        ? push(this.expression(body))
        : this.b.make<A.IfStatement>('IfStatement', body, {
            annotations: [],
            condition: this.expression(body),
            consequent: this.b.make<A.Block>('Block', body, { statements: [push(this.b.identifier(iterator, body))] }),
            alternate: null,
          });
    return [declare(this.b.make<A.ArrayLiteral>('ArrayLiteral', name, { elements: [] }), kind), loop(this.expression(object), each)];
  }

  /**
   * `const ys = Array.from({ length: n }, (_, i) => e)` → `const ys = []; for i in range(n) { push(ys, e); }`
   * (`range(int(n))` unless n is a whole-number literal or a length: Array.from truncates it);
   * `const ys = Array.from(xs)` and `Array.from(xs, (x) => e)` → a loop over xs that pushes each
   * element (or e): a copy of a list, the characters of a text, as Array.from walks them, and the
   * mapper called once per element in order. Anything else stays reported.
   */
  private arrayFromLoop(value: SyntaxNode, name: SyntaxNode, kind: 'let' | 'const', varType: string | null): A.Statement[] | undefined {
    if (value.type !== 'call_expression') return undefined;
    const callee = field(value, 'function');
    const argsNode = field(value, 'arguments');
    if (callee?.type !== 'member_expression' || callee.text.replace(/\s/g, '') !== 'Array.from' || !argsNode) return undefined;
    const [source, mapper, ...more] = namedChildren(argsNode);
    if (!source || more.length > 0) return undefined;
    let params: string[] = [];
    let body: SyntaxNode | undefined;
    if (mapper) {
      if (mapper.type !== 'arrow_function' || isAsync(mapper)) return undefined;
      const single = field(mapper, 'parameter');
      const listed = field(mapper, 'parameters');
      const nodes = (single ? [single] : listed ? namedChildren(listed) : []).map((param) => (param.type === 'required_parameter' && !field(param, 'value') ? field(param, 'pattern') : param));
      if (nodes.some((param) => param?.type !== 'identifier')) return undefined;
      params = nodes.map((param) => param?.text ?? '');
      body = field(mapper, 'body');
      if (!body || body.type === 'statement_block') return undefined;
    }
    const lengthOnly = source.type === 'object' ? namedChildren(source) : undefined;
    let iterator: string;
    let iterable: A.Expression;
    let element: (at: SyntaxNode) => A.Expression;
    if (lengthOnly) {
      // { length: n }: the elements are undefined, so only the index may be read.
      const pair = lengthOnly.length === 1 ? lengthOnly[0] : undefined;
      const count = pair?.type === 'pair' && field(pair, 'key')?.text === 'length' ? field(pair, 'value') : pair?.type === 'shorthand_property_identifier' && pair.text === 'length' ? pair : undefined;
      if (!count || !body || params.length > 2) return undefined;
      if (params.length > 0 && [body, ...body.descendantsOfType('identifier')].some((found) => found?.type === 'identifier' && found.text === params[0])) return undefined;
      iterator = params[1] ?? this.freshName('index');
      const whole = (count.type === 'number' && /^\d+$/.test(count.text)) || (count.type === 'member_expression' && field(count, 'property')?.text === 'length');
      const n = count.type === 'shorthand_property_identifier' ? this.b.identifier('length', count) : this.expression(count);
      iterable = this.b.call('range', [whole ? n : this.b.call('int', [n], count)], count);
      element = (at) => this.expression(at);
    } else {
      if (params.length > 1 || (mapper && params.length === 0)) return undefined;
      iterator = params[0] ?? this.freshName('item');
      iterable = this.expression(source);
      element = (at) => (body ? this.expression(at) : this.b.identifier(iterator, at));
    }
    // The loop's name would hide the list being built.
    if (iterator === name.text) return undefined;
    const at = body ?? source;
    const push = this.b.make<A.ExpressionStatement>('ExpressionStatement', at, { annotations: [], expression: this.b.call('push', [this.b.identifier(name.text, at), element(at)], at) });
    const declaration = this.b.make<A.VariableDeclaration>('VariableDeclaration', name, { name: name.text, kind, varType, annotations: [], initializer: this.b.make<A.ArrayLiteral>('ArrayLiteral', name, { elements: [] }) });
    const loop = this.b.make<A.ForStatement>('ForStatement', value, { annotations: [], iterator, iterable, body: this.b.make<A.Block>('Block', at, { statements: [push] }) });
    return [declaration, loop];
  }

  /**
   * `const m = new Map()` / `new Set()` → `const m: map<any, any> = {};` (a Set: `map<any, bool>`,
   * each element a key to true). `new Map([[k, v], …])` sets the pairs in order and `new Set(xs)`
   * adds the elements of xs in order (a text's characters, by code point, as a Set walks them).
   */
  private collectionDeclaration(value: SyntaxNode, name: SyntaxNode, kind: 'let' | 'const'): A.Statement[] | undefined {
    const collection = newCollection(value, (global) => this.declaresName(global));
    if (!collection || this.collections?.kindOf(name) !== collection) return undefined;
    const argsNode = field(value, 'arguments');
    const args = argsNode ? namedChildren(argsNode) : [];
    const held = (): A.Identifier => this.b.identifier(name.text, name);
    const declaration = this.b.make<A.VariableDeclaration>('VariableDeclaration', name, {
      name: name.text,
      kind,
      varType: collection === 'Set' ? 'map<any, bool>' : 'map<any, any>',
      annotations: [],
      initializer: this.b.make<A.ObjectLiteral>('ObjectLiteral', value, { properties: [] }),
    });
    const put = (key: A.Expression, item: A.Expression, at: SyntaxNode): A.Statement => this.assignment(this.b.make<A.IndexExpression>('IndexExpression', at, { object: held(), index: key }), '=', item, at);
    if (args.length === 0) return [declaration];
    const [source] = args;
    if (args.length > 1 || source.type === 'spread_element') {
      this.b.unsupported(value, `new ${collection}(…) with more than one argument or a spread`);
      return [declaration];
    }
    if (collection === 'Map') {
      const pairs = literalPairs(source);
      if (!pairs) {
        this.b.unsupported(source, 'new Map(…) of anything but a list of [key, value] pairs written out', 'Write the pairs in the call, or set them one by one.');
        return [declaration];
      }
      return [declaration, ...pairs.map(([key, item]) => put(this.expression(key), this.expression(item), key))];
    }
    const sourceSet = this.collections?.kindOf(source);
    if (sourceSet === 'Map') {
      this.b.unsupported(source, 'new Set(…) of a Map (its items are [key, value] lists)');
      return [declaration];
    }
    const iterator = this.freshName('item');
    const iterable = sourceSet === 'Set' ? this.b.call('keys', [this.b.identifier(source.text, source)], source) : this.expression(source);
    const add = put(this.b.identifier(iterator, source), this.b.literal(true, source), source);
    const loop = this.b.make<A.ForStatement>('ForStatement', source, { annotations: [], iterator, iterable, body: this.b.make<A.Block>('Block', source, { statements: [add] }) });
    return [declaration, loop];
  }

  /**
   * `const pairs = { ')': '(', ']': '[' }`, an object literal with a key that is not a name: a
   * map from texts, `const pairs: map<string, string> = {}; pairs[")"] = "(";` (the values' type
   * when every value is a text, or every one a number, literal; any otherwise). A key that is a
   * whole number (JavaScript walks those first, in numeric order) or `__proto__` (the prototype) is
   * an error, as before.
   */
  private objectMapDeclaration(value: SyntaxNode, name: SyntaxNode, kind: 'let' | 'const'): A.Statement[] | undefined {
    if (value.type !== 'object') return undefined;
    const members = namedChildren(value);
    if (members.length === 0 || members.some((member) => member.type !== 'pair')) return undefined;
    const entries = members.map((member) => ({ member, keyNode: field(member, 'key'), item: field(member, 'value') }));
    const keyOf = (keyNode: SyntaxNode | null | undefined): string | undefined =>
      keyNode?.type === 'string' ? this.stringValue(keyNode) : keyNode?.type === 'property_identifier' ? keyNode.text : undefined;
    // Only objects that need it: one whose keys are all names is an object literal already.
    if (entries.every(({ keyNode }) => keyNode?.type === 'property_identifier')) return undefined;
    if (entries.some(({ keyNode, item }) => !item || keyOf(keyNode) === undefined)) return undefined;
    if (entries.some(({ keyNode }) => { const key = keyOf(keyNode) ?? ''; return key === '__proto__' || /^(0|[1-9]\d*)$/.test(key); })) return undefined;
    const valueTypes = new Set(entries.map(({ item }) => (item?.type === 'string' ? 'string' : item?.type === 'number' ? 'number' : 'any')));
    const valueType = valueTypes.size === 1 ? [...valueTypes][0] : 'any';
    const declaration = this.b.make<A.VariableDeclaration>('VariableDeclaration', name, {
      name: name.text,
      kind,
      varType: `map<string, ${valueType}>`,
      annotations: [],
      initializer: this.b.make<A.ObjectLiteral>('ObjectLiteral', value, { properties: [] }),
    });
    const puts = entries.map(({ member, keyNode, item }) =>
      this.assignment(this.b.make<A.IndexExpression>('IndexExpression', member, { object: this.b.identifier(name.text, name), index: this.b.literal(keyOf(keyNode) ?? '', keyNode ?? member) }), '=', this.expression(item ?? member), member),
    );
    return [declaration, ...puts];
  }

  /**
   * `[...new Set(xs)]` as the receiver a value starts from (`[...new Set(xs)].sort(cmp)`,
   * `[...new Set(xs)].length`): its distinct list is made before the statement, which changes no
   * order, as the receiver of a chain is what the value reads first. The statements to put first.
   */
  private distinctReceiver(value: SyntaxNode): A.Statement[] | undefined {
    let receiver = value;
    for (;;) {
      const member = receiver.type === 'call_expression' ? field(receiver, 'function') : receiver;
      const object = member?.type === 'member_expression' ? field(member, 'object') : undefined;
      if (!object) break;
      receiver = object;
    }
    const distinct = receiver !== value ? this.distinctElements(receiver) : undefined;
    if (!distinct) return undefined;
    this.distinctLists.set(receiver.id, distinct.list);
    return distinct.before;
  }

  /**
   * `[...new Set(xs)]`, the distinct elements of xs in the order first met, as a declaration's or
   * a return's value: a map of them filled before (`const distinct1: map<any, bool> = {}; for item2
   * in xs { distinct1[item2] = true; }`), then `keys(distinct1)`.
   */
  private distinctElements(value: SyntaxNode): { before: A.Statement[]; list: A.Expression } | undefined {
    const elements = value.type === 'array' ? namedChildren(value) : [];
    const inner = elements.length === 1 && elements[0].type === 'spread_element' ? namedChildren(elements[0])[0] : undefined;
    if (!inner || newCollection(inner, (global) => this.declaresName(global)) !== 'Set') return undefined;
    const args = namedChildren(field(inner, 'arguments') ?? inner);
    const source = args[0];
    if (args.length !== 1 || source.type === 'spread_element' || this.collections?.kindOf(source) === 'Map') return undefined;
    const holder = this.freshName('distinct');
    const item = this.freshName('item');
    const declaration = this.b.make<A.VariableDeclaration>('VariableDeclaration', inner, { name: holder, kind: 'const', varType: 'map<any, bool>', annotations: [], initializer: this.b.make<A.ObjectLiteral>('ObjectLiteral', inner, { properties: [] }) });
    const iterable = this.collections?.kindOf(source) === 'Set' ? this.b.call('keys', [this.b.identifier(source.text, source)], source) : this.expression(source);
    const put = this.assignment(this.b.make<A.IndexExpression>('IndexExpression', source, { object: this.b.identifier(holder, source), index: this.b.identifier(item, source) }), '=', this.b.literal(true, source), source);
    const loop = this.b.make<A.ForStatement>('ForStatement', inner, { annotations: [], iterator: item, iterable, body: this.b.make<A.Block>('Block', source, { statements: [put] }) });
    return { before: [declaration, loop], list: this.b.call('keys', [this.b.identifier(holder, value)], value) };
  }

  /** `m.set(k, v)`, `s.add(x)`, `m.delete(k)` as statements: `m[k] = v;`, `s[x] = true;`, `removeKey(m, k);`. */
  private collectionChange(expression: SyntaxNode): A.Statement[] | undefined {
    const target = this.collectionMethod(expression);
    if (!target) return undefined;
    const { name, kind, method, args, object } = target;
    const entry = (key: A.Expression): A.IndexExpression => this.b.make<A.IndexExpression>('IndexExpression', expression, { object: this.b.identifier(name, object), index: key });
    if (method === 'set' && kind === 'Map' && args.length === 2) return [this.assignment(entry(this.expression(args[0])), '=', this.expression(args[1]), expression)];
    if (method === 'add' && kind === 'Set' && args.length === 1) return [this.assignment(entry(this.expression(args[0])), '=', this.b.literal(true, expression), expression)];
    if (method === 'delete' && args.length === 1) {
      return [this.b.make<A.ExpressionStatement>('ExpressionStatement', expression.parent ?? expression, { annotations: [], expression: this.b.call('removeKey', [this.b.identifier(name, object), this.expression(args[0])], expression) })];
    }
    return undefined;
  }

  /**
   * The [key, value] pairs of a map (a Map's entries(), Object.entries): `map(keys(m), fn(keyN) =>
   * [keyN, m[keyN]])`, a new list in the order keys() gives (jsKeys() for an object's, which
   * JavaScript walks array-index keys first). `map` is read once per use.
   */
  private entriesOf(map: () => A.Expression, at: SyntaxNode, order: 'keys' | 'jsKeys' = 'keys'): A.Expression {
    const key = this.freshName('key');
    const start = this.b.spanBetween(at.startIndex, at.startIndex);
    const end = this.b.spanBetween(at.endIndex, at.endIndex);
    const parameter = this.b.make<A.Parameter>('Parameter', start, { name: key, paramType: null, defaultValue: null });
    const pair = this.b.make<A.ArrayLiteral>('ArrayLiteral', at, { elements: [this.b.identifier(key, end), this.b.make<A.IndexExpression>('IndexExpression', at, { object: map(), index: this.b.identifier(key, end) })] });
    const lambda = this.b.make<A.Lambda>('Lambda', at, { parameters: [parameter], returnType: null, body: pair });
    return this.b.call('map', [this.b.call(order, [map()], at), lambda], at);
  }

  /** The name of the Map whose [key, value] pairs `node` walks (`m` itself, or `m.entries()`). */
  private mapEntriesWalked(node: SyntaxNode | undefined): SyntaxNode | undefined {
    if (!node) return undefined;
    if (node.type === 'identifier' && this.collections?.kindOf(node) === 'Map') return node;
    const call = this.collectionMethod(node);
    return call?.kind === 'Map' && call.method === 'entries' && call.args.length === 0 ? call.object : undefined;
  }

  /** A call of a method on a name bound to a Map or Set, taken apart. */
  private collectionMethod(call: SyntaxNode): { name: string; kind: CollectionKind; method: string; args: SyntaxNode[]; object: SyntaxNode } | undefined {
    if (call.type !== 'call_expression') return undefined;
    const callee = field(call, 'function');
    const object = callee?.type === 'member_expression' ? field(callee, 'object') : undefined;
    const kind = this.collections?.kindOf(object);
    const method = callee && field(callee, 'property')?.text;
    const argsNode = field(call, 'arguments');
    if (!object || !kind || !method || !argsNode || argsNode.type !== 'arguments') return undefined;
    return { name: object.text, kind, method, args: namedChildren(argsNode), object };
  }

  /**
   * `m.get(k)` → `m[k]` (null for a missing key, where JavaScript gives undefined: the same compared
   * with undefined or null, which the importer reads as null),
   * `.has(x)` → `includes(m, x)`, `m.keys()` / `m.values()` (a Set's: its elements) → `keys(m)` /
   * `values(m)`. `set`, `add` and `delete` are statements (collectionChange); as values they give
   * the Map itself or a bool, and are errors, as are the methods Whetstone has no form for.
   */
  private collectionCall(callee: SyntaxNode, args: A.Expression[], node: SyntaxNode): A.Expression | undefined {
    const target = this.collectionMethod(node);
    if (!target || target.args.some((arg) => arg.type === 'spread_element')) return undefined;
    const { name, kind, method, object } = target;
    const held = (): A.Identifier => this.b.identifier(name, object);
    if (method === 'get' && kind === 'Map' && args.length === 1) return this.b.make<A.IndexExpression>('IndexExpression', node, { object: held(), index: args[0] });
    if (method === 'has' && args.length === 1) return this.b.call('includes', [held(), args[0]], node);
    if ((method === 'keys' || (method === 'values' && kind === 'Set')) && args.length === 0) return this.b.call('keys', [held()], node);
    if (method === 'values' && args.length === 0) return this.b.call('values', [held()], node);
    return this.b.errorNode(node, `${callee.text}(…) of the ${kind} '${name}'${['set', 'add', 'delete'].includes(method) ? ' used as a value' : ''}`, kind === 'Map' ? 'Whetstone carries get, has, keys and values, and set and delete as statements.' : 'Whetstone carries has, and add and delete as statements.');
  }

  /**
   * `k in obj` of a name bound only to an object literal: `includes(obj, k)`, whether obj has k as
   * its own key (read as obj[k] is: a name obj inherits, `toString`, is not one of its keys).
   * `in` of anything else (a list, whose indexes it tests, or a value of unknown kind) has no form.
   */
  private keyTest(node: SyntaxNode, left: SyntaxNode, right: SyntaxNode): A.Expression {
    if (!this.collections?.isObject(right)) {
      return this.b.errorNode(node, 'the in operator on a value other than a name bound to an object literal', 'Use includes(…) for a list, or m.has(k) for a Map.');
    }
    return this.b.call('includes', [this.expression(right), this.expression(left)], node);
  }


  /** The Map or Set a for…of walks: its name, itself or its keys(), values() or entries(). */
  private collectionWalked(right: SyntaxNode): { name: string; kind: CollectionKind } | undefined {
    const callee = right.type === 'call_expression' ? field(right, 'function') : undefined;
    const object = right.type === 'identifier' ? right : callee?.type === 'member_expression' ? field(callee, 'object') : undefined;
    const kind = this.collections?.kindOf(object);
    return object && kind ? { name: object.text, kind } : undefined;
  }

  /** `base` with a number that makes it a name the source does not use. */
  private freshName(base: string): string {
    let name = `${base}${++this.holderCount}`;
    while (new RegExp(`\\b${name}\\b`).test(this.b.source)) name = `${base}${++this.holderCount}`;
    return name;
  }

  /** The accumulator of a `reduce` being read as a loop, and the name that holds it there. */
  private renamed: Map<string, string> | undefined;

  /** `const { a, b } = source;` → `const a = source.a; const b = source.b;` */
  private destructure(pattern: SyntaxNode, source: SyntaxNode, kind: 'let' | 'const'): A.Statement[] {
    const out: A.Statement[] = [];
    for (const part of namedChildren(pattern)) {
      if (part.type !== 'shorthand_property_identifier_pattern') {
        this.b.unsupported(part, 'a renamed, defaulted or nested part of a destructuring pattern');
        continue;
      }
      const member = this.b.make<A.MemberExpression>('MemberExpression', part, { object: this.b.identifier(source.text, source), property: part.text });
      out.push(this.b.make<A.VariableDeclaration>('VariableDeclaration', part, { name: part.text, kind, varType: null, annotations: [], initializer: member }));
    }
    return out;
  }

  /**
   * `const [a, b] = f();` → `const unpackedN = f(); const a = unpackedN[0]; const b = unpackedN[1];`
   * and `const {x, y} = g();` → `… const x = unpackedN.x; …`: the value once, then each part, as
   * JavaScript binds them; `const [first, ...rest] = xs;` binds the rest as `slice(unpackedN, 1)`, a
   * new list of the elements after the names. Only plain names (no holes, defaults, renames or
   * nesting, a rest last in a list).
   */
  private destructureValue(pattern: SyntaxNode, value: SyntaxNode, kind: 'let' | 'const'): A.Statement[] | undefined {
    const all = namedChildren(pattern);
    const last = all.at(-1);
    const restNode = pattern.type === 'array_pattern' && last?.type === 'rest_pattern' && namedChildren(last).length === 1 && namedChildren(last)[0].type === 'identifier' ? namedChildren(last)[0] : undefined;
    const parts = restNode ? all.slice(0, -1) : all;
    const plainPart = pattern.type === 'array_pattern' ? 'identifier' : 'shorthand_property_identifier_pattern';
    const holes = pattern.type === 'array_pattern' && pattern.children.filter((child) => child?.type === ',').length !== all.length - 1;
    if (parts.length === 0 || holes || parts.some((part) => part.type !== plainPart)) {
      this.b.unsupported(pattern, 'a destructuring pattern with a hole, a default, a rename, a rest or a nested pattern', 'Read the parts one by one from a name that holds the value.');
      return [];
    }
    const holder = this.freshName('unpacked');
    // The holder spans the pattern's opening bracket, so the reads of it (at the names) come after it.
    const opening = this.b.span({ startIndex: pattern.startIndex, endIndex: pattern.startIndex + 1 });
    const held = this.b.make<A.VariableDeclaration>('VariableDeclaration', opening, { name: holder, kind: 'const', varType: null, annotations: [], initializer: this.expression(value) });
    // Past the end of a shorter list JavaScript binds undefined: the length is judged once the whole file is read.
    if (pattern.type === 'array_pattern') this.b.unpackings.push({ holder: held, count: parts.length, span: this.b.span(pattern.parent ?? pattern) });
    const out: A.Statement[] = [held];
    for (const [index, part] of parts.entries()) {
      const object = this.b.identifier(holder, part);
      const read: A.Expression =
        pattern.type === 'array_pattern'
          ? this.b.make<A.IndexExpression>('IndexExpression', part, { object, index: this.b.literal(index, part) })
          : this.b.make<A.MemberExpression>('MemberExpression', part, { object, property: part.text });
      out.push(this.b.make<A.VariableDeclaration>('VariableDeclaration', part, { name: part.text, kind, varType: null, annotations: [], initializer: read }));
    }
    if (restNode) {
      const rest = this.b.call('slice', [this.b.identifier(holder, restNode), this.b.literal(parts.length, restNode)], restNode);
      out.push(this.b.make<A.VariableDeclaration>('VariableDeclaration', restNode, { name: restNode.text, kind, varType: null, annotations: [], initializer: rest }));
    }
    return out;
  }

  private expressionStatement(expression: SyntaxNode): A.Statement[] {
    switch (expression.type) {
      case 'assignment_expression': {
        const left = field(expression, 'left');
        const right = field(expression, 'right');
        if (!left || !right) return [];
        const chain = assignmentChain(expression);
        if (chain) return this.chainedAssignment(expression, chain.targets, chain.innermost);
        if (left.type === 'array_pattern' && right.type === 'array') {
          // `[a, b] = [b, a]`: the array is built whole before anything is assigned, as in Whetstone.
          const targets = namedChildren(left);
          const values = namedChildren(right);
          // A hole (`[a, , b]`) or a trailing comma would pair the names differently: only plain lists.
          const plain = (list: SyntaxNode, items: SyntaxNode[]): boolean => list.children.filter((child) => child?.type === ',').length === items.length - 1;
          if (targets.length > 1 && targets.length === values.length && plain(left, targets) && plain(right, values) && targets.every(isAssignable) && !values.some((value) => value.type === 'spread_element')) {
            return [this.b.make<A.MultipleAssignment>('MultipleAssignment', expression, { annotations: [], targets: targets.map((target) => this.expression(target)), values: values.map((value) => this.expression(value)) })];
          }
        }
        if (!isAssignable(left)) {
          this.b.unsupported(expression, 'an assignment to a pattern');
          return [];
        }
        const target = this.expression(left);
        if (right.type === 'ternary_expression') {
          return [this.lowerConditional(right, (branch) => this.assignment(this.expression(left), '=', this.expression(branch), branch))];
        }
        return [this.assignment(target, '=', this.expression(right), expression)];
      }
      case 'augmented_assignment_expression': {
        const left = field(expression, 'left');
        const right = field(expression, 'right');
        const operator = field(expression, 'operator')?.text ?? '';
        if (!left || !right || !isAssignable(left)) return [];
        const compound = COMPOUND[operator];
        if (compound && right.type === 'ternary_expression') {
          // `x += c ? a : b` → `if c { x += a; } else { x += b; }`
          return [this.lowerConditional(right, (branch) => this.assignment(this.expression(left), compound, this.expression(branch), branch))];
        }
        if (compound) return [this.assignment(this.expression(left), compound, this.expression(right), expression)];
        if (LOGICAL_ASSIGNMENT.has(operator)) return this.logicalAssignment(expression, left, right, operator);
        const binary = BINARY[operator.slice(0, -1)];
        if (binary && (left.type === 'identifier' || left.type === 'member_expression' || (left.type === 'subscript_expression' && readsOnly(left)))) {
          // `x %= 2` → `x = x % 2` (the target is a name, a member, or an element by names and literals: reading it twice is the same).
          const value = this.b.make<A.BinaryExpression>('BinaryExpression', expression, { operator: binary, left: this.expression(left), right: this.expression(right) });
          return [this.assignment(this.expression(left), '=', value, expression)];
        }
        this.b.unsupported(expression, `the ${operator} operator`, UNCARRIED_OPERATOR_WHY[operator.slice(0, -1)] ?? (binary ? 'Its target is read twice here: index it by a name or a literal (const j = i + 1; xs[j] op= v).' : undefined));
        return [];
      }
      case 'sequence_expression':
        // `i++, j--` as a statement: each part in turn.
        return namedChildren(expression).flatMap((part) => this.expressionStatement(part));
      case 'update_expression': {
        const argument = field(expression, 'argument');
        const operator = field(expression, 'operator')?.text ?? expression.text.replace(/[^+-]/g, '');
        if (!argument || !isAssignable(argument)) return [];
        return [this.assignment(this.expression(argument), operator.startsWith('+') ? '+=' : '-=', this.b.literal(1, expression), expression)];
      }
      default: {
        const first = firstEvaluated(expression);
        if (first !== expression && !this.readInstead.has(first.id) && first.type === 'augmented_assignment_expression' && LOGICAL_ASSIGNMENT.has(field(first, 'operator')?.text ?? '')) {
          // `(groups[k] ??= []).push(x)`: the assignment first, as a statement, then the rest reading its target.
          const target = field(first, 'left');
          const assigned = this.expressionStatement(first);
          if (!target || assigned.length === 0) return [];
          this.readInstead.set(first.id, target);
          return [...assigned, ...this.expressionStatement(expression)];
        }
        const changed = this.collectionChange(expression);
        if (changed) return changed;
        return [this.b.make<A.ExpressionStatement>('ExpressionStatement', expression.parent ?? expression, { annotations: [], expression: this.expression(expression) })];
      }
    }
  }

  /**
   * `x ??= v` → `if x == null { x = v; }`, `x ||= v` → `if !x { x = v; }`, `x &&= v` → `if x { x = v; }`
   * (the truth test as JavaScript's, by truthiness.ts): v is evaluated only when it is assigned, as
   * in JavaScript. The target is read twice, so it may only be a name, or a member or element read
   * by names and literals.
   */
  private logicalAssignment(node: SyntaxNode, left: SyntaxNode, right: SyntaxNode, operator: string): A.Statement[] {
    if (!(left.type === 'identifier' || readsOnly(left))) {
      this.b.unsupported(node, `the ${operator} operator on a target read through a call or a computed index`, 'Its target is read twice here: index it by a name or a literal.');
      return [];
    }
    const target = this.expression(left);
    const condition: A.Expression =
      operator === '??='
        ? this.b.make<A.BinaryExpression>('BinaryExpression', node, { operator: '==', left: target, right: this.b.literal(null, node) })
        : operator === '||='
          ? this.b.make<A.UnaryExpression>('UnaryExpression', node, { operator: '!', operand: target })
          : target;
    const assign = this.assignment(this.expression(left), '=', this.expression(right), node);
    const consequent = this.b.make<A.Block>('Block', node, { statements: [assign] });
    return [this.b.make<A.IfStatement>('IfStatement', node, { annotations: [], condition, consequent, alternate: null })];
  }

  /** Sub-expressions read as another node instead (the target of a logical assignment made a statement before). */
  private readonly readInstead = new Map<number, SyntaxNode>();

  /**
   * `a = b = v` → `b = v; a = b;`: the innermost assignment, then each target from the one on its
   * right, read back (so v is evaluated once), where javascript-loops.ts finds that keeps the order.
   */
  private chainedAssignment(node: SyntaxNode, targets: SyntaxNode[], innermost: SyntaxNode): A.Statement[] {
    const last = field(innermost, 'left');
    const value = field(innermost, 'right');
    if (!last || !value) return [];
    const all = [...targets, last];
    const problem = all.every(isAssignable) ? chainProblem(all, value) : 'it assigns to a pattern';
    if (problem) {
      this.b.unsupported(node, `a chained assignment where ${problem}`, 'Assign the value to a name first, then each target from that name.');
      return [];
    }
    const out = this.expressionStatement(innermost);
    for (let i = targets.length - 1; i >= 0; i--) out.push(this.assignment(this.expression(targets[i]), '=', this.expression(all[i + 1]), targets[i]));
    return out;
  }

  /**
   * A switch whose clauses do not fall through: an if / else if chain testing the value with ==
   * (javascript-switch.ts). A value that is not a name, a literal or a member of one is held in a
   * const first, so it is evaluated once.
   */
  private switchStatement(node: SyntaxNode): A.Statement[] {
    const found = switchBranches(node);
    const written = field(node, 'value');
    if ('problem' in found || !written) {
      this.b.unsupported(node, `a switch where ${'problem' in found ? found.problem : 'there is no value'}`, 'Write it as if / else if, or end each clause with break.');
      return [];
    }
    const value = unparenthesize(written);
    const before: A.Statement[] = [];
    let read = (): A.Expression => this.again(() => this.expression(value));
    if (!readsOnly(value) && !['true', 'false', 'null'].includes(value.type)) {
      const holder = this.freshName('switched');
      before.push(this.b.make<A.VariableDeclaration>('VariableDeclaration', value, { name: holder, kind: 'const', varType: null, annotations: [], initializer: this.expression(value) }));
      read = () => this.b.identifier(holder, value);
    } else {
      this.expression(value);
    }
    const blockOf = (statements: SyntaxNode[], at: SyntaxNode): A.Block => this.b.make<A.Block>('Block', at, { statements: statements.flatMap((statement) => this.statement(statement)) });
    const cases = found.branches.filter((branch) => !branch.isDefault);
    const otherwise = found.branches.find((branch) => branch.isDefault);
    let chain: A.Block | A.IfStatement | null = otherwise ? blockOf(otherwise.body, otherwise.body[0] ?? node) : null;
    for (const branch of [...cases].reverse()) {
      const tests = branch.values.map((caseValue): A.Expression => this.b.make<A.BinaryExpression>('BinaryExpression', caseValue, { operator: '==', left: read(), right: this.expression(caseValue) }));
      const condition = tests.reduce((left, right) => this.b.make<A.BinaryExpression>('BinaryExpression', { ...right.span }, { operator: '||', left, right }));
      chain = this.b.make<A.IfStatement>('IfStatement', branch.values[0], { annotations: [], condition, consequent: blockOf(branch.body, branch.values[0]), alternate: chain });
    }
    if (!chain) return before;
    if (chain.type === 'Block') return [...before, this.b.make<A.IfStatement>('IfStatement', node, { annotations: [], condition: this.b.literal(true, node), consequent: chain, alternate: null })];
    return [...before, chain];
  }

  /** The update in `arr[n++] = v` read as n, and `n += 1` after the statement (before it for ++n): javascript-updates.ts. */
  private movedUpdate: { statement: number; updates: Set<number> } | undefined;

  private withMovedUpdate(node: SyntaxNode, moved: MovedUpdate[]): A.Statement[] {
    const outer = this.movedUpdate;
    this.movedUpdate = { statement: node.id, updates: new Set(moved.map((update) => update.node.id)) };
    let statements: A.Statement[];
    try {
      statements = this.statementAt(node);
    } finally {
      this.movedUpdate = outer;
    }
    const change = (update: MovedUpdate): A.Statement => this.assignment(this.b.identifier(update.name, update.node), update.increment ? '+=' : '-=', this.b.literal(1, update.node), update.node);
    return [...moved.filter((update) => update.prefix).map(change), ...statements, ...moved.filter((update) => !update.prefix).map(change)];
  }

  /** The statement `node` with `branch` read in the place of its conditional argument `chosen`, and the branch's increments moved out. */
  private withMovedUpdates(node: SyntaxNode, branch: SyntaxNode, chosen: SyntaxNode): A.Statement[] {
    const moved = movableUpdates(node, branch);
    if (moved && 'problem' in moved) {
      this.b.unsupported(branch, `an increment or decrement inside a branch of a conditional where ${moved.problem}`, 'Whetstone changes a variable only in a statement of its own: write n++ on a line of its own, before or after.');
      return [];
    }
    this.readInstead.set(chosen.id, branch);
    try {
      return this.withMovedUpdate(node, moved ?? []);
    } finally {
      this.readInstead.delete(chosen.id);
    }
  }

  /** Source read again for a second place in the output: its diagnostics were given the first time. */
  private again<T>(read: () => T): T {
    const reported = this.b.diagnostics.length;
    const result = read();
    this.b.diagnostics.length = reported;
    return result;
  }

  private assignment(target: A.Expression, operator: A.AssignmentOperator, value: A.Expression, at: SyntaxNode): A.AssignmentStatement {
    return this.b.make<A.AssignmentStatement>('AssignmentStatement', at, { annotations: [], operator, target, value });
  }

  /** `c ? a : b` in a statement's place: `if c { <a> } else { <b> }`, nested conditionals as else-ifs. */
  private lowerConditional(node: SyntaxNode, branch: (value: SyntaxNode) => A.Statement | A.Statement[]): A.IfStatement {
    return this.b.nested(node, () => this.lowerConditionalAt(node, branch), () => this.b.make<A.IfStatement>('IfStatement', node, { annotations: [], condition: this.b.literal(false, node), consequent: this.b.make<A.Block>('Block', node, { statements: [] }), alternate: null }));
  }

  private lowerConditionalAt(node: SyntaxNode, branch: (value: SyntaxNode) => A.Statement | A.Statement[]): A.IfStatement {
    const condition = this.expression(field(node, 'condition') ?? node);
    const consequentNode = field(node, 'consequence') ?? node;
    const alternateNode = field(node, 'alternative') ?? node;
    const consequent = this.b.make<A.Block>('Block', consequentNode, { statements: [this.branch(consequentNode, branch)].flat() });
    const alternate =
      unparenthesize(alternateNode).type === 'ternary_expression'
        ? this.lowerConditional(unparenthesize(alternateNode), branch)
        : this.b.make<A.Block>('Block', alternateNode, { statements: [this.branch(alternateNode, branch)].flat() });
    return this.b.make<A.IfStatement>('IfStatement', node, { annotations: [], condition, consequent, alternate });
  }

  private branch(node: SyntaxNode, make: (value: SyntaxNode) => A.Statement | A.Statement[]): A.Statement | A.Statement[] {
    const inner = unparenthesize(node);
    if (inner.type === 'ternary_expression') {
      return this.lowerConditional(inner, make);
    }
    return make(node);
  }

  private ifStatement(node: SyntaxNode): A.IfStatement {
    const alternative = field(node, 'alternative');
    let alternate: A.Block | A.IfStatement | null = null;
    if (alternative) {
      const inner = alternative.type === 'else_clause' ? namedChildren(alternative)[0] : alternative;
      if (inner?.type === 'if_statement') alternate = this.ifStatement(inner);
      else if (inner) alternate = this.block(inner);
    }
    return this.b.make<A.IfStatement>('IfStatement', node, {
      annotations: [],
      condition: this.condition(field(node, 'condition')),
      consequent: this.block(field(node, 'consequence') ?? node),
      alternate,
    });
  }

  private condition(node: SyntaxNode | undefined): A.Expression {
    if (!node) return this.b.make<A.ErrorNode>('ErrorNode', { startIndex: 0, endIndex: 0 } as SyntaxNode, { text: '' });
    return this.expression(unparenthesize(node));
  }

  private forIn(node: SyntaxNode): A.Statement[] {
    const left = field(node, 'left');
    const right = field(node, 'right');
    const operator = field(node, 'operator')?.text;
    if (left?.type === 'array_pattern' && right && operator === 'of') return this.unpackingForOf(node, left, right);
    if (left?.type === 'object_pattern' && right && operator === 'of') return this.fieldsForOf(node, left, right);
    if (left?.type !== 'identifier' || !right) {
      this.b.unsupported(node, 'a for loop over a destructuring pattern');
      return [];
    }
    const walked = this.collectionWalked(right);
    if (walked && changesCollection(field(node, 'body') ?? node, walked.name)) {
      this.b.unsupported(node, `a for loop over the ${walked.kind} '${walked.name}' whose body changes it (a ${walked.kind} visits what is added while it is walked; Whetstone walks its keys as they were when the loop began)`);
      return [];
    }
    let iterable: A.Expression;
    if (walked && right.type === 'identifier') {
      // A Set walks its elements, in insertion order: the keys of the map that holds them.
      if (operator !== 'of' || walked.kind !== 'Set') {
        this.b.unsupported(node, operator === 'in' ? `a for…in loop over the ${walked.kind} '${walked.name}' (it walks no entries of a ${walked.kind})` : `a for…of loop over the Map '${walked.name}' with one name (each item is a [key, value] list)`, 'Write for (const [key, value] of m), or walk m.keys().');
        return [];
      }
      iterable = this.b.call('keys', [this.b.identifier(walked.name, right)], right);
    } else {
      iterable = this.expression(right);
    }
    // for-in walks the keys of an object, array indexes first (jsKeys).
    if (operator === 'in') iterable = this.b.call('jsKeys', [iterable], right);
    return [
      this.b.make<A.ForStatement>('ForStatement', node, { annotations: [], iterator: left.text, iterable, body: this.block(field(node, 'body') ?? node) }),
    ];
  }

  /**
   * `for (const { a, b } of items)` → `for itemN in items { const a = itemN.a; const b = itemN.b; … }`:
   * each item's fields read at the start of its turn, as JavaScript binds them. Only plain names.
   */
  private fieldsForOf(node: SyntaxNode, pattern: SyntaxNode, right: SyntaxNode): A.Statement[] {
    const parts = namedChildren(pattern);
    const kind = field(node, 'kind')?.text;
    const bodyNode = field(node, 'body');
    if (parts.length === 0 || parts.some((part) => part.type !== 'shorthand_property_identifier_pattern') || (kind !== 'const' && kind !== 'let') || !bodyNode) {
      this.b.unsupported(node, 'a for loop over a destructuring pattern other than const or let { a, b } of plain names', 'Bind the item to a name and read its fields in the body.');
      return [];
    }
    const walked = this.collectionWalked(right);
    if (walked) {
      this.b.unsupported(node, `a for loop over the ${walked.kind} '${walked.name}' with a { … } pattern (its items are keys or [key, value] lists, whose fields are not theirs)`, 'Write for (const [key, value] of m).');
      return [];
    }
    const item = this.freshName('item');
    const inside = this.b.spanBetween(bodyNode.startIndex, bodyNode.startIndex);
    const reads = parts.map((part) =>
      this.b.make<A.VariableDeclaration>('VariableDeclaration', part, {
        name: part.text,
        kind: kind === 'let' && assigns(bodyNode, part.text) ? 'let' : 'const',
        varType: null,
        annotations: [],
        initializer: this.b.make<A.MemberExpression>('MemberExpression', part, { object: this.b.identifier(item, inside), property: part.text }),
      }),
    );
    const body = this.block(bodyNode);
    body.statements.unshift(...reads);
    return [this.b.make<A.ForStatement>('ForStatement', node, { annotations: [], iterator: item, iterable: this.expression(right), body })];
  }

  /**
   * `for (const [a, b] of …)`: a loop over one item a turn whose body starts by binding the names.
   * `Object.entries(o)` is a list made once: the loop walks keys(o) and values(o) taken before it,
   * so what the body changes in o is not seen, as in JavaScript. `xs.entries()` walks xs (as it is
   * at each step) with a count beside it. Any other iterable's items must be lists of at least the
   * names' number: JavaScript binds undefined past the end of a shorter one and walks a text by
   * code points, so the loop stops with an error where an item is not such a list.
   */
  private unpackingForOf(node: SyntaxNode, pattern: SyntaxNode, right: SyntaxNode): A.Statement[] {
    const names = namedChildren(pattern);
    const holes = pattern.children.filter((child) => child?.type === ',').length !== names.length - 1;
    const kind = field(node, 'kind')?.text;
    const bodyNode = field(node, 'body');
    if (names.length === 0 || holes || names.some((name) => name.type !== 'identifier') || (kind !== 'const' && kind !== 'let') || !bodyNode) {
      this.b.unsupported(node, 'a for loop over a destructuring pattern other than const or let [a, b] of plain names', 'Bind the item to a name and read its parts in the body.');
      return [];
    }
    const callee = right.type === 'call_expression' ? field(right, 'function') : undefined;
    const args = right.type === 'call_expression' ? namedChildren(field(right, 'arguments') ?? right) : [];
    const object = callee?.type === 'member_expression' ? field(callee, 'object') : undefined;
    const method = callee?.type === 'member_expression' ? field(callee, 'property')?.text : undefined;
    const item = this.freshName('item');
    // The hidden names are declared before the loop and read inside its body, where their spans say.
    const top = this.b.spanBetween(node.startIndex, node.startIndex);
    const inside = this.b.spanBetween(bodyNode.startIndex, bodyNode.startIndex);
    const read = (): A.Identifier => this.b.identifier(item, inside);
    const before: A.Statement[] = [];
    const reads: A.Statement[] = [];
    const bind = (name: SyntaxNode, value: A.Expression): void =>
      void reads.push(this.b.make<A.VariableDeclaration>('VariableDeclaration', name, { name: name.text, kind: kind === 'let' && assigns(bodyNode, name.text) ? 'let' : 'const', varType: null, annotations: [], initializer: value }));
    const hold = (base: string, value: A.Expression): (() => A.Identifier) => {
      const name = this.freshName(base);
      before.push(this.b.make<A.VariableDeclaration>('VariableDeclaration', top, { name, kind: base === 'count' ? 'let' : 'const', varType: null, annotations: [], initializer: value }));
      return () => this.b.identifier(name, inside);
    };
    const step = (counter: () => A.Identifier): A.Statement => this.b.make<A.AssignmentStatement>('AssignmentStatement', inside, { annotations: [], target: counter(), operator: '+=', value: this.b.literal(1, inside) });
    let iterable: A.Expression;
    const walked = this.collectionWalked(right);
    if (walked && changesCollection(bodyNode, walked.name)) {
      this.b.unsupported(node, `a for loop over the ${walked.kind} '${walked.name}' whose body changes it (a ${walked.kind} visits what is added while it is walked; Whetstone walks its keys as they were when the loop began)`);
      return [];
    }
    const mapEntries = walked?.kind === 'Map' && (right.type === 'identifier' || (method === 'entries' && args.length === 0));
    if (mapEntries && names.length <= 2) {
      // A Map's [key, value] pairs in insertion order: its keys and values taken before the loop.
      const map = (): A.Identifier => this.b.identifier(walked.name, right);
      const keyList = hold('keys', this.b.call('keys', [map()], right));
      const valueList = hold('values', this.b.call('values', [map()], right));
      const counter = hold('count', this.b.literal(0, right));
      iterable = keyList();
      bind(names[0], read());
      if (names[1]) bind(names[1], this.b.make<A.IndexExpression>('IndexExpression', names[1], { object: valueList(), index: counter() }));
      reads.push(step(counter));
    } else if (object?.text === 'Object' && method === 'entries' && args.length === 1 && names.length <= 2) {
      const entries = this.expression(args[0]);
      const held = hold('entries', entries);
      const keyList = hold('keys', this.b.call('jsKeys', [held()], right));
      const valueList = hold('values', this.b.call('jsValues', [held()], right));
      const counter = hold('count', this.b.literal(0, right));
      iterable = keyList();
      bind(names[0], read());
      if (names[1]) bind(names[1], this.b.make<A.IndexExpression>('IndexExpression', names[1], { object: valueList(), index: counter() }));
      reads.push(step(counter));
    } else if (object && method === 'entries' && args.length === 0 && names.length <= 2) {
      const counter = hold('count', this.b.literal(0, right));
      iterable = this.expression(object);
      bind(names[0], counter());
      reads.push(step(counter));
      if (names[1]) bind(names[1], read());
    } else {
      iterable = this.expression(right);
      const isList = this.b.make<A.TypeTest>('TypeTest', inside, { operand: read(), testedType: 'list' });
      const longEnough = this.b.make<A.BinaryExpression>('BinaryExpression', inside, { operator: '>=', left: this.b.call('len', [read()], inside), right: this.b.literal(names.length, inside) });
      const check = this.b.make<A.BinaryExpression>('BinaryExpression', inside, { operator: '&&', left: isList, right: longEnough });
      const message = this.b.literal(`expected a list of at least ${names.length} elements to destructure`, inside);
      reads.push(this.b.make<A.ExpressionStatement>('ExpressionStatement', pattern, { annotations: [], expression: this.b.call('assert', [check, message], pattern) }));
      names.forEach((name, index) => bind(name, this.b.make<A.IndexExpression>('IndexExpression', name, { object: read(), index: this.b.literal(index, name) })));
    }
    const body = this.block(bodyNode);
    body.statements.unshift(...reads);
    const loop = this.b.make<A.ForStatement>('ForStatement', node, { annotations: [], iterator: item, iterable, body });
    if (before.length === 0) return [loop];
    // The held values stay scoped to the loop.
    const scope = this.b.make<A.Block>('Block', node, { statements: [...before, loop] });
    return [this.b.make<A.IfStatement>('IfStatement', node, { annotations: [], condition: this.b.literal(true, node), consequent: scope, alternate: null })];
  }

  /**
   * `for (let i = a; i < b; i++) body`: `for i in range(a, b)` when the body does not assign i;
   * otherwise the initialiser, then `while cond { body; update }` with the update also before each
   * continue of the body, all in a scope of their own (javascript-loops.ts says when that differs).
   */
  private countedFor(node: SyntaxNode): A.Statement[] {
    const init = field(node, 'initializer');
    const condition = field(node, 'condition');
    const increment = field(node, 'increment');
    const bodyNode = field(node, 'body');
    if (!bodyNode) return [];
    const counter = countedLoop(init, condition, increment);
    if (counter && !assigns(bodyNode, counter.name)) {
      const start = counter.start;
      let end = this.expression(counter.end);
      // A bound that may be a fraction (n / 2): the counter stops at the whole numbers below it,
      // so `i <= b` is `i <= floor(b)` and `i < b` is `i < ceil(b)`.
      if (hasDivision(counter.end)) end = this.b.call(counter.inclusive ? 'floor' : 'ceil', [end], counter.end);
      // `i <= b` walks to b itself: range(a, b + 1).
      if (counter.inclusive) end = this.b.make<A.BinaryExpression>('BinaryExpression', counter.end, { operator: '+', left: end, right: this.b.literal(1, counter.end) });
      const args = start.type === 'number' && Number(start.text) === 0 ? [end] : [this.expression(start), end];
      return [
        this.b.make<A.ForStatement>('ForStatement', node, {
          annotations: [],
          iterator: counter.name,
          iterable: this.b.call('range', args, init ?? node),
          body: this.block(bodyNode),
        }),
      ];
    }
    // The loop's `let` names are one variable for every turn of the while, one per turn in JavaScript.
    const captured = capturedLoopName(init, [condition, increment, bodyNode]);
    if (captured) {
      this.b.unsupported(node, `a for loop whose ${captured} is read by a function made in it`, `JavaScript gives each turn its own ${captured}; Whetstone's while has one for all turns. Copy it to a const in the body and read that in the function.`);
      return [];
    }
    const empty = (part: SyntaxNode | undefined): part is undefined => !part || part.type === ';' || part.type === 'empty_statement';
    const before = empty(init) ? [] : init.type.endsWith('declaration') ? this.statement(init) : this.expressionStatement(init.type === 'expression_statement' ? (namedChildren(init)[0] ?? init) : init);
    const body = this.block(bodyNode);
    // The update runs at the end of every turn: after the body, and before each continue.
    const update = increment ? this.expressionStatement(increment) : [];
    if (increment && update.length > 0) {
      runBeforeExits(body, 'ContinueStatement', () => this.again(() => this.expressionStatement(increment)));
      const last = body.statements.at(-1)?.type;
      if (last !== 'ReturnStatement' && last !== 'ThrowStatement' && last !== 'BreakStatement' && last !== 'ContinueStatement') body.statements.push(...update);
    }
    const test = empty(condition) ? this.b.literal(true, node) : this.condition(condition.type === 'expression_statement' ? (namedChildren(condition)[0] ?? condition) : condition);
    const loop = this.b.make<A.WhileStatement>('WhileStatement', node, { annotations: [], condition: test, body });
    if (before.length === 0) return [loop];
    // The counter stays scoped to the loop, as `let` in a for header is.
    const scope = this.b.make<A.Block>('Block', node, { statements: [...before, loop] });
    return [this.b.make<A.IfStatement>('IfStatement', node, { annotations: [], condition: this.b.literal(true, node), consequent: scope, alternate: null })];
  }

  // ---------------------------------------------------------------------------------------------
  // Expressions

  /**
   * Math.round(x): halves up (-2.5 → -2), where Whetstone's round takes them away from zero, so
   * floor(x + 0.5) — except from -0.5 to 0.5, where floor(x + 0.5) is 0 (or 1 for the double just
   * below 0.5) and Math.round is -0 from -0.5 up to -0 (console.log shows it) and 0 above: there
   * ceil(x) * 0 (-0 from ceil of -0.5 up to -0, 1 * 0 above). The test reads x more than once: an x
   * that only reads names, numbers and fields is written again; another is given to a lambda
   * called at once, so it runs once.
   */
  private mathRound(value: A.Expression, written: SyntaxNode | undefined, node: SyntaxNode): A.Expression {
    const b = this.b;
    const binary = (operator: A.BinaryOperator, left: A.Expression, right: A.Expression): A.Expression => b.make<A.BinaryExpression>('BinaryExpression', node, { operator, left, right });
    const rounded = (x: () => A.Expression): A.Expression =>
      b.make<A.ConditionalExpression>('ConditionalExpression', node, {
        condition: binary('&&', binary('>=', x(), b.make<A.UnaryExpression>('UnaryExpression', node, { operator: '-', operand: b.literal(0.5, node) })), binary('<', x(), b.literal(0.5, node))),
        consequent: binary('*', b.call('ceil', [x()], node), b.literal(0, node)),
        alternate: b.call('floor', [binary('+', x(), b.literal(0.5, node))], node),
      });
    if (written && readsOnlyNumbers(written)) {
      let first = true;
      return rounded(() => {
        if (!first) return this.expression(written);
        first = false;
        return value;
      });
    }
    // The parameter is placed where the call starts and its uses where it ends, so they read as declared first.
    const parameter = b.make<A.Parameter>('Parameter', b.spanBetween(node.startIndex, node.startIndex), { name: 'v', paramType: 'number', defaultValue: null });
    const lambda = b.make<A.Lambda>('Lambda', node, { parameters: [parameter], returnType: 'number', body: rounded(() => b.identifier('v', b.spanBetween(node.endIndex, node.endIndex))) });
    return b.make<A.CallExpression>('CallExpression', node, { callee: lambda, arguments: [value] });
  }

  expression(node: SyntaxNode): A.Expression {
    return this.b.nested(node, () => this.expressionAt(node), () => this.b.placeholder(node));
  }

  private expressionAt(node: SyntaxNode): A.Expression {
    const instead = this.readInstead.get(node.id);
    if (instead) return this.expression(instead);
    const distinct = this.distinctLists.get(node.id);
    if (distinct) return distinct;
    switch (node.type) {
      case 'update_expression': {
        const argument = field(node, 'argument');
        if (this.movedUpdate?.updates.has(node.id) && argument) return this.b.identifier(argument.text, argument);
        return this.b.errorNode(node, `${node.text} inside an expression`, 'Whetstone changes a variable only in a statement of its own: write the increment on a line of its own, before or after.');
      }
      case 'identifier': {
        // Infinity and NaN are doubles Whetstone writes as num("Infinity") and num("NaN").
        if ((node.text === 'Infinity' || node.text === 'NaN') && !this.declaresName(node.text)) return this.b.call('num', [this.b.literal(node.text, node)], node);
        const collection = this.collections?.kindOf(node);
        if (collection) return this.b.errorNode(node, collectionUseMessage(collection, node.text), 'Read it through its methods, or build a list of its keys with [...s] or [...m.keys()].');
        return this.b.identifier(this.renamed?.get(node.text) ?? node.text, node);
      }
      case 'undefined':
        // Compared with === or !==, undefined asks what null asks in Whetstone (a missing value);
        // elsewhere it prints and passes differently from null.
        if (!isEqualityOperand(node) && !(this.root && returnedToTestsOnly(node, this.root))) return this.b.errorNode(node, 'undefined outside a comparison', 'Whetstone has null, which prints as null and is not a missing argument.');
        return this.b.literal(null, node);
      case 'null':
        return this.b.literal(null, node);
      case 'true':
      case 'false':
        return this.b.literal(node.type === 'true', node);
      case 'number': {
        const value = Number(node.text.replace(/_/g, ''));
        return this.b.make<A.Literal>('Literal', node, { value, raw: /^\d+(\.\d+)?([eE][+-]?\d+)?$/.test(node.text) ? node.text : String(value) });
      }
      case 'string':
        return this.b.literal(this.stringValue(node), node);
      case 'template_string':
        return this.template(node);
      case 'parenthesized_expression':
        return this.expression(unparenthesize(node));
      case 'array':
        if (namedChildren(node).some((element) => element.type === 'spread_element')) return this.spreadArray(node);
        return this.b.make<A.ArrayLiteral>('ArrayLiteral', node, { elements: this.list(namedChildren(node)) });
      case 'object':
        return this.object(node);
      case 'binary_expression':
        return this.binary(node);
      case 'unary_expression':
        return this.unary(node);
      case 'await_expression':
        return this.b.make<A.UnaryExpression>('UnaryExpression', node, { operator: 'await', operand: this.expression(namedChildren(node)[0] ?? node) });
      case 'call_expression':
        return this.callExpression(node);
      case 'member_expression':
        return this.member(node);
      case 'subscript_expression': {
        const object = field(node, 'object');
        const index = field(node, 'index');
        if (!object || !index || node.children.some((child) => child?.type === 'optional_chain')) return this.b.errorNode(node, 'optional chaining (?.)');
        return this.b.make<A.IndexExpression>('IndexExpression', node, { object: this.expression(object), index: this.expression(index) });
      }
      case 'arrow_function':
      case 'function_expression':
      case 'function':
        return this.lambda(node) ?? this.b.placeholder(node);
      case 'non_null_expression':
        if (misreadAssertion(node)) {
          return this.b.errorNode(node, 'a non-null assertion (!) on the last operand of an operator, followed by a member, an index or a call', "The TypeScript parser reads `a + b!.c` as `(a + b)!.c`: write the operand in parentheses, `a + (b!.c)`.");
        }
        return this.expression(namedChildren(node)[0] ?? node);
      case 'as_expression':
      case 'satisfies_expression':
      case 'type_assertion':
        // Type assertions do nothing at run time: the value is the expression's.
        return this.expression(namedChildren(node).find((child) => !child.type.endsWith('type') && child.type !== 'type_arguments') ?? node);
      case 'ternary_expression':
        return this.b.make<A.ConditionalExpression>('ConditionalExpression', node, {
          condition: this.expression(field(node, 'condition') ?? node),
          consequent: this.expression(field(node, 'consequence') ?? node),
          alternate: this.expression(field(node, 'alternative') ?? node),
        });
      case 'this':
        if (this.inClass && ownerOf(node)?.parent?.parent?.id === this.inClassNode?.id) return this.b.identifier(SELF, node);
        return this.b.errorNode(node, 'this outside a method of a class', 'A class is carried as a record plus functions, where this is the record its method takes first; elsewhere this has no Whetstone form.');
      case 'new_expression': {
        const made = field(node, 'constructor');
        if (made?.type === 'identifier' && this.classes.carried.has(made.text)) {
          return this.b.make<A.CallExpression>('CallExpression', node, { callee: this.b.identifier(constructorName(made.text), made), arguments: this.list(namedChildren(field(node, 'arguments') ?? node).filter((arg) => arg.id !== made.id)) });
        }
        // A class not carried was reported where it is declared: its constructions are left out with it.
        if (made?.type === 'identifier' && this.classes.refused.has(made.text)) return this.b.placeholder(node);
        const collection = newCollection(node, (global) => this.declaresName(global));
        if (collection) return this.b.errorNode(node, `new ${collection}(…) other than as the value of a declaration of a name never assigned again (or, for [...new Set(xs)], a declaration's or a return's value)`, `Declare it first: const s = new ${collection}(…);`);
        return this.b.errorNode(node, `new ${made?.text ?? ''}(…)`, 'Whetstone carries new of a class this file declares at its top level (as its constructor function), and of Map, Set, Array(n) and Error; other classes have no Whetstone form.');
      }
      case 'class':
        return this.b.errorNode(node, 'a class expression', 'A class is carried as a record plus functions where the file declares it at its top level: class C { … }.');
      default:
        return this.b.errorNode(node, `a ${describe(node)}`);
    }
  }

  /**
   * `[...xs]` → `slice(xs, 0)`, a copy; `[a, ...xs, b]` → `concat(concat([a], xs), [b])`, the parts
   * in order. A spread walks a text by its characters, which these do not: javascript-spread.ts
   * reports one of a value that may be a text.
   */
  private spreadArray(node: SyntaxNode): A.Expression {
    const parts: A.Expression[] = [];
    /** The parts that are new lists already (a Set's elements). */
    const fresh = new Set<A.Expression>();
    let plain: A.Expression[] | undefined;
    for (const element of namedChildren(node)) {
      if (element.type !== 'spread_element') {
        if (!plain) parts.push(this.b.make<A.ArrayLiteral>('ArrayLiteral', element, { elements: (plain = []) }));
        plain.push(this.expression(element));
        continue;
      }
      plain = undefined;
      const operand = namedChildren(element)[0];
      if (!operand) return this.b.errorNode(node, 'a spread (...)');
      const mapWalked = this.mapEntriesWalked(operand);
      if (mapWalked) {
        // `[...m]`, `[...m.entries()]`: a Map's [key, value] pairs in insertion order (a new list).
        const entries = this.entriesOf(() => this.b.identifier(mapWalked.text, mapWalked), operand);
        fresh.add(entries);
        parts.push(entries);
        continue;
      }
      if (this.collections?.kindOf(operand) === 'Set') {
        // A Set's elements in insertion order: the keys of the map that holds them (a new list).
        const elements = this.b.call('keys', [this.b.identifier(operand.text, operand)], operand);
        fresh.add(elements);
        parts.push(elements);
        continue;
      }
      const spread = this.expression(operand);
      markTakenAsList(this.b, spread, 'spread');
      parts.push(spread);
    }
    const [first, ...rest] = parts;
    if (rest.length === 0 && fresh.has(first)) return first;
    if (rest.length === 0) return this.b.call('slice', [first, this.b.literal(0, node)], node);
    return rest.reduce((list, part) => this.b.call('concat', [list, part], node), first);
  }

  private list(nodes: SyntaxNode[]): A.Expression[] {
    const out: A.Expression[] = [];
    for (const node of nodes) {
      if (node.type === 'spread_element') this.b.unsupported(node, 'a spread (...)');
      else out.push(this.expression(node));
    }
    return out;
  }

  private object(node: SyntaxNode): A.ObjectLiteral {
    const properties: A.Property[] = [];
    for (const member of namedChildren(node)) {
      if (member.type === 'pair') {
        const keyNode = field(member, 'key');
        const value = field(member, 'value');
        const key = keyNode?.type === 'string' ? this.stringValue(keyNode) : (keyNode?.text ?? '');
        if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key) || !value) {
          this.b.unsupported(member, `the property ${keyNode?.text ?? ''} (a Whetstone property name is an identifier)`);
          continue;
        }
        properties.push(this.b.make<A.Property>('Property', member, { key, value: this.expression(value) }));
      } else if (member.type === 'shorthand_property_identifier') {
        properties.push(this.b.make<A.Property>('Property', member, { key: member.text, value: this.b.identifier(member.text, member) }));
      } else if (member.type === 'method_definition') {
        const lambda = this.lambda(member);
        if (lambda) properties.push(this.b.make<A.Property>('Property', member, { key: field(member, 'name')?.text ?? '', value: lambda }));
      } else {
        this.b.unsupported(member, `a ${describe(member)} in an object literal`);
      }
    }
    return this.b.make<A.ObjectLiteral>('ObjectLiteral', node, { properties });
  }

  private binary(node: SyntaxNode): A.Expression {
    const operatorText = field(node, 'operator')?.text ?? '';
    const operator = BINARY[operatorText];
    const left = field(node, 'left');
    const right = field(node, 'right');
    if (operatorText === '??' && left && right) {
      // a ?? b is `a == null ? b : a`, which reads a twice: written again where reading it has no
      // effect, else given to a lambda called at once, so it runs once (b still only when a is null).
      const b = this.b;
      const nullish = (value: () => A.Expression): A.Expression =>
        b.make<A.ConditionalExpression>('ConditionalExpression', node, {
          condition: b.make<A.BinaryExpression>('BinaryExpression', node, { operator: '==', left: value(), right: b.literal(null, node) }),
          consequent: this.expression(right),
          alternate: value(),
        });
      if (readsOnly(left)) return nullish(() => this.expression(left));
      if (containsAwait(right)) return b.errorNode(node, 'the ?? operator on a call or other computed value with an await on its right', 'Assign the left side to a name first.');
      const value = this.expression(left);
      // The parameter is placed where the expression starts and its uses where it ends, so they read as declared first.
      const name = this.freshName('value');
      const parameter = b.make<A.Parameter>('Parameter', b.spanBetween(node.startIndex, node.startIndex), { name, paramType: null, defaultValue: null });
      const lambda = b.make<A.Lambda>('Lambda', node, { parameters: [parameter], returnType: null, body: nullish(() => b.identifier(name, b.spanBetween(node.endIndex, node.endIndex))) });
      return b.make<A.CallExpression>('CallExpression', node, { callee: lambda, arguments: [value] });
    }
    if ((operator === '==' || operator === '!=') && left && right) {
      const test = this.typeofTest(node, left, right, operator === '!=');
      if (test) return test;
    }
    if (operatorText === 'instanceof' && left && right) return this.instanceofTest(node, left, right);
    if (operatorText === 'in' && left && right) return this.keyTest(node, left, right);
    if (!operator || !left || !right) return this.b.errorNode(node, `the ${operatorText} operator`, UNCARRIED_OPERATOR_WHY[operatorText]);
    let leftExpression = this.expression(left);
    let rightExpression = this.expression(right);
    if (operator === '+') {
      // JavaScript's + joins a string with anything; Whetstone's joins two strings: str() the other side.
      if (isStringy(leftExpression) && !isStringy(rightExpression)) rightExpression = this.b.call('str', [rightExpression], right);
      else if (isStringy(rightExpression) && !isStringy(leftExpression)) leftExpression = this.b.call('str', [leftExpression], left);
    }
    return this.b.make<A.BinaryExpression>('BinaryExpression', node, { operator, left: leftExpression, right: rightExpression });
  }

  /**
   * `typeof x === "number"` (either side, `==` too, `!==` negated) as the type test `x is number`:
   * typeof answers "number" for every double, NaN and the infinities included, as Whetstone's
   * numbers are; "string" and "boolean" likewise. The other answers have no Whetstone test.
   * Undefined when the comparison is not a typeof against a string literal.
   */
  private typeofTest(node: SyntaxNode, left: SyntaxNode, right: SyntaxNode, negated: boolean): A.Expression | undefined {
    const isTypeof = (side: SyntaxNode): boolean => side.type === 'unary_expression' && field(side, 'operator')?.text === 'typeof';
    const [test, name] = isTypeof(left) ? [left, right] : isTypeof(right) ? [right, left] : [];
    const argument = test && field(test, 'argument');
    if (!argument || name?.type !== 'string') return undefined;
    const typeName = this.stringValue(name);
    const tested = TYPEOF_TESTED[typeName];
    if (tested === undefined) {
      return this.b.errorNode(node, `the typeof test for ${JSON.stringify(typeName)}`, TYPEOF_WHY_NOT[typeName] ?? 'typeof never answers that text.');
    }
    const typeTest = this.b.make<A.TypeTest>('TypeTest', node, { operand: this.expression(argument), testedType: tested });
    return negated ? this.b.make<A.UnaryExpression>('UnaryExpression', node, { operator: '!', operand: typeTest }) : typeTest;
  }

  /**
   * `x instanceof Array` as the type test `x is list`, as Array.isArray(x) is. Whetstone has no
   * classes, so a test of any other class (Error, Map, one the program declares) has no form.
   */
  private instanceofTest(node: SyntaxNode, left: SyntaxNode, right: SyntaxNode): A.Expression {
    if (right.type === 'identifier' && right.text === 'Array') return this.b.make<A.TypeTest>('TypeTest', node, { operand: this.expression(left), testedType: 'list' });
    if (right.type === 'identifier' && this.classes.carried.has(right.text)) {
      return this.b.errorNode(node, `the instanceof test for ${right.text} (a class of this file)`, 'The class is carried as a record, which holds no class to test: keep the values of each class apart, or give the record a field that says its kind.');
    }
    return this.b.errorNode(node, `the instanceof test for ${right.text}`, "Whetstone has no classes: `x instanceof Array` is the type test `x is list`, and a number, a text or a bool is tested with typeof.");
  }

  private unary(node: SyntaxNode): A.Expression {
    const operator = field(node, 'operator')?.text ?? '';
    const argument = field(node, 'argument');
    if (!argument || (operator !== '-' && operator !== '!')) return this.b.errorNode(node, `the unary ${operator} operator`);
    const operand = this.expression(argument);
    return this.b.make<A.UnaryExpression>('UnaryExpression', node, { operator, operand });
  }

  private member(node: SyntaxNode): A.Expression {
    const object = field(node, 'object');
    const property = field(node, 'property');
    if (object?.type === 'identifier' && property?.type === 'property_identifier' && node.children.some((child) => child?.type === 'optional_chain') && testedOnly(node)) {
      // `a?.b` only tested (javascript-tested-returns.ts): `a == null ? null : a.b`.
      const missing = this.b.make<A.BinaryExpression>('BinaryExpression', object, { operator: '==', left: this.expression(object), right: this.b.literal(null, node) });
      const read =
        property.text === 'length' ? this.b.call('len', [this.expression(object)], node) : this.b.make<A.MemberExpression>('MemberExpression', node, { object: this.expression(object), property: property.text });
      return this.b.make<A.ConditionalExpression>('ConditionalExpression', node, { condition: missing, consequent: this.b.literal(null, node), alternate: read });
    }
    if (!object || !property || node.children.some((child) => child?.type === 'optional_chain')) return this.b.errorNode(node, 'optional chaining (?.)');
    if (property.type !== 'property_identifier') return this.b.errorNode(node, 'a private member (#)');
    const called = node.parent?.type === 'call_expression' && field(node.parent, 'function')?.id === node.id;
    if (!called && this.classes.methodNames.has(property.text)) {
      // `obj.m` of a method name: class-method-calls.ts reports it where obj is an instance (a method used as a value).
      const read = this.memberRead(node, object, property);
      this.classes.methodValues.set(read.id, property.text);
      return read;
    }
    return this.memberRead(node, object, property);
  }

  private memberRead(node: SyntaxNode, object: SyntaxNode, property: SyntaxNode): A.Expression {
    if (property.text === 'length' && this.classes.fieldNames.has('length')) return this.lengthField(node, object);
    if (property.text === 'length') return this.b.call('len', [this.expression(object)], node);
    if (property.text === 'size' && this.collections?.kindOf(object)) return this.b.call('len', [this.b.identifier(object.text, object)], node);
    // Own keys only: `constructor.name` or `Number.constructor` would otherwise read Object's own members.
    const constants = object.type === 'identifier' && Object.hasOwn(CONSTANTS, object.text) && !this.declaresName(object.text) ? CONSTANTS[object.text] : undefined;
    const constant = constants && Object.hasOwn(constants, property.text) ? constants[property.text] : undefined;
    if (constant !== undefined) {
      if (typeof constant === 'string') return this.b.call('num', [this.b.literal(constant, node)], node);
      return this.b.make<A.Literal>('Literal', node, { value: constant, raw: String(constant) });
    }
    if (property.text === 'message' && this.caughtMessage !== undefined && caughtName(object) === this.caughtMessage) return this.b.identifier(this.caughtMessage, node);
    return this.b.make<A.MemberExpression>('MemberExpression', node, { object: this.expression(object), property: property.text });
  }

  /**
   * `x.length` in a file whose class has a field length: the field where x is an instance, len(x)
   * where it is a list or a text (class-method-calls.ts decides by x's type), an error otherwise.
   */
  private lengthField(node: SyntaxNode, object: SyntaxNode): A.Expression {
    const read = this.b.make<A.MemberExpression>('MemberExpression', node, { object: this.expression(object), property: 'length' });
    this.classes.fieldReads.add(read.id);
    const parent = node.parent;
    const assigned = parent && (field(parent, 'left')?.id === node.id || (parent.type === 'update_expression' && field(parent, 'argument')?.id === node.id));
    if (!assigned) this.classes.libraryReadings.set(read.id, { expression: this.b.call('len', [this.expression(object)], node), diagnostics: [] });
    return read;
  }

  /** Whether the file declares `name` (a variable, function, parameter or catch name), which then hides the global of that name. */
  private declaresName(name: string): boolean {
    let found = this.declaredGlobals.get(name);
    if (found === undefined) {
      const root = this.root;
      found = !!root && root.descendantsOfType('identifier').some((id) => id?.text === name && declares(id));
      this.declaredGlobals.set(name, found);
    }
    return found;
  }

  private readonly declaredGlobals = new Map<string, boolean>();

  private callExpression(node: SyntaxNode): A.Expression {
    const callee = field(node, 'function');
    const argsNode = field(node, 'arguments');
    if (!callee || !argsNode) return this.b.errorNode(node, 'a call');
    if (argsNode.type === 'template_string') return this.b.errorNode(node, 'a tagged template');
    if (node.children.some((child) => child?.type === 'optional_chain')) return this.b.errorNode(node, 'optional chaining (?.)');
    const rest = callee.type === 'identifier' ? this.restFunctions.get(callee.text) : undefined;
    if (rest) {
      // f(a, b, c) of `function f(x, ...ys)`: f(a, [b, c]).
      const written = namedChildren(argsNode);
      if (written.length < rest.fixed || written.some((arg) => arg.type === 'spread_element')) {
        return this.b.errorNode(node, `a call of ${callee.text}, which has a rest parameter, with a spread or fewer arguments than the parameters before it`, 'Write the arguments out, one for each parameter before the rest.');
      }
      const all = this.list(written);
      const gathered = this.b.make<A.ArrayLiteral>('ArrayLiteral', argsNode, { elements: all.slice(rest.fixed) });
      return this.b.make<A.CallExpression>('CallExpression', node, { callee: this.expression(callee), arguments: [...all.slice(0, rest.fixed), gathered] });
    }
    if (this.libraryReadingOf !== node.id && this.isMethodCall(callee)) return this.methodCall(node, callee, argsNode);
    const spread = namedChildren(argsNode);
    const extreme = callee.type === 'member_expression' && field(callee, 'object')?.text === 'Math' && ['min', 'max'].includes(field(callee, 'property')?.text ?? '') ? field(callee, 'property')?.text : undefined;
    if (extreme && spread.length === 1 && spread[0].type === 'spread_element' && namedChildren(spread[0])[0] && !this.declaresName('Math')) {
      // Math.min(...xs): the smallest element, Infinity for an empty list, as minOf gives it.
      return this.b.call(extreme === 'min' ? 'minOf' : 'maxOf', [this.expression(namedChildren(spread[0])[0])], node);
    }
    if (callee.type === 'member_expression' && field(callee, 'object')?.text === 'Array' && field(callee, 'property')?.text === 'from' && !this.declaresName('Array')) return this.arrayFrom(spread, node);
    const args = this.list(spread);
    const collection = this.collectionCall(callee, args, node);
    if (collection) return collection;
    const builtin = this.builtinCall(callee, args, node);
    if (builtin) return builtin;
    return this.b.make<A.CallExpression>('CallExpression', node, { callee: this.expression(callee), arguments: args });
  }

  /** `obj.m(…)` of a name some class of the file has a method by, on anything but a global (Math, console): never a library method of that name. */
  private isMethodCall(callee: SyntaxNode): boolean {
    const object = callee.type === 'member_expression' ? field(callee, 'object') : undefined;
    if (!object || object.type === 'super' || (object.type === 'identifier' && GLOBAL_OBJECTS.has(object.text) && !this.declaresName(object.text))) return false;
    return field(callee, 'property')?.type === 'property_identifier' && this.classes.methodNames.has(field(callee, 'property')!.text);
  }

  /** `obj.m(a)`, kept as a call of the member until class-method-calls.ts knows obj's class and makes it `C_m(obj, a)`. */
  private methodCall(node: SyntaxNode, callee: SyntaxNode, argsNode: SyntaxNode): A.Expression {
    const args = namedChildren(argsNode);
    if (args.some((arg) => arg.type === 'spread_element') || callee.children.some((child) => child?.type === 'optional_chain') || node.children.some((child) => child?.type === 'optional_chain')) {
      return this.b.errorNode(node, `the method call ${callee.text}(…) with a spread argument or ?.`, 'Pass the arguments of a method one by one, on a value that is there.');
    }
    const member = this.b.make<A.MemberExpression>('MemberExpression', callee, { object: this.expression(field(callee, 'object')!), property: field(callee, 'property')!.text });
    const call = this.b.make<A.CallExpression>('CallExpression', node, { callee: member, arguments: this.list(args) });
    this.classes.methodCalls.add(call.id);
    // What it is where the receiver turns out to be a list or a text (`this.items.pop()`): kept aside with its diagnostics.
    const mark = this.b.diagnostics.length;
    this.libraryReadingOf = node.id;
    try {
      const expression = this.callExpression(node);
      this.classes.libraryReadings.set(call.id, { expression, diagnostics: this.b.diagnostics.splice(mark) });
    } finally {
      this.libraryReadingOf = undefined;
    }
    return call;
  }

  /** Library calls with a Whetstone built-in of the same meaning. */
  private builtinCall(callee: SyntaxNode, args: A.Expression[], node: SyntaxNode): A.Expression | undefined {
    if (callee.type === 'identifier') {
      if (callee.text === 'String' && args.length === 1) return this.b.call('str', args, node);
      if ((callee.text === 'Number' || callee.text === 'parseFloat') && args.length === 1) return importConversion(this.b, callee.text, args, node);
      if (callee.text === 'parseInt' && (args.length === 1 || args.length === 2)) return importConversion(this.b, 'parseInt', args, node);
      return undefined;
    }
    if (callee.type !== 'member_expression') return undefined;
    const object = field(callee, 'object');
    const property = field(callee, 'property')?.text;
    if (!object || !property) return undefined;
    if (object.type === 'identifier') {
      if (object.text === 'console' && property === 'log') return this.b.call('print', args, node);
      if (object.text === 'Math' && MATH_BUILTINS.has(property)) return this.b.call(property, args, node);
      if (object.text === 'Math' && property === 'round' && args.length === 1) return this.mathRound(args[0], namedChildren(field(node, 'arguments') ?? node)[0], node);
      // An object walks keys that are array indexes ("2", "10") first, in numeric order: jsKeys's order.
      if (object.text === 'Object' && (property === 'keys' || property === 'values') && args.length === 1) return this.b.call(property === 'keys' ? 'jsKeys' : 'jsValues', args, node);
      if (object.text === 'Object' && property === 'entries' && args.length === 1 && !this.declaresName('Object')) {
        const written = namedChildren(field(node, 'arguments') ?? node)[0];
        if (written && readsOnly(written)) return this.entriesOf(() => this.expression(written), node, 'jsKeys');
        // The object is computed once: given to a lambda called at once.
        const name = this.freshName('entriesOf');
        const parameter = this.b.make<A.Parameter>('Parameter', this.b.spanBetween(node.startIndex, node.startIndex), { name, paramType: null, defaultValue: null });
        const lambda = this.b.make<A.Lambda>('Lambda', node, { parameters: [parameter], returnType: null, body: this.entriesOf(() => this.b.identifier(name, this.b.spanBetween(node.endIndex, node.endIndex)), node, 'jsKeys') });
        return this.b.make<A.CallExpression>('CallExpression', node, { callee: lambda, arguments: [args[0]] });
      }
      if (object.text === 'Math' && property === 'trunc' && args.length === 1) return this.b.call('int', args, node);
      if (object.text === 'Array' && property === 'isArray' && args.length === 1) return this.b.make<A.TypeTest>('TypeTest', node, { operand: args[0], testedType: 'list' });
      const library = this.declaresName(object.text) ? undefined : importLibraryFunction(this.b, object.text, property, args, node);
      if (library) return library;
    }
    const textMethod = importTextMethod(this.b, property, () => this.expression(object), object.type === 'identifier' ? object.text : undefined, args, node);
    if (textMethod) return textMethod;
    const written = namedChildren(field(node, 'arguments') ?? node);
    const libraryMethod = importLibraryMethod({ b: this.b, expression: (inner) => this.expression(inner), readsOnly }, property, object, written, args, node);
    if (libraryMethod) return libraryMethod;
    if (property === 'push' && args.length === 1) return this.b.call('push', [this.expression(object), ...args], node);
    if (property === 'includes' && args.length === 1) return this.b.call('includes', [this.expression(object), ...args], node);
    const firstArgument = namedChildren(field(node, 'arguments') ?? node)[0];
    if (property === 'split' && args.length === 1 && firstArgument?.type !== 'regex') return this.b.call('split', [this.expression(object), ...args], node);
    if (property === 'join' && args.length <= 1) return this.b.call('join', [this.expression(object), args[0] ?? this.b.literal(',', node)], node);
    if (property === 'fill' && args.length === 1 && isArrayOfLength(object)) {
      // Array(n).fill(x): n elements, each x. (A count Array refuses, negative or fractional, never got here.)
      const count = namedChildren(field(object, 'arguments') ?? object)[0];
      return this.b.call('repeat', [args[0], this.expression(count)], node);
    }
    if (property === 'fill' && args.length === 1) {
      // In place, returning the list: a statement fills it; as a value the list it returns is the one filled.
      if (node.parent?.type === 'expression_statement') return this.b.call('fill', [this.expression(object), args[0]], node);
      return this.b.errorNode(node, 'fill(…) used as a value', 'It fills that list in place: write xs.fill(v) as a statement, then use xs.');
    }
    if (property === 'indexOf' && args.length === 1) return this.b.call('indexOf', [this.expression(object), ...args], node);
    if (property === 'slice' && args.length <= 2) return this.b.call('slice', [this.expression(object), ...(args.length === 0 ? [this.b.literal(0, node)] : args)], node);
    if (property === 'sort' && args.length <= 1) {
      // Like reverse: in place, returning the list. Without a comparison JavaScript orders by text,
      // which the import's type check holds to lists of strings (javascript-sort.ts).
      if (this.inPlaceCalls.get(node.id) === 'value') return this.expression(object);
      if (node.parent?.type === 'expression_statement' || this.inPlaceCalls.get(node.id) === 'change') return this.b.call('sort', [this.expression(object), ...args], node);
      const receiver = this.expression(object);
      if (freshList(receiver, this.b.libraryCallees)) return this.b.call('sorted', [receiver, ...args], node);
      return this.b.errorNode(node, 'sort() used as a value of a list something else holds', 'It sorts that list in place too: write sort(xs) as a statement, then use xs.');
    }
    if (property === 'reverse' && args.length === 0) {
      // In place, and it returns the list: a statement reverses; a value is a new list only when nothing else holds the old one.
      if (this.inPlaceCalls.get(node.id) === 'value') return this.expression(object);
      if (node.parent?.type === 'expression_statement' || this.inPlaceCalls.get(node.id) === 'change') return this.b.call('reverse', [this.expression(object)], node);
      const receiver = this.expression(object);
      if (freshList(receiver, this.b.libraryCallees)) return this.b.call('reversed', [receiver], node);
      return this.b.errorNode(node, 'reverse() used as a value of a list something else holds', 'It reverses that list in place too: write reverse(xs) as a statement, then use xs.');
    }
    if (property === 'splice' && args.length >= 1) {
      // xs.splice(start, count, ...items): Whetstone's splice, with the items as a list. Without a
      // count it removes to the end: the length, which splice stops at (the list is read twice).
      if (args.length === 1 && !readsOnly(object)) return this.b.errorNode(node, 'splice(start) of a list that is not a name, a member or an element', 'Pass the count: xs.splice(start, xs.length - start).');
      const count = args[1] ?? this.b.call('len', [this.expression(object)], node);
      const items = args.slice(2);
      return this.b.call('splice', [this.expression(object), args[0], count, ...(items.length > 0 ? [this.b.make<A.ArrayLiteral>('ArrayLiteral', node, { elements: items })] : [])], node);
    }
    if (property === 'unshift' && args.length >= 1) {
      // At the front, in place: splice at 0. It returns the new length, which a statement drops.
      if (node.parent?.type !== 'expression_statement') return this.b.errorNode(node, 'unshift(…) used as a value', 'It returns the list\'s new length: write xs.unshift(v) as a statement, then len(xs).');
      return this.b.call('splice', [this.expression(object), this.b.literal(0, node), this.b.literal(0, node), this.b.make<A.ArrayLiteral>('ArrayLiteral', node, { elements: args })], node);
    }
    if (property === 'toString' && args.length === 0) return this.b.call('str', [this.expression(object)], node);
    // n.toString(radix) of a whole number (a fraction's digits after the point stop Whetstone's with an error).
    if (property === 'toString' && args.length === 1) return this.b.call('radixText', [this.expression(object), args[0]], node);
    return this.listMethod(property, object, args, node);
  }

  /**
   * xs.pop() and xs.shift() (an empty list gives undefined in JavaScript and stops Whetstone, as a
   * wrong index does), xs.concat(…), and the walks with a function: map, filter, reduce, some,
   * every, forEach, and find compared with undefined. The Array methods pass the list itself after
   * the index, so a function written with a parameter for it is an error; a second argument of map
   * and the like (thisArg) is left to the library-names report.
   */
  private listMethod(property: string, object: SyntaxNode, args: A.Expression[], node: SyntaxNode): A.Expression | undefined {
    if ((property === 'pop' || property === 'shift') && args.length === 0) return this.b.call(property, [this.expression(object)], node);
    if (property === 'concat' && args.length >= 1) {
      const receiver = this.expression(object);
      markTakenAsList(this.b, receiver, 'concat');
      return args.reduce((list, arg) => this.b.call('concat', [list, arg], node), receiver);
    }
    if (property === 'flatMap' && args.length === 1) {
      // xs.flatMap(f) is xs.map(f).flat(): each result that is a list gives its elements.
      const mapped = this.listMethod('map', object, args, node);
      return mapped && mapped.type === 'CallExpression' ? this.b.call('flat', [mapped], node) : mapped;
    }
    if (property === 'findLast' && args.length === 1) return this.findLast(object, args[0], node);
    const most = property === 'reduce' ? 3 : 2;
    if (!LIST_WALK_METHODS.has(property) || args.length < 1 || args.length > (property === 'reduce' ? 2 : 1)) return undefined;
    const callback = args[0];
    if (callback.type === 'Lambda' && callback.parameters.length === 0 && property !== 'reduce') {
      // A walk calls its function with the element: a function of none takes it as a parameter it does not use.
      callback.parameters = [this.unusedParameter(namedChildren(field(node, 'arguments') ?? node)[0] ?? node)];
    }
    if (callback.type === 'Lambda' && callback.parameters.length > most) {
      return this.b.errorNode(node, `${property}() with a function of ${callback.parameters.length} parameters (the last would receive the list itself)`, `Leave out that parameter and use the list by its name.`);
    }
    if (property === 'find' && !comparedWithUndefined(node)) {
      return this.b.errorNode(node, 'find() other than compared with undefined', "Array's find gives undefined where no element passes, Whetstone's null: they print and compare differently. Compare it with undefined where it is used (xs.find(f) !== undefined).");
    }
    return this.b.call(property, [this.expression(object), ...args], node);
  }

  /**
   * `xs.findLast((x) => c)` compared with undefined: `find(reversed(xs), fn(x) => c)`, the elements
   * tested from the last, as findLast tests them. A function of the index too (it would count from
   * the end) or that calls something (it could change the list under the walk) is an error.
   */
  private findLast(object: SyntaxNode, callback: A.Expression, node: SyntaxNode): A.Expression {
    const written = namedChildren(field(node, 'arguments') ?? node)[0];
    if (callback.type !== 'Lambda' || callback.parameters.length !== 1 || (written?.descendantsOfType('call_expression').length ?? 1) > 0) {
      return this.b.errorNode(node, 'findLast() of other than an arrow function of the element that calls nothing', 'Walk the list from its end with a for loop.');
    }
    if (!comparedWithUndefined(node)) {
      return this.b.errorNode(node, 'findLast() other than compared with undefined', "Array's findLast gives undefined where no element passes, Whetstone's find null: compare it with undefined where it is used.");
    }
    return this.b.call('find', [this.b.call('reversed', [this.expression(object)], node), callback], node);
  }

  /**
   * `Array.from(xs)` is `[...xs]`: a copy of a list (of a text, its characters, an error as the
   * spread's). `Array.from({ length: n }, f)` calls f with undefined and each index: a function of
   * the index, or of nothing, maps range(n) (n truncated, as the length is); one that reads its
   * first parameter would read undefined, which Whetstone has not.
   */
  private arrayFrom(written: SyntaxNode[], node: SyntaxNode): A.Expression {
    const [source, mapper] = written;
    const mapWalked = written.length === 1 ? this.mapEntriesWalked(source) : undefined;
    // `Array.from(m)`, `Array.from(m.entries())`: a Map's [key, value] pairs in insertion order.
    if (mapWalked) return this.entriesOf(() => this.b.identifier(mapWalked.text, mapWalked), node);
    const length = source?.type === 'object' ? lengthOnly(source) : undefined;
    if (written.length === 1 && source.type !== 'object' && source.type !== 'spread_element') {
      const copied = this.expression(source);
      markTakenAsList(this.b, copied, 'spread');
      return this.b.call('slice', [copied, this.b.literal(0, node)], node);
    }
    const why = 'Array.from makes a list of an iterable, or of { length: n } with a function of the index; write Array.from({ length: n }, (_, i) => …), or [...xs].';
    if (written.length !== 2 || !length || !mapper || !['arrow_function', 'function_expression', 'function'].includes(mapper.type)) {
      return this.b.errorNode(node, 'Array.from(…) other than of a list, or of { length: n } with a function', why);
    }
    const lambda = this.lambda(mapper);
    if (!lambda) return this.b.errorNode(node, 'Array.from(…) with this function', why);
    const body = field(mapper, 'body');
    const reads = (name: string): boolean => !!body && body.descendantsOfType('identifier').some((id) => id?.text === name);
    const [element, ...rest] = lambda.parameters;
    if (lambda.parameters.length > 2 || (element && (element.defaultValue || reads(element.name)))) {
      return this.b.errorNode(node, 'Array.from({ length: n }, f) with a function that reads its first parameter (undefined) or takes more than the index', 'Name the first parameter _ and leave it unread: (_, i) => ….');
    }
    // A lone parameter receives the index now: whatever type it was written with, it is a number it does not read.
    lambda.parameters = rest.length > 0 ? rest : [element ? { ...element, paramType: null } : this.unusedParameter(mapper)];
    const size = length.type === 'shorthand_property_identifier' ? this.b.identifier('length', length) : this.expression(length);
    const count = wholeCount(length) ? size : this.b.call('int', [size], length);
    return this.b.call('map', [this.b.call('range', [count], source), lambda], node);
  }

  /** A parameter the function does not read, for a walk that passes the element to a function written without one. */
  private unusedParameter(at: SyntaxNode): A.Parameter {
    let name = '_';
    const used = new Set(at.descendantsOfType('identifier').map((id) => id?.text));
    while (used.has(name)) name += '_';
    return this.b.make<A.Parameter>('Parameter', at, { name, paramType: null, defaultValue: null });
  }

  lambda(node: SyntaxNode): A.Lambda | undefined {
    if (isAsync(node)) {
      this.b.unsupported(node, 'an async function expression (a Whetstone lambda is not async)');
      return undefined;
    }
    if (node.children.some((child) => child?.type === '*')) {
      this.b.unsupported(node, 'a generator function');
      return undefined;
    }
    const body = field(node, 'body');
    const parameters = this.parameters(node);
    const returnType = this.returnType(node);
    const lambdaBody: A.Block | A.Expression = !body ? this.b.make<A.Block>('Block', node, { statements: [] }) : body.type === 'statement_block' ? this.block(body) : this.expression(body);
    return this.b.make<A.Lambda>('Lambda', node, { parameters, returnType, body: this.withUnpackedParameters(node, lambdaBody) });
  }

  private template(node: SyntaxNode): A.Expression {
    const parts: A.Expression[] = [];
    let text = '';
    let textStart = node.startIndex;
    const flush = (end: number): void => {
      if (text !== '') parts.push(this.b.literal(text, this.b.spanBetween(textStart, end)));
      text = '';
    };
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (child.type === 'string_fragment') text += child.text;
      else if (child.type === 'escape_sequence') text += decodeEscapes(child.text);
      else if (child.type === 'template_substitution') {
        flush(child.startIndex);
        const inner = namedChildren(child)[0];
        if (inner) parts.push(this.b.call('str', [this.expression(inner)], child));
        textStart = child.endIndex;
      }
    }
    flush(node.endIndex);
    if (parts.length === 0) return this.b.literal('', node);
    // A template always makes a string: a lone substitution is str(x), and the parts are joined.
    let result = parts[0];
    for (const part of parts.slice(1)) {
      result = this.b.make<A.BinaryExpression>('BinaryExpression', node, { operator: '+', left: result, right: part });
    }
    return result;
  }

  stringValue(node: SyntaxNode): string {
    const text = node.text;
    return decodeEscapes(text.slice(1, -1));
  }
}

const PREDEFINED: Record<string, string> = {
  number: 'number',
  string: 'string',
  boolean: 'bool',
  void: 'void',
  any: 'any',
  unknown: 'any',
  null: 'null',
  undefined: 'null',
  object: 'any',
  bigint: 'any',
  symbol: 'any',
  never: 'any',
};

/** Whether an expression is a string by its form: a string literal, str(…), or a join with one. */
function isStringy(node: A.Expression): boolean {
  if (node.type === 'Literal') return typeof node.value === 'string';
  if (node.type === 'CallExpression') return node.callee.type === 'Identifier' && node.callee.name === 'str';
  return node.type === 'BinaryExpression' && node.operator === '+' && (isStringy(node.left) || isStringy(node.right));
}

/** Whether running an expression may change something or show something (a call, new, an assignment, an increment). */
function changesSomething(node: SyntaxNode): boolean {
  return node.descendantsOfType(['call_expression', 'new_expression', 'assignment_expression', 'augmented_assignment_expression', 'update_expression']).length > 0 || /^(call|new|assignment|augmented_assignment|update)_expression$/.test(node.type);
}

function isAsync(node: SyntaxNode): boolean {
  return node.children.some((child) => child?.type === 'async');
}

function flattenUnion(node: SyntaxNode): SyntaxNode[] {
  return namedChildren(node).flatMap((child) => (child.type === 'union_type' ? flattenUnion(child) : [child]));
}

function isNullType(node: SyntaxNode): boolean {
  return (node.type === 'literal_type' && /^(null|undefined)$/.test(node.text)) || (node.type === 'predefined_type' && /^(null|undefined|void)$/.test(node.text));
}

function unparenthesize(node: SyntaxNode): SyntaxNode {
  let current = node;
  while (current.type === 'parenthesized_expression') {
    const inner = namedChildren(current)[0];
    if (!inner) break;
    current = inner;
  }
  return current;
}

function isAssignable(node: SyntaxNode): boolean {
  return node.type === 'identifier' || node.type === 'member_expression' || node.type === 'subscript_expression';
}

/** What a node is, for a diagnostic: "try statement", "class declaration". */
function describe(node: SyntaxNode): string {
  return node.type.replace(/_/g, ' ');
}

/** The parts of `for (let i = a; i < b; i++)`, or undefined when the loop has another form. */
function countedLoop(
  init: SyntaxNode | undefined,
  condition: SyntaxNode | undefined,
  increment: SyntaxNode | undefined,
): { name: string; start: SyntaxNode; end: SyntaxNode; inclusive: boolean } | undefined {
  if (!init || !condition || !increment || (init.type !== 'lexical_declaration' && init.type !== 'variable_declaration')) return undefined;
  const declarators = namedChildren(init).filter((child) => child.type === 'variable_declarator');
  if (declarators.length !== 1) return undefined;
  const name = field(declarators[0], 'name');
  const start = field(declarators[0], 'value');
  if (name?.type !== 'identifier' || !start) return undefined;
  const test = condition.type === 'expression_statement' ? namedChildren(condition)[0] : condition;
  const comparison = test?.type === 'binary_expression' ? field(test, 'operator')?.text : undefined;
  if (!test || (comparison !== '<' && comparison !== '<=') || field(test, 'left')?.text !== name.text) return undefined;
  const end = field(test, 'right');
  if (!end) return undefined;
  const step = increment.text.replace(/\s+/g, '');
  if (step !== `${name.text}++` && step !== `++${name.text}` && step !== `${name.text}+=1`) return undefined;
  return { name: name.text, start, end, inclusive: comparison === '<=' };
}

/** Whether `node` holds a division (its value may be a fraction). */
function hasDivision(node: SyntaxNode): boolean {
  return [node, ...node.descendantsOfType('binary_expression')].some((found) => found?.type === 'binary_expression' && field(found, 'operator')?.text === '/');
}

/**
 * The module's statements with `if (require.main === module) { … }` replaced by its body (the
 * file runs as a script) and a `"use strict"` directive left out (generated modules are strict).
 */
function expandMain(body: SyntaxNode[]): SyntaxNode[] {
  return body.flatMap((node) => {
    if (node.type === 'expression_statement' && /^(["'])use strict\1$/.test(namedChildren(node)[0]?.text ?? '')) return [];
    if (node.type !== 'if_statement' || field(node, 'alternative')) return [node];
    const condition = field(node, 'condition')?.text.replace(/[\s()]/g, '');
    if (condition !== 'require.main===module' && condition !== 'module===require.main') return [node];
    const consequence = field(node, 'consequence');
    if (!consequence) return [node];
    return consequence.type === 'statement_block' ? namedChildren(consequence) : [consequence];
  });
}

/** `export { a, b as c };` without `from`: a list of what the module offers. */
function isExportList(node: SyntaxNode): boolean {
  return !field(node, 'source') && namedChildren(node).length === 1 && namedChildren(node)[0].type === 'export_clause';
}

/** `module.exports = …`, `module.exports.name = …` or `exports.name = …`. */
function isCommonJsExport(node: SyntaxNode): boolean {
  if (node.type !== 'assignment_expression') return false;
  const target = field(node, 'left')?.text.replace(/\s+/g, '') ?? '';
  return target === 'module.exports' || target.startsWith('module.exports.') || target.startsWith('exports.');
}

/** Whether `node` is a side of ===, !==, == or !=. */
/** The Array methods that call a function on each element and have a Whetstone built-in of their name. */
const LIST_WALK_METHODS: ReadonlySet<string> = new Set(['map', 'filter', 'reduce', 'some', 'every', 'forEach', 'find', 'findIndex']);

/** Whether `node` is an operand of ===, !==, == or != whose other operand is undefined. */
function comparedWithUndefined(node: SyntaxNode): boolean {
  const parent = node.parent;
  if (!parent || !isEqualityOperand(node)) return false;
  const other = field(parent, 'left')?.id === node.id ? field(parent, 'right') : field(parent, 'left');
  return other?.type === 'undefined';
}

function isEqualityOperand(node: SyntaxNode): boolean {
  const parent = node.parent;
  return parent?.type === 'binary_expression' && ['===', '!==', '==', '!='].includes(field(parent, 'operator')?.text ?? '');
}

/** Whether any statement under `node` assigns `name` (so it is not a plain loop counter). */
function assigns(node: SyntaxNode, name: string): boolean {
  return node.descendantsOfType(['assignment_expression', 'augmented_assignment_expression', 'update_expression']).some((found) => {
    const target = found && (found.type === 'update_expression' ? field(found, 'argument') : field(found, 'left'));
    return target?.text === name;
  });
}

/** The constants of JavaScript's Number that Whetstone writes as a literal, or as num(text) for an infinity. */
const NUMBER_CONSTANTS: Record<string, number | string | undefined> = {
  POSITIVE_INFINITY: 'Infinity',
  NEGATIVE_INFINITY: '-Infinity',
  MAX_SAFE_INTEGER: Number.MAX_SAFE_INTEGER,
  MIN_SAFE_INTEGER: Number.MIN_SAFE_INTEGER,
  EPSILON: Number.EPSILON,
};

/** Math's constants: doubles, written as literals (Python's math.pi and math.e are the same doubles). */
const MATH_CONSTANTS: Record<string, number | undefined> = { PI: Math.PI, E: Math.E, LN2: Math.LN2, LN10: Math.LN10, LOG2E: Math.LOG2E, LOG10E: Math.LOG10E, SQRT2: Math.SQRT2, SQRT1_2: Math.SQRT1_2 };

const CONSTANTS: Record<string, Record<string, number | string | undefined> | undefined> = { Number: NUMBER_CONSTANTS, Math: MATH_CONSTANTS };

/** The parents of an identifier that declare it wherever it stands in them. */
const DECLARING = new Set(['formal_parameters', 'required_parameter', 'optional_parameter', 'array_pattern', 'object_pattern', 'rest_pattern', 'import_specifier', 'namespace_import', 'import_clause']);
/** The parents of an identifier that declare it in one field. */
const DECLARING_FIELD: Record<string, string> = { variable_declarator: 'name', function_declaration: 'name', function_expression: 'name', class_declaration: 'name', arrow_function: 'parameter', catch_clause: 'parameter', assignment_pattern: 'left' };

/** Whether the identifier `id` is a name being declared (a variable, function, parameter, catch or import name). */
function declares(id: SyntaxNode): boolean {
  const parent = id.parent;
  if (!parent) return false;
  return DECLARING.has(parent.type) || field(parent, DECLARING_FIELD[parent.type] ?? '')?.id === id.id;
}

/** `Array(n)` or `new Array(n)`: one argument, so a length. */
function isArrayOfLength(node: SyntaxNode): boolean {
  if (node.type !== 'call_expression' && node.type !== 'new_expression') return false;
  const callee = field(node, node.type === 'call_expression' ? 'function' : 'constructor');
  return callee?.type === 'identifier' && callee.text === 'Array' && namedChildren(field(node, 'arguments') ?? node).length === 1;
}

/** The length of `{ length: n }` (or `{ length }`), the object Array.from reads only the length of; undefined for any other object. */
function lengthOnly(object: SyntaxNode): SyntaxNode | undefined {
  const members = namedChildren(object);
  if (members.length !== 1) return undefined;
  const [member] = members;
  if (member.type === 'shorthand_property_identifier' && member.text === 'length') return member;
  if (member.type !== 'pair' || field(member, 'key')?.text !== 'length') return undefined;
  return field(member, 'value');
}

/** A length that is whole already: a whole literal, or a list's or text's length. */
function wholeCount(node: SyntaxNode): boolean {
  const inner = unparenthesize(node);
  return (inner.type === 'number' && /^\d+$/.test(inner.text)) || (inner.type === 'member_expression' && field(inner, 'property')?.text === 'length');
}

/** A list no name holds yet: a literal, or what split, reversed, repeat, range, slice, sorted, map, keys or values just made. */
function freshList(node: A.Expression, libraryCallees: ReadonlySet<string>): boolean {
  if (node.type === 'ArrayLiteral') return true;
  return node.type === 'CallExpression' && node.callee.type === 'Identifier' && libraryCallees.has(node.callee.id) && ['split', 'reversed', 'repeat', 'range', 'slice', 'sorted', 'map', 'keys', 'values', 'jsKeys', 'jsValues'].includes(node.callee.name);
}

/** Expressions that bind as tightly as a postfix `!`: what a `!` written after them applies to. */
const POSTFIX_OPERANDS = new Set(['identifier', 'member_expression', 'subscript_expression', 'call_expression', 'parenthesized_expression', 'non_null_expression', 'this', 'string', 'template_string', 'number', 'array', 'object', 'new_expression', 'true', 'false', 'null', 'undefined']);

/**
 * `a + b!.c`: the TypeScript grammar reads the `!` as applying to `a + b`, and the `.c` to that.
 * A `!` on anything looser than a postfix expression is always that misreading (written so, it
 * would need parentheses); it changes the meaning only where a member, an index or a call follows.
 */
function misreadAssertion(node: SyntaxNode): boolean {
  const inner = namedChildren(node)[0];
  const parent = node.parent;
  if (!inner || POSTFIX_OPERANDS.has(inner.type) || !parent) return false;
  const followed = parent.type === 'call_expression' ? field(parent, 'function') : field(parent, 'object');
  return ['member_expression', 'subscript_expression', 'call_expression'].includes(parent.type) && followed?.id === node.id;
}

/** A labelled loop being imported: the flag its labelled exits from inner loops set, and which they are. */
interface LabelledLoop {
  loop: SyntaxNode;
  flag: string | undefined;
  breaks: boolean;
  continues: boolean;
}

/** The statements that are loops (a label may name them). */
const LOOPS = new Set(['for_statement', 'for_in_statement', 'while_statement', 'do_statement']);

/** Whether `statements` assign to the name `flag` somewhere inside. */
function setsFlag(statements: A.Statement[], flag: string): boolean {
  let found = false;
  for (const statement of statements) {
    walk(statement, (node) => {
      if (node.type === 'AssignmentStatement' && node.target.type === 'Identifier' && node.target.name === flag) found = true;
    });
  }
  return found;
}

/** The part of `node` JavaScript evaluates first: down through callees, objects and brackets. */
function firstEvaluated(node: SyntaxNode): SyntaxNode {
  const inner = unparenthesize(node);
  const next = inner.type === 'call_expression' ? field(inner, 'function') : inner.type === 'member_expression' || inner.type === 'subscript_expression' ? field(inner, 'object') : undefined;
  return next ? firstEvaluated(next) : inner;
}

/** Whether an await is in `node` outside the functions written in it (a lambda made around it could not hold it). */
function containsAwait(node: SyntaxNode): boolean {
  if (node.type === 'await_expression') return true;
  if (node.type === 'arrow_function' || node.type === 'function_expression') return false;
  return namedChildren(node).some(containsAwait);
}

/** An expression whose reading has no effect and gives the same value twice: a name, or members and elements of one by names and literals. */
function readsOnly(node: SyntaxNode): boolean {
  const inner = unparenthesize(node);
  switch (inner.type) {
    case 'identifier':
    case 'number':
    case 'string':
      return true;
    case 'member_expression':
      return !inner.children.some((child) => child?.type === 'optional_chain') && readsOnly(field(inner, 'object') ?? inner) && field(inner, 'property')?.type === 'property_identifier' && field(inner, 'property')?.text !== 'length';
    case 'subscript_expression': {
      const object = field(inner, 'object');
      const index = field(inner, 'index');
      return !!object && !!index && readsOnly(object) && readsOnly(index);
    }
    case 'call_expression': {
      // m.get(k) of a Map reads as m[k].
      const callee = field(inner, 'function');
      const args = namedChildren(field(inner, 'arguments') ?? inner);
      return callee?.type === 'member_expression' && field(callee, 'property')?.text === 'get' && readsOnly(field(callee, 'object') ?? callee) && args.length === 1 && readsOnly(args[0]);
    }
    default:
      return false;
  }
}

/**
 * The top-level functions (`function f(a, ...xs)`, `const f = (...xs) => …`) whose last parameter
 * is a rest parameter and whose name appears nowhere but as the callee of a call: their calls can
 * pass the rest as one list. A name used otherwise (passed around, shadowed) keeps it reported.
 */
function restParameterFunctions(root: SyntaxNode): Map<string, { fixed: number; declaration: SyntaxNode }> {
  const found = new Map<string, { fixed: number; declaration: SyntaxNode; nameNode: SyntaxNode }>();
  for (let statement of namedChildren(root)) {
    if (statement.type === 'export_statement') statement = field(statement, 'declaration') ?? statement;
    let fn: SyntaxNode | undefined;
    let nameNode: SyntaxNode | undefined;
    if (statement.type === 'function_declaration') {
      fn = statement;
      nameNode = field(statement, 'name');
    } else if (statement.type === 'lexical_declaration' || statement.type === 'variable_declaration') {
      const declarators = namedChildren(statement).filter((child) => child.type === 'variable_declarator');
      const value = declarators.length === 1 ? field(declarators[0], 'value') : undefined;
      if (value && (value.type === 'arrow_function' || value.type === 'function_expression')) {
        fn = value;
        nameNode = field(declarators[0], 'name');
      }
    }
    const parameters = fn && field(fn, 'parameters');
    if (!fn || !parameters || nameNode?.type !== 'identifier') continue;
    const list = namedChildren(parameters);
    const last = list[list.length - 1];
    const isRest = (param: SyntaxNode | undefined): boolean => param?.type === 'rest_pattern' || (param !== undefined && field(param, 'pattern')?.type === 'rest_pattern');
    if (!isRest(last) || list.slice(0, -1).some((param) => param.type !== 'identifier' && !(param.type === 'required_parameter' && field(param, 'pattern')?.type === 'identifier'))) continue;
    if (found.has(nameNode.text)) found.delete(nameNode.text);
    else found.set(nameNode.text, { fixed: list.length - 1, declaration: fn, nameNode });
  }
  if (found.size === 0) return new Map();
  // Every other occurrence of the name must be a call's callee (export lists, dropped, aside).
  const pending: SyntaxNode[] = [root];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if ((node.type === 'export_statement' && isExportList(node)) || isCommonJsExport(node)) continue;
    if ((node.type === 'identifier' || node.type === 'shorthand_property_identifier') && found.has(node.text)) {
      const entry = found.get(node.text)!;
      const called = node.parent?.type === 'call_expression' && field(node.parent, 'function')?.id === node.id;
      if (node.id !== entry.nameNode.id && !called) found.delete(node.text);
    }
    for (const child of node.children) if (child) pending.push(child);
  }
  return new Map([...found].map(([name, { fixed, declaration }]) => [name, { fixed, declaration }]));
}

/** Whether a JavaScript expression only reads names, numbers and fields and does arithmetic: read twice, it gives the same value and does nothing else. */
function readsOnlyNumbers(node: SyntaxNode): boolean {
  switch (node.type) {
    case 'identifier':
    case 'number':
      return true;
    case 'parenthesized_expression':
      return namedChildren(node).length === 1 && readsOnlyNumbers(namedChildren(node)[0]);
    case 'member_expression': {
      const object = field(node, 'object');
      return object !== undefined && field(node, 'property')?.type === 'property_identifier' && readsOnlyNumbers(object);
    }
    case 'unary_expression':
      return field(node, 'operator')?.text === '-' && readsOnlyNumbers(field(node, 'argument') ?? node);
    case 'binary_expression': {
      const left = field(node, 'left');
      const right = field(node, 'right');
      return ['+', '-', '*', '/', '%'].includes(field(node, 'operator')?.text ?? '') && left !== undefined && right !== undefined && readsOnlyNumbers(left) && readsOnlyNumbers(right);
    }
    default:
      return false;
  }
}
