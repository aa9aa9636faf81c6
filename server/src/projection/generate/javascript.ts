// Whetstone AST to JavaScript (an ES2022 module) or, with types, TypeScript. Whetstone's numbers,
// strings, operators and block scoping are JavaScript's, so most nodes map one to one; the
// built-ins map to their JavaScript idiom (print → console.log, len → .length, push → .push,
// range in a for → a counted loop, min → Math.min…) and to a small helper where JavaScript has no
// built-in of the same meaning (how print shows lists, rounding halves away from zero, an index
// outside a list or text as an error).
// @performance(memoize|cache) becomes a memo Map; other annotations become comments.
import { walk } from '../../core/ast';
import type * as A from '../../core/ast';
import { ANY, BUILTINS, listOf, parseTypeSyntax, stripOptional, type SemanticSymbol, type Type, type TypeSyntax } from '../../core/semantics';
import { binaryFragment, CodeWriter, fragment, wrap, type Fragment } from '../writer';
import { alwaysStops, annotationsOf, annotationText, chosenValue, GenerationContext, isMemoAnnotation, isPure, memoizable, numberText, someNode, type GenerateResult } from './common';
import { NumberFacts } from './number-facts';
import { kindTest, TEXT_KINDS } from '../text-kinds';
import { emptyObjectsHeldInMaps, reportMapFlows } from './map-flow';
import { INDEX_KEY_WALKED, objectsGivenIndexKeys, walksIndexKeyedObject } from './index-keys-on-objects';
import { heldInMap, keyedByOtherThanTexts, MAP_SHOWN_BY_NODE, PLAIN_OBJECT_WALKED, walksPlainEmptyObject } from './map-keys';
import { jsHelperSource, type JsHelper } from './runtime-javascript';

// Precedence, higher binds tighter (ECMAScript's operator precedence).
const LAMBDA = 2;
const CONDITIONAL = 3;
const BINARY: Record<A.BinaryOperator, number> = {
  '||': 4,
  '&&': 5,
  '|': 6,
  '^': 7,
  '&': 8,
  '==': 9,
  '!=': 9,
  '<': 10,
  '<=': 10,
  '>': 10,
  '>=': 10,
  '<<': 11,
  '>>': 11,
  '+': 12,
  '-': 12,
  '*': 13,
  '/': 13,
  '%': 13,
  '**': 14,
};
const UNARY = 15;
/** What `typeof` answers for the values of each type a type test takes (lists are `Array.isArray`). */
const JS_TYPEOF: Record<string, string | undefined> = { number: 'number', string: 'string', bool: 'boolean' };
/** The expressions TypeScript narrows by a typeof or Array.isArray test of them. */
const NARROWABLE: ReadonlySet<string> = new Set(['Identifier', 'MemberExpression', 'IndexExpression']);
const POSTFIX = 18;
const PRIMARY = 20;

const RESERVED = new Set(
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await arguments eval undefined NaN Infinity console Math Object String Number Array JSON'.split(
    ' ',
  ),
);

/** Built-ins that may change a list's length, or call a function of the program that may. */
/** The built-ins that call a function of the program on each element of a list. */
const LIST_WALKS = ['map', 'filter', 'reduce', 'some', 'every', 'find', 'forEach'];

const RESIZING: ReadonlySet<string> = new Set(['push', 'splice', 'sort', 'sorted', ...LIST_WALKS, 'pop', 'shift']);

/** The built-ins whose first parameter, typed any, takes a list, a text or a map (never null). */
const CONTAINER_FIRST: ReadonlySet<string> = new Set(['len', 'includes', 'reversed', 'indexOf', 'lastIndexOf', 'slice', 'stepSlice', 'splice']);
const CONTAINER: Type = listOf(ANY);

const MATH: Record<string, string> = { min: 'Math.min', max: 'Math.max', abs: 'Math.abs', floor: 'Math.floor', ceil: 'Math.ceil', sqrt: 'Math.sqrt', pow: 'Math.pow' };

/** The text built-ins that are a string method of the same meaning: text.method(…the other arguments). */
const TEXT_METHODS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    upper: 'toUpperCase',
    lower: 'toLowerCase',
    trim: 'trim',
    trimStart: 'trimStart',
    trimEnd: 'trimEnd',
    startsWith: 'startsWith',
    endsWith: 'endsWith',
    substring: 'substring',
    padStart: 'padStart',
    padEnd: 'padEnd',
    charCodeAt: 'charCodeAt',
    charAt: 'charAt',
  }),
);

export function generateJavaScript(program: A.Program, typescript: boolean): GenerateResult {
  return new JavaScriptGenerator(program, typescript).run();
}

class JavaScriptGenerator {
  private readonly ctx: GenerationContext;
  private readonly language: string;

  constructor(
    private readonly program: A.Program,
    private readonly typescript: boolean,
  ) {
    this.ctx = new GenerationContext(program);
    this.language = typescript ? 'TypeScript' : 'JavaScript';
    this.numbers = new NumberFacts(program, this.ctx.model);
    walk(program, (node) => {
      if (node.type === 'FunctionDeclaration' || node.type === 'VariableDeclaration' || node.type === 'Parameter' || node.type === 'TypeDeclaration') this.declared.add(node.name);
      if (node.type === 'ForStatement') this.declared.add(node.iterator);
      if (node.type === 'TryStatement') this.declared.add(node.catchName);
      if (node.type === 'ImportDeclaration') node.names.forEach((name) => this.declared.add(name));
    });
  }

  private readonly numbers: NumberFacts;

  /** Whether the objects of no fields are held in Maps (map-keys.ts), decided once for the program. */
  private emptyObjectsInMaps = true;

  /** The calls reported for walking such an object kept plain (a call may be written twice). */
  private readonly plainWalks = new Set<string>();

  /** The types of the objects with fields that the program gives a key that may look like an array index (index-keys-on-objects.ts). */
  private indexKeyedObjects: ReadonlySet<string> = new Set();

  /** The program's top-level functions that call themselves, directly or through others (recursiveReturnType). */
  private recursive: ReadonlySet<string> | undefined;

  /** The names the program declares: only these are renamed away from JavaScript's reserved words. */
  private readonly declared = new Set<string>();

  /** The loops being written that walk every index of a list they do not resize: its symbol and the counter's. */
  private readonly walks: { list: SemanticSymbol; counter: SemanticSymbol }[] = [];

  run(): GenerateResult {
    this.emptyObjectsInMaps = emptyObjectsHeldInMaps(this.program, this.ctx, (callee) => this.isBuiltin(callee));
    reportMapFlows(this.program, this.ctx, this.language, (callee) => this.isBuiltin(callee), this.emptyObjectsInMaps);
    this.indexKeyedObjects = objectsGivenIndexKeys(this.program, this.ctx);
    const body = new CodeWriter('  ');
    const imports: string[] = [];
    let previous: A.TopLevel | undefined;
    const children = this.program.children;
    for (let index = 0; index < children.length; index++) {
      const child = children[index];
      if (child.type === 'ImportDeclaration') {
        imports.push(this.importLine(child));
        continue;
      }
      const isDeclaration = child.type === 'FunctionDeclaration' || child.type === 'TypeDeclaration';
      if (previous && (isDeclaration || previous.type === 'FunctionDeclaration' || previous.type === 'TypeDeclaration')) body.blank();
      if (child.type === 'FunctionDeclaration') this.functionDeclaration(body, child);
      else if (child.type === 'TypeDeclaration') this.typeDeclaration(body, child);
      else if (this.chosen(body, child, children[index + 1])) index++;
      else this.statement(body, child);
      previous = child;
    }
    const out = new CodeWriter('  ');
    const helpers = this.ctx.usedHelpers() as JsHelper[];
    // nodeInspect is an import: it goes with the program's own.
    if (helpers.includes('nodeInspect')) imports.push(jsHelperSource('nodeInspect', this.typescript, (base) => this.ctx.helper(base)));
    for (const line of imports) out.line(line);
    out.blank();
    for (const helper of helpers.filter((used) => used !== 'nodeInspect')) {
      out.line(jsHelperSource(helper, this.typescript, (base) => this.ctx.helper(base)));
      out.blank();
    }
    // TypeScript reads a file with no import as a script, whose names meet the DOM library's
    // globals (a record `Node` or `Text` would merge with them): an empty export makes it a module.
    if (this.typescript && imports.length === 0) body.line('export {};');
    const head = out.toString();
    const code = body.toString();
    return { code: head === '' ? code : code === '' ? head : `${head}\n${code}`, diagnostics: this.ctx.diagnostics };
  }

  private name(name: string): string {
    return RESERVED.has(name) && this.declared.has(name) ? `${name}_` : name;
  }

  private importLine(node: A.ImportDeclaration): string {
    const from = JSON.stringify(node.module.replace(/\./g, '/'));
    if (node.names.length === 0) return `import * as ${this.name(node.module.split('.').pop() ?? node.module)} from ${from};`;
    return `import { ${node.names.map((name) => this.name(name)).join(', ')} } from ${from};`;
  }

  // ---------------------------------------------------------------------------------------------
  // Types (TypeScript)

  private type(text: string | null): string {
    if (text === null) return 'any';
    const syntax = parseTypeSyntax(text);
    return syntax ? this.typeSyntax(syntax) : 'any';
  }

  private typeSyntax(syntax: TypeSyntax): string {
    let base: string;
    if (syntax.form === 'group') {
      base = this.typeSyntax(syntax.inner);
    } else {
      const args = syntax.args.map((arg) => this.typeSyntax(arg));
      switch (syntax.name) {
        case 'bool':
          base = 'boolean';
          break;
        case 'list': {
          const element = args[0] ?? 'any';
          base = /[|&]/.test(element) ? `(${element})[]` : `${element}[]`;
          break;
        }
        case 'map':
          // Every map is a Map (map-keys.ts).
          base = `Map<${args[0] ?? 'any'}, ${args[1] ?? 'any'}>`;
          break;
        default:
          base = syntax.name;
      }
    }
    return syntax.optional ? `${base} | null` : base;
  }

  private typeDeclaration(w: CodeWriter, node: A.TypeDeclaration): void {
    this.annotationComments(w, node.annotations);
    if (this.typescript) {
      w.line(`interface ${node.name} {`);
      w.indented(() => {
        for (const field of node.fields) w.line(`${field.name}: ${this.type(field.fieldType)};`);
      });
      w.line('}');
    } else {
      const fields = node.fields.map((field) => `${field.name}: ${this.type(field.fieldType)}`).join(', ');
      w.line(`/** @typedef {{ ${fields} }} ${node.name} */`);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Functions

  private parameters(parameters: readonly A.Parameter[]): string {
    return parameters
      .map((param) => {
        const type = this.typescript ? `: ${this.type(param.paramType)}` : '';
        const value = param.defaultValue ? ` = ${this.expression(param.defaultValue).text}` : '';
        return `${this.name(param.name)}${type}${value}`;
      })
      .join(', ');
  }

  private returnAnnotation(returnType: string | null, isAsync: boolean): string {
    if (!this.typescript || returnType === null) return '';
    return isAsync ? `: Promise<${this.type(returnType)}>` : `: ${this.type(returnType)}`;
  }

  /**
   * TypeScript cannot infer the return type of a function that calls itself, directly or through
   * others (TS7023 under --strict): such a function without a written return type is given the
   * checker's (any where it says nothing).
   */
  private recursiveReturnType(node: A.FunctionDeclaration): string | null {
    if (!this.typescript || !(this.recursive ??= recursiveFunctions(this.program)).has(node.name)) return null;
    const type = this.ctx.model.symbolsDeclaredBy(node.id)[0]?.type;
    return (type?.kind === 'function' ? typeString(type.returnType) : null) ?? 'any';
  }

  private functionDeclaration(w: CodeWriter, node: A.FunctionDeclaration): void {
    const memo = node.annotations.find(isMemoAnnotation);
    this.annotationComments(w, node.annotations.filter((annotation) => !(annotation === memo && memoizable(node))));
    const head = `${node.async ? 'async ' : ''}function`;
    const signature = `(${this.parameters(node.parameters)})${this.returnAnnotation(node.returnType ?? this.recursiveReturnType(node), node.async)}`;
    if (memo && memoizable(node)) {
      this.memoized(w, node, head, signature);
      return;
    }
    w.line(`${head} ${this.name(node.name)}${signature} {`);
    w.indented(() => this.statements(w, node.body.statements));
    w.line('}');
  }

  /**
   * `@performance(memoize)`: the function answers from a memo Map keyed by its arguments, and
   * computes (through the original body, renamed) only what it has not seen.
   */
  private memoized(w: CodeWriter, node: A.FunctionDeclaration, head: string, signature: string): void {
    const name = this.name(node.name);
    const memo = this.ctx.freshName(`${node.name}Memo`);
    const compute = this.ctx.freshName(`${node.name}Uncached`);
    const params = node.parameters.map((param) => this.name(param.name));
    const single = params.length === 1;
    const keyType = single ? this.type(node.parameters[0].paramType) : 'string';
    const valueType = node.returnType === null ? 'any' : node.async ? `Promise<${this.type(node.returnType)}>` : this.type(node.returnType);
    w.line(`${annotationText(node.annotations.find(isMemoAnnotation)!).replace(/^/, '// ')}: results kept in ${memo}, keyed by the arguments.`);
    w.line(`const ${memo} = new Map${this.typescript ? `<${keyType}, ${valueType}>` : ''}();`);
    w.line(`function ${name}(${this.parameters(node.parameters)})${this.typescript && node.returnType !== null ? `: ${valueType}` : ''} {`);
    w.indented(() => {
      w.line(`const key = ${single ? params[0] : `JSON.stringify([${params.join(', ')}])`};`);
      w.line(`if (!${memo}.has(key)) ${memo}.set(key, ${compute}(${params.join(', ')}));`);
      w.line(`return ${memo}.get(key)${this.typescript ? '!' : ''};`);
    });
    w.line('}');
    w.blank();
    w.line(`${head} ${compute}${signature} {`);
    w.indented(() => this.statements(w, node.body.statements));
    w.line('}');
  }

  private annotationComments(w: CodeWriter, annotations: readonly A.Annotation[]): void {
    for (const annotation of annotations) w.line(`// ${annotationText(annotation)}`);
  }

  // ---------------------------------------------------------------------------------------------
  // Statements

  private statements(w: CodeWriter, statements: readonly A.Statement[]): void {
    for (let index = 0; index < statements.length; index++) {
      if (this.chosen(w, statements[index], statements[index + 1])) index++;
      else this.statement(w, statements[index]);
    }
  }

  /** Writes `let x = c ? a : b;` for a declaration and the if/else that chooses its value; false when they are not that. */
  private chosen(w: CodeWriter, first: A.Node, second: A.Node | undefined): boolean {
    const chosen = chosenValue(first, second);
    if (!chosen) return false;
    const { declaration } = chosen;
    const type = this.typescript && declaration.varType !== null ? `: ${this.type(declaration.varType)}` : '';
    const condition = wrap(this.expression(chosen.condition), CONDITIONAL + 1);
    const value = `${condition} ? ${wrap(this.expression(chosen.whenTrue), CONDITIONAL)} : ${wrap(this.expression(chosen.whenFalse), CONDITIONAL)}`;
    // The if/else was the only writer of the name when nothing else assigns it: then it is a const.
    const symbol = this.ctx.model.symbolsDeclaredBy(declaration.id)[0];
    const writes = symbol ? this.ctx.model.referenceDetailsOf(symbol).filter((reference) => reference.kind !== 'read' && reference.kind !== 'declaration').length : 0;
    w.line(`${writes <= 2 ? 'const' : 'let'} ${this.name(declaration.name)}${type} = ${value};`);
    return true;
  }

  private block(w: CodeWriter, block: A.Block): void {
    w.indented(() => this.statements(w, block.statements));
  }

  private statement(w: CodeWriter, node: A.Statement): void {
    this.annotationComments(w, annotationsOf(node));
    switch (node.type) {
      case 'VariableDeclaration': {
        const declared = this.typescript ? this.variableType(node) : '';
        const value = node.initializer ? ` = ${this.expression(node.initializer).text}` : '';
        w.line(`${node.kind} ${this.name(node.name)}${declared}${value};`);
        return;
      }
      case 'AssignmentStatement':
        if (node.target.type === 'IndexExpression' && this.inMap(node.target.object)) {
          w.line(`${this.mapWrite(node.target, node.operator, node.value)};`);
          return;
        }
        w.line(`${this.target(node.target)} ${node.operator} ${this.expression(node.value).text};`);
        return;
      case 'MultipleAssignment':
        // Destructuring evaluates the whole list before assigning, as Whetstone does.
        w.line(`[${node.targets.map((target) => this.target(target)).join(', ')}] = [${node.values.map((value) => this.expression(value).text).join(', ')}];`);
        return;
      case 'ReturnStatement':
        w.line(node.value ? `return ${this.expression(node.value).text};` : 'return;');
        return;
      case 'IfStatement':
        this.ifStatement(w, node, 'if');
        return;
      case 'WhileStatement':
        w.line(`while (${this.expression(node.condition).text}) {`);
        this.block(w, node.body);
        w.line('}');
        return;
      case 'ForStatement':
        this.forStatement(w, node);
        return;
      case 'BreakStatement':
        w.line('break;');
        return;
      case 'ContinueStatement':
        w.line('continue;');
        return;
      case 'ThrowStatement':
        w.line(`throw new ${this.ctx.helper('WhetstoneError')}(${this.expression(node.value).text});`);
        return;
      case 'TryStatement':
        this.tryStatement(w, node);
        return;
      case 'ExpressionStatement': {
        // assert(false, m) always stops: a throw says so to TypeScript's checks of what follows.
        const stop = alwaysStops(node.expression, (callee) => this.isBuiltin(callee, 'assert'));
        if (stop) {
          w.line(`throw new Error(${stop.message ? this.expression(stop.message).text : '"assertion failed"'});`);
          return;
        }
        const text = this.expression(node.expression).text;
        w.line(/^(\{|function\b)/.test(text) ? `(${text});` : `${text};`);
        return;
      }
      case 'ErrorNode':
        this.ctx.unfaithful(node, this.language, `source that did not parse (${node.text.slice(0, 60)})`);
        w.line(`// not carried: ${node.text.split('\n')[0]}`);
        return;
    }
  }

  /** TypeScript: the declared type; for `let x;`, `[]` or `{}` the checker's type (else TypeScript infers). */
  private variableType(node: A.VariableDeclaration): string {
    if (node.varType !== null) return `: ${this.type(node.varType)}`;
    const init = node.initializer;
    // A const of a literal would have the literal's own type (`3`), which TypeScript refuses to
    // compare with another literal (`total !== 0`): it is given the literal's wider type.
    const literal = init?.type === 'UnaryExpression' && init.operator === '-' ? init.operand : init;
    if (node.kind === 'const' && literal?.type === 'Literal' && literal.value !== null) {
      return `: ${typeof literal.value === 'number' ? 'number' : typeof literal.value === 'string' ? 'string' : 'boolean'}`;
    }
    const needsType = !init || (init.type === 'ArrayLiteral' && init.elements.length === 0) || (init.type === 'ObjectLiteral' && init.properties.length === 0) || (init.type === 'Literal' && init.value === null);
    if (!needsType) return '';
    const symbol = this.ctx.model.symbolsDeclaredBy(node.id)[0];
    const known = symbol ? typeString(symbol.type) : null;
    return `: ${known !== null ? this.type(known) : 'any'}`;
  }

  /** `if (…) {`, or `} else if (…) {` when it continues the chain of the `if` before it. */
  private ifStatement(w: CodeWriter, node: A.IfStatement, opening: 'if' | '} else if'): void {
    w.line(`${opening} (${this.expression(node.condition).text}) {`);
    this.block(w, node.consequent);
    if (node.alternate?.type === 'IfStatement' && node.alternate.annotations.length === 0) {
      this.ifStatement(w, node.alternate, '} else if');
    } else if (node.alternate) {
      w.line('} else {');
      if (node.alternate.type === 'Block') this.block(w, node.alternate);
      else w.indented(() => this.statement(w, node.alternate as A.IfStatement));
      w.line('}');
    } else {
      w.line('}');
    }
  }

  /**
   * `try { … } catch (caught) { if (!(caught instanceof WhetstoneError)) throw caught; const e = caught.message; … }`:
   * the catch takes only Whetstone's throws (a failed assert and the runtime's own errors go on),
   * and the handler knows the message by the catch name.
   */
  private tryStatement(w: CodeWriter, node: A.TryStatement): void {
    const errorClass = this.ctx.helper('WhetstoneError');
    const caught = this.ctx.freshName('caught');
    const symbol = this.ctx.model.symbolsDeclaredBy(node.id)[0];
    const written = symbol ? this.ctx.model.referenceDetailsOf(symbol).some((reference) => reference.kind === 'write' || reference.kind === 'readwrite') : false;
    w.line('try {');
    this.block(w, node.body);
    w.line(`} catch (${caught}) {`);
    w.indented(() => {
      w.line(`if (!(${caught} instanceof ${errorClass})) throw ${caught};`);
      w.line(`${written ? 'let' : 'const'} ${this.name(node.catchName)}${this.typescript ? ': string' : ''} = ${caught}.message;`);
      this.statements(w, node.handler.statements);
    });
    w.line('}');
  }

  private forStatement(w: CodeWriter, node: A.ForStatement): void {
    const iterator = this.name(node.iterator);
    const range = this.countedRange(node);
    if (range?.hoisted) {
      const end = this.ctx.freshName('end');
      w.line(`for (let ${iterator} = ${range.start}, ${end} = ${range.end}; ${iterator} < ${end}; ${iterator}++) {`);
    } else if (range) {
      w.line(`for (let ${iterator} = ${range.start}; ${iterator} < ${range.end}; ${iterator}++) {`);
      const walk = this.walkOf(node);
      if (walk) {
        this.walks.push(walk);
        this.block(w, node.body);
        this.walks.pop();
        w.line('}');
        return;
      }
    } else {
      const kind = assignsName(node.body, node.iterator) ? 'let' : 'const';
      // A Map's entry read is null where the key is missing (walking it stops the program): TypeScript is told it walks the entry's type.
      const mapEntry = this.typescript && node.iterable.type === 'IndexExpression' && this.inMap(node.iterable.object);
      const iterable = this.expression(node.iterable).text;
      w.line(`for (${kind} ${iterator} of ${iterable}${mapEntry && !iterable.endsWith('!') ? '!' : ''}) {`);
    }
    this.block(w, node.body);
    w.line('}');
  }

  /**
   * `for i in range(a, b)` as a counted loop, when that means the same: the body must not assign
   * the counter, and the end is evaluated once by range, so it is written in the condition only
   * when it is a literal or a name (or len of a name) the body does not change; else it is held
   * in a name of its own (hoisted).
   */
  private countedRange(node: A.ForStatement): { start: string; end: string; hoisted: boolean } | undefined {
    const iterable = node.iterable;
    if (iterable.type !== 'CallExpression' || !this.isBuiltin(iterable.callee, 'range')) return undefined;
    const args = iterable.arguments;
    if (args.length < 1 || args.length > 2 || assignsName(node.body, node.iterator)) return undefined;
    const end = args[args.length - 1];
    const start = args.length === 2 ? args[0] : undefined;
    const hoisted = !stableIn(end, node.body, (callee) => this.isBuiltin(callee) && !RESIZING.has((callee as A.Identifier).name));
    return { start: start ? this.expression(start).text : '0', end: hoisted ? this.expression(end).text : wrap(this.expression(end), BINARY['<'] + 1), hoisted };
  }

  /**
   * `for i in range(len(xs))` (or from another whole number from 0 up) written as a counted loop
   * over a list the body does not resize or assign: `xs[i]` in it is always in range.
   */
  private walkOf(node: A.ForStatement): { list: SemanticSymbol; counter: SemanticSymbol } | undefined {
    const iterable = node.iterable as A.CallExpression;
    const [first, second] = iterable.arguments;
    const end = second ?? first;
    if (second && !this.numbers.wholeFromZero(first)) return undefined;
    if (end.type !== 'CallExpression' || !this.isBuiltin(end.callee, 'len') || end.arguments[0]?.type !== 'Identifier') return undefined;
    const list = this.ctx.model.symbolOf(end.arguments[0].id);
    const counter = this.ctx.model.symbolOf(node.id);
    return list && counter ? { list, counter } : undefined;
  }

  /** Whether `xs[i]` is in a loop that walks the indices of `xs` with `i`. */
  private inRange(node: A.IndexExpression): boolean {
    if (node.object.type !== 'Identifier' || node.index.type !== 'Identifier' || this.walks.length === 0) return false;
    const list = this.ctx.model.symbolOf(node.object.id);
    const counter = this.ctx.model.symbolOf(node.index.id);
    return this.walks.some((walk) => walk.list === list && walk.counter === counter);
  }

  // ---------------------------------------------------------------------------------------------
  // Expressions

  private isBuiltin(callee: A.Expression, name?: string): boolean {
    if (callee.type !== 'Identifier' || (name !== undefined && callee.name !== name) || !BUILTINS.has(callee.name)) return false;
    const symbol = this.ctx.model.symbolOf(callee.id);
    return !symbol || symbol.kind === 'builtin';
  }

  expression(node: A.Expression): Fragment {
    switch (node.type) {
      case 'Identifier':
        return fragment(this.name(node.name), PRIMARY);
      case 'Literal':
        return this.literal(node);
      case 'BinaryExpression': {
        const operator = node.operator === '==' || node.operator === '!=' ? this.equality(node) : node.operator;
        let left = this.expression(node.left);
        if (this.typescript && node.left.type === 'Literal' && node.right.type === 'Literal' && node.left.value !== null && BINARY[node.operator] <= BINARY['<']) {
          // TypeScript refuses to compare two different literal types ("x" !== "y"): widen the left one.
          left = fragment(`(${left.text} as ${typeof node.left.value === 'boolean' ? 'boolean' : typeof node.left.value})`, PRIMARY);
        }
        // `**` associates to the right, and its left operand may not be a prefix expression (`(-a) ** b`).
        if (node.operator === '**') return fragment(`${wrap(left, UNARY + 1)} ** ${wrap(this.expression(node.right), BINARY['**'])}`, BINARY['**']);
        return binaryFragment(operator, left, this.expression(node.right), BINARY[node.operator]);
      }
      case 'ConditionalExpression': {
        const [condition, consequent, alternate] = [node.condition, node.consequent, node.alternate].map((part) => this.expression(part));
        // `includes(m, k) ? m[k] : d` of a Map reads an entry that is there: TypeScript is told it is not null.
        const entry = node.consequent;
        const held = this.typescript && entry.type === 'IndexExpression' && this.inMap(entry.object) && node.condition.type === 'CallExpression' && this.isBuiltin(node.condition.callee, 'includes');
        if (held && node.condition.type === 'CallExpression' && node.condition.arguments.map((arg) => this.expression(arg).text).join('\0') === [entry.object, entry.index].map((part) => this.expression(part).text).join('\0')) {
          return fragment(`${wrap(condition, CONDITIONAL + 1)} ? ${wrap(this.expression(entry.object), POSTFIX)}.get(${this.expression(entry.index).text})! : ${alternate.text}`, CONDITIONAL);
        }
        return fragment(`${wrap(condition, CONDITIONAL + 1)} ? ${consequent.text} : ${alternate.text}`, CONDITIONAL);
      }
      case 'TypeTest':
        return this.typeTest(node);
      case 'UnaryExpression': {
        const operand = this.expression(node.operand);
        if (node.operator === 'await') return fragment(`await ${wrap(operand, UNARY)}`, UNARY);
        const text = wrap(operand, UNARY);
        return fragment(`${node.operator}${text.startsWith(node.operator) ? `(${text})` : text}`, UNARY);
      }
      case 'CallExpression':
        return this.call(node);
      case 'MemberExpression': {
        const object = this.expression(node.object);
        const needs = object.precedence < POSTFIX || node.object.type === 'Literal';
        // Whetstone reads a field of a value that may be null (an error at run time where it is, in
        // every target); TypeScript asks to be told it is not.
        const asserted = this.typescript && this.ctx.isKind(node.object, 'optional', 'null') ? '!' : '';
        return fragment(`${needs ? `(${object.text})` : object.text}${asserted}.${node.property}`, POSTFIX);
      }
      case 'IndexExpression': {
        const object = this.asserted(this.expression(node.object), node.object, CONTAINER);
        // A Map answers undefined for a key it does not hold, where Whetstone reads null.
        if (this.inMap(node.object)) {
          const read = `(${wrap(object, POSTFIX)}.get(${this.expression(node.index).text}) ?? null)`;
          // Whetstone types the read as the map's value type, as TypeScript types an object's: TypeScript is told so.
          const entryType = this.typescript ? this.ctx.model.typeOf(node.id) : undefined;
          return entryType && entryType.kind !== 'optional' ? fragment(`${read}!`, POSTFIX) : fragment(read, PRIMARY);
        }
        const type = this.typescript ? this.ctx.model.typeOf(node.object.id) : undefined;
        const stripped = type ? stripOptional(type) : undefined;
        // A text key that is no field of an object literal's type (d["b"] of { a: 1 }, read where it may be missing).
        const strangerKey = stripped?.kind === 'object' && node.index.type === 'Literal' && typeof node.index.value === 'string' && !stripped.fields.has(node.index.value);
        if (this.typescript && this.ctx.isKind(node.object, 'object', 'named') && (strangerKey || !(node.index.type === 'Literal' && typeof node.index.value === 'string'))) {
          // TypeScript indexes a record's type only by its field names: a key held in a string reads it as a map.
          return fragment(`(${object.text} as Record<string, any>)[${this.expression(node.index).text}]`, POSTFIX);
        }
        if (this.keyed(node) || this.inRange(node)) return fragment(`${wrap(object, POSTFIX)}[${this.expression(node.index).text}]`, POSTFIX);
        // Out of range is an error in Whetstone, undefined in JavaScript.
        this.ctx.helper('indexIn');
        // TypeScript would read an `any` as a list of unknown: <any> picks the list overload with any elements.
        const typeArgument = this.typescript && !this.ctx.isKind(node.object, 'list', 'string') ? '<any>' : '';
        return fragment(`${this.ctx.helper('itemAt')}${typeArgument}(${object.text}, ${this.expression(node.index).text})`, POSTFIX);
      }
      case 'ArrayLiteral':
        return fragment(`[${node.elements.map((element) => this.expression(element).text).join(', ')}]`, PRIMARY);
      case 'ObjectLiteral':
        if (heldInMap(this.ctx.typeOf(node), this.emptyObjectsInMaps)) {
          // A map's entries in the order written; a key is a text, `__proto__` one like any other.
          const entries = node.properties.map((property) => `[${JSON.stringify(property.key)}, ${this.expression(property.value).text}]`);
          return fragment(entries.length === 0 ? 'new Map()' : `new Map([${entries.join(', ')}])`, PRIMARY);
        }
        if (node.properties.length === 0) return fragment('{}', PRIMARY);
        // A `__proto__:` key would set the prototype; a computed key makes it an own property.
        return fragment(`{ ${node.properties.map((property) => `${property.key === '__proto__' ? '["__proto__"]' : property.key}: ${this.expression(property.value).text}`).join(', ')} }`, PRIMARY);
      case 'Lambda':
        return this.lambda(node);
      case 'ErrorNode':
        this.ctx.unfaithful(node, this.language, `source that did not parse (${node.text.slice(0, 60)})`);
        return fragment('undefined', PRIMARY);
    }
  }

  /** Whether `node` is a map the generated code holds in a Map (map-keys.ts). */
  private inMap(node: A.Expression): boolean {
    return heldInMap(this.ctx.typeOf(node), this.emptyObjectsInMaps);
  }

  /** `m[k] = v` (or `+=` …) on a map held in a Map: `m.set(k, v)`, the key and map read once. */
  private mapWrite(target: A.IndexExpression, operator: string, value: A.Expression): string {
    const map = wrap(this.expression(target.object), POSTFIX);
    const key = this.expression(target.index).text;
    const given = this.expression(value);
    if (operator === '=') return `${map}.set(${key}, ${given.text})`;
    if (!isPure(target.object) || !isPure(target.index)) this.ctx.unfaithful(target, this.language, `a ${operator} of a map entry whose map or key is not a plain name or value (it would be read twice)`);
    // As `m[k] += v` on an object: the entry read as it is (undefined when missing).
    const read = `${map}.get(${key})${this.typescript ? '!' : ''}`;
    const binary = operator.slice(0, -1) as A.BinaryOperator;
    return `${map}.set(${key}, ${binaryFragment(binary, fragment(read, POSTFIX), given, BINARY[binary]).text})`;
  }

  /** Whether `m[k]` reads or writes a map, record or object by key rather than a list or text by index. */
  private keyed(node: A.IndexExpression): boolean {
    return this.ctx.isKind(node.object, 'map', 'object', 'named') || (this.ctx.isKind(node.index, 'string') && !this.ctx.isKind(node.object, 'list', 'string'));
  }

  /**
   * An assignment target. An element of a list is written at `indexIn(xs, i)`: outside 0 … len - 1
   * it is an error in Whetstone, where JavaScript would write past the end (or a property "-1").
   */
  private target(node: A.Expression): string {
    if (node.type !== 'IndexExpression' || this.keyed(node) || this.inRange(node)) return this.expression(node).text;
    const object = this.expression(node.object);
    const index = this.expression(node.index).text;
    // The list is named twice (written in, and measured), so it must be the same list both times.
    if (isPure(node.object)) return `${wrap(object, POSTFIX)}[${this.ctx.helper('indexIn')}(${object.text}, ${index})]`;
    this.ctx.unfaithful(node, this.language, 'an element written in a list that a call gives (its index is not checked)');
    return `${wrap(object, POSTFIX)}[${index}]`;
  }

  /**
   * `x is T`: `typeof` for numbers (NaN and the infinities are numbers, as in Whetstone), strings
   * and booleans, `Array.isArray` for lists. The operand is evaluated once.
   */
  private typeTest(node: A.TypeTest): Fragment {
    let operand = this.expression(node.operand);
    // TypeScript would narrow a name, member or element by the test by its own rules (an `any` to
    // `number | boolean` after `x is number or x is bool`, which `+=` refuses); the code after the
    // test was checked with the types Whetstone gives it. `as unknown` keeps them.
    if (this.typescript && NARROWABLE.has(node.operand.type)) operand = fragment(`(${operand.text} as unknown)`, PRIMARY);
    if (node.testedType === 'list') return fragment(`Array.isArray(${operand.text})`, POSTFIX);
    const typeofName = JS_TYPEOF[node.testedType];
    if (typeofName === undefined) {
      this.ctx.unfaithful(node, this.language, `a type test of '${node.testedType}', which no value can be told by when the program runs`);
      return fragment('false', PRIMARY);
    }
    return fragment(`typeof ${wrap(operand, UNARY)} === ${JSON.stringify(typeofName)}`, BINARY['==']);
  }

  /** `===`, except against null: `== null` also catches a missing field or element. */
  private equality(node: A.BinaryExpression): string {
    const againstNull = [node.left, node.right].some((side) => side.type === 'Literal' && side.value === null);
    if (node.operator === '==') return againstNull ? '==' : '===';
    return againstNull ? '!=' : '!==';
  }

  /**
   * A value that may be null given where a built-in takes a list, a text, a number…: Whetstone
   * lets it through (null there is an error at run time, in every target); TypeScript asks to be
   * told it is not null.
   */
  private asserted(value: Fragment, node: A.Expression, takes: Type | undefined): Fragment {
    if (!this.typescript || !takes || ['any', 'optional', 'null'].includes(takes.kind) || !this.ctx.isKind(node, 'optional', 'null')) return value;
    return fragment(`${wrap(value, POSTFIX)}!`, POSTFIX);
  }

  private literal(node: A.Literal): Fragment {
    const { value } = node;
    if (typeof value === 'string') return fragment(JSON.stringify(value), PRIMARY);
    if (typeof value === 'number') return fragment(numberText(value), value < 0 ? UNARY : PRIMARY);
    return fragment(String(value), PRIMARY);
  }

  private lambda(node: A.Lambda): Fragment {
    const params = `(${this.parameters(node.parameters)})${this.returnAnnotation(node.returnType, false)}`;
    if (node.body.type !== 'Block') {
      const body = this.expression(node.body);
      const text = node.body.type === 'ObjectLiteral' ? `(${body.text})` : wrap(body, LAMBDA);
      return fragment(`${params} => ${text}`, LAMBDA);
    }
    const inner = new CodeWriter('  ');
    inner.indented(() => this.statements(inner, (node.body as A.Block).statements));
    const body = inner.toString().trimEnd();
    return fragment(body === '' ? `${params} => {}` : `${params} => {\n${body}\n}`, LAMBDA);
  }

  private call(node: A.CallExpression): Fragment {
    const builtin = this.isBuiltin(node.callee) ? BUILTINS.get((node.callee as A.Identifier).name) : undefined;
    const takes = (index: number): Type | undefined => (index === 0 && builtin && CONTAINER_FIRST.has(builtin.name) ? CONTAINER : builtin && (builtin.type.params[index]?.type ?? builtin.type.rest?.type));
    const args = node.arguments.map((arg, index) => this.asserted(this.expression(arg), arg, takes(index)));
    const list = (parts: Fragment[]): string => parts.map((part) => part.text).join(', ');
    if (this.isBuiltin(node.callee)) {
      const name = (node.callee as A.Identifier).name;
      const [first, second] = node.arguments;
      if (!this.emptyObjectsInMaps && !this.plainWalks.has(node.id) && walksPlainEmptyObject(name, node.arguments.map((arg) => this.ctx.typeOf(arg)))) {
        this.plainWalks.add(node.id);
        this.ctx.unfaithful(node, this.language, PLAIN_OBJECT_WALKED);
      } else if (!this.plainWalks.has(node.id) && walksIndexKeyedObject(name, node.arguments.map((arg) => this.ctx.typeOf(arg)), this.indexKeyedObjects)) {
        this.plainWalks.add(node.id);
        this.ctx.unfaithful(node, this.language, INDEX_KEY_WALKED);
      }
      const text = this.textCall(name, node, args);
      if (text) return text;
      const listCall = this.listCall(name, node, args);
      if (listCall) return listCall;
      switch (name) {
        case 'print': {
          // console.log reads %s, %d, %% … in a first text as a format when more values follow;
          // "%s" as the format shows that text as it is, and the rest as console.log does.
          const head = first && (first.type === 'Literal' ? typeof first.value === 'string' && first.value.includes('%') : !this.ctx.isKind(first, 'number', 'bool'));
          const format = head && node.arguments.length > 1 ? ['"%s"'] : [];
          return fragment(`console.log(${[...format, ...node.arguments.map((arg) => this.printed(arg))].join(', ')})`, POSTFIX);
        }
        case 'len':
          if (first && this.ctx.isKind(first, 'list', 'string')) return fragment(`${wrap(args[0], POSTFIX)}.length`, POSTFIX);
          if (first && this.inMap(first)) return fragment(`${wrap(args[0], POSTFIX)}.size`, POSTFIX);
          if (first && this.ctx.isKind(first, 'map', 'object', 'named')) return fragment(`Object.keys(${args[0].text}).length`, POSTFIX);
          return fragment(`${this.ctx.helper('lengthOf')}(${list(args)})`, POSTFIX);
        case 'push':
          if (first && second) return fragment(`${wrap(args[0], POSTFIX)}.push(${args[1].text})`, POSTFIX);
          break;
        case 'includes':
          if (!first || !second) break;
          if (this.ctx.isKind(first, 'list', 'string')) return fragment(`${wrap(args[0], POSTFIX)}.includes(${args[1].text})`, POSTFIX);
          if (this.inMap(first)) return fragment(`${wrap(args[0], POSTFIX)}.has(${args[1].text})`, POSTFIX);
          if (this.ctx.isKind(first, 'map', 'object')) return fragment(`Object.hasOwn(${args[0].text}, ${args[1].text})`, POSTFIX);
          return fragment(`${this.ctx.helper('includesIn')}(${list(args)})`, POSTFIX);
        case 'split':
          if (first && second) return fragment(`${wrap(args[0], POSTFIX)}.split(${args[1].text})`, POSTFIX);
          break;
        case 'join': {
          if (!first || !second) break;
          // Array.prototype.join shows strings and numbers as str does; null and lists otherwise.
          const items = this.ctx.typeOf(first);
          const plain = items?.kind === 'list' && ['string', 'number'].includes(items.element.kind);
          const shown = plain ? wrap(args[0], POSTFIX) : `${wrap(args[0], POSTFIX)}.map((item${this.typescript ? ': unknown' : ''}) => ${this.ctx.helper('show')}(item))`;
          return fragment(`${shown}.join(${args[1].text})`, POSTFIX);
        }
        case 'reversed':
          if (first) return fragment(`[...${wrap(args[0], UNARY)}].reverse()`, POSTFIX);
          break;
        case 'reverse':
          if (first) return fragment(`${wrap(args[0], POSTFIX)}.reverse()`, POSTFIX);
          break;
        case 'sort':
        case 'sorted': {
          if (!first) break;
          const target = name === 'sort' ? wrap(args[0], POSTFIX) : `[...${wrap(args[0], UNARY)}]`;
          return fragment(`${target}.sort(${second ? args[1].text : this.defaultOrder(first)})`, POSTFIX);
        }
        case 'indexOf':
        case 'lastIndexOf':
          if (first && second) return fragment(`${wrap(args[0], POSTFIX)}.${name}(${args[1].text})`, POSTFIX);
          break;
        case 'fill':
          if (first && second) return fragment(`${wrap(args[0], POSTFIX)}.fill(${args[1].text})`, POSTFIX);
          break;
        case 'slice':
          if (first) return fragment(`${wrap(args[0], POSTFIX)}.slice(${args.slice(1).map((arg) => arg.text).join(', ')})`, POSTFIX);
          break;
        case 'countItems':
          return fragment(`${this.ctx.helper('countItems')}(${args.map((arg) => arg.text).join(', ')})`, POSTFIX);
        case 'stepSlice':
          return fragment(`${this.ctx.helper('stepSlice')}(${args.map((arg) => arg.text).join(', ')})`, POSTFIX);
        case 'splice': {
          if (args.length < 3) break;
          // The items as arguments: written out when they are a list literal, spread otherwise.
          const items = node.arguments[3];
          const inserted = !items ? [] : items.type === 'ArrayLiteral' ? items.elements.map((element) => this.expression(element).text) : [`...${wrap(args[3], UNARY)}`];
          return fragment(`${wrap(args[0], POSTFIX)}.splice(${[args[1].text, args[2].text, ...inserted].join(', ')})`, POSTFIX);
        }
        case 'repeat': {
          // TypeScript would type repeatList([], n) as never[][]: an empty literal gets the checker's type.
          const empty = first && ((first.type === 'ArrayLiteral' && first.elements.length === 0) || (first.type === 'ObjectLiteral' && first.properties.length === 0) || (first.type === 'Literal' && first.value === null));
          const known = empty && this.typescript ? typeString(this.ctx.model.typeOf(first.id) ?? { kind: 'any' }) : null;
          const typeArgument = empty && this.typescript ? `<${known !== null ? this.type(known) : 'any'}>` : '';
          return fragment(`${this.ctx.helper('repeatList')}${typeArgument}(${list(args)})`, POSTFIX);
        }
        case 'removeKey':
          if (!first || !second) break;
          if (this.inMap(first)) return fragment(`${wrap(args[0], POSTFIX)}.delete(${args[1].text})`, POSTFIX);
          return fragment(`delete ${wrap(args[0], POSTFIX)}[${args[1].text}]`, UNARY);
        case 'keys':
          if (first && this.inMap(first)) return fragment(`[...${wrap(args[0], POSTFIX)}.keys()]`, PRIMARY);
          return fragment(`Object.keys(${list(args)})`, POSTFIX);
        case 'jsKeys':
        case 'jsValues':
          return fragment(`${this.ctx.helper('jsKeyOrder')}(${args[0].text}${name === 'jsValues' ? ', true' : ''})`, POSTFIX);
        case 'minOf':
        case 'maxOf': {
          // Math.min(...xs) would pass every element as an argument, more than a call takes for a long list.
          const [best, start] = name === 'minOf' ? ['min', 'Infinity'] : ['max', '-Infinity'];
          const number = this.typescript ? ': number' : '';
          return fragment(`${wrap(args[0], POSTFIX)}.reduce((best${number}, item${number}) => Math.${best}(best, item), ${start})`, POSTFIX);
        }
        case 'values': {
          if (first && this.inMap(first)) return fragment(`[...${wrap(args[0], POSTFIX)}.values()]`, PRIMARY);
          // TypeScript types the values of an any as unknown[]: they are any, as the map's are.
          const untyped = this.typescript && first && stripOptional(this.ctx.model.typeOf(first.id) ?? { kind: 'any' }).kind === 'any';
          return fragment(`Object.values${untyped ? '<any>' : ''}(${list(args)})`, POSTFIX);
        }
        case 'range':
          return fragment(`${this.ctx.helper('rangeList')}(${list(args)})`, POSTFIX);
        case 'round':
          return fragment(`${this.ctx.helper('roundHalfAway')}(${list(args)})`, POSTFIX);
        case 'str':
          if (first && this.ctx.isKind(first, 'string')) return args[0];
          if (first && this.ctx.isKind(first, 'number', 'bool')) return fragment(`String(${args[0].text})`, POSTFIX);
          return fragment(`${this.ctx.helper('show')}(${list(args)})`, POSTFIX);
        case 'int':
          if (first && this.ctx.isKind(first, 'number')) return fragment(`Math.trunc(${list(args)})`, POSTFIX);
          return fragment(`${this.ctx.helper('toInteger')}(${list(args)})`, POSTFIX);
        case 'num':
          return fragment(`${this.ctx.helper('toNumber')}(${list(args)})`, POSTFIX);
        case 'pystr':
          return fragment(`${this.ctx.helper('pythonText')}(${list(args)})`, POSTFIX);
        case 'jsTruthy':
          return fragment(`Boolean(${list(args)})`, POSTFIX);
        case 'pyEquals':
          return fragment(`${this.ctx.helper('pythonEquals')}(${list(args)})`, POSTFIX);
        case 'pyTruthy':
          return fragment(`${this.ctx.helper('pythonTruth')}(${list(args)})`, POSTFIX);
        case 'jsstr':
          if (first && keyedByOtherThanTexts(this.ctx.typeOf(first))) this.ctx.unfaithful(node, this.language, MAP_SHOWN_BY_NODE);
          this.ctx.helper('nodeInspect'); // the import nodeText calls
          return fragment(`${this.ctx.helper('nodeText')}(${list(args)})`, POSTFIX);
        case 'assert':
          return fragment(`${this.ctx.helper('assertThat')}(${list(args)})`, POSTFIX);
        default:
          if (MATH[name]) return fragment(`${MATH[name]}(${list(args)})`, POSTFIX);
      }
    }
    return fragment(`${wrap(this.expression(node.callee), POSTFIX)}(${list(args)})`, POSTFIX);
  }

  /** The text built-ins: the string methods of the same meaning, or a helper where they differ. */
  private textCall(name: string, node: A.CallExpression, args: Fragment[]): Fragment | undefined {
    const receiver = args[0] ? wrap(args[0], POSTFIX) : '';
    const rest = args.slice(1).map((arg) => arg.text).join(', ');
    // TypeScript's charCodeAt and charAt ask for their index.
    if ((name === 'charCodeAt' || name === 'charAt') && args.length === 1) return fragment(`${receiver}.${name}(0)`, POSTFIX);
    const method = TEXT_METHODS.get(name);
    if (method && args.length > 0) return fragment(`${receiver}.${method}(${rest})`, POSTFIX);
    const all = args.map((arg) => arg.text).join(', ');
    if (name === 'replace' && args.length === 3) {
      // split and join: replaceAll would read $ patterns in the new text; an empty `old` needs the helper.
      const old = node.arguments[1];
      if (old.type === 'Literal' && typeof old.value === 'string' && old.value !== '') return fragment(`${receiver}.split(${args[1].text}).join(${args[2].text})`, POSTFIX);
      return fragment(`${this.ctx.helper('replaceText')}(${all})`, POSTFIX);
    }
    if (name === 'countOf' && args.length === 2) return fragment(`${this.ctx.helper('countText')}(${all})`, POSTFIX);
    if ((name === 'trimChars' || name === 'trimStartChars' || name === 'trimEndChars') && args.length === 2) {
      return fragment(`${this.ctx.helper('trimChars')}(${all}${name === 'trimChars' ? '' : `, '${name === 'trimStartChars' ? 'start' : 'end'}'`})`, POSTFIX);
    }
    // Python's whitespace (str.isspace), in UTF-16 units: none of it is above U+FFFF.
    if (name === 'splitWords' && args.length === 1) return fragment(`${receiver}.split(/[\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]+/).filter((part${this.typescript ? ': string' : ''}) => part !== '')`, POSTFIX);
    if (name === 'charsOf' && args.length === 1) return fragment(`[...${wrap(args[0], UNARY)}]`, POSTFIX);
    if (name === 'zeroFill' && args.length === 2) return fragment(`${this.ctx.helper('zeroFill')}(${all})`, POSTFIX);
    // isAlpha … isUpper: Python's str tests as regular expressions of Unicode's properties.
    if (TEXT_KINDS.has(name) && args.length === 1) return fragment(kindTest(name, receiver), POSTFIX);
    if (name === 'fromCharCode' && args.length === 1) return fragment(`String.fromCharCode(${all})`, POSTFIX);
    // String's repeat truncates the count and throws for a negative or infinite one, as repeatText stops.
    if (name === 'repeatText' && args.length === 2) return fragment(`${receiver}.repeat(${rest})`, POSTFIX);
    // A function as the new text is taken as it is: a text would have its $ patterns read.
    if (name === 'replaceFirst' && args.length === 3) return fragment(`${receiver}.replace(${args[1].text}, () => ${wrap(args[2], LAMBDA)})`, POSTFIX);
    if (name === 'toFixed' && args.length >= 1) return fragment(`${/^[-\d.]/.test(receiver) ? `(${receiver})` : receiver}.toFixed(${rest})`, POSTFIX);
    if (name === 'formatFixed' && args.length === 2) return fragment(`${this.ctx.helper('formatFixed')}(${all})`, POSTFIX);
    if (name === 'sign' && args.length === 1) return fragment(`Math.sign(${all})`, POSTFIX);
    if (name === 'radixText' && args.length >= 2) return fragment(`${this.ctx.helper('radixText')}(${all})`, POSTFIX);
    if (name === 'parseInteger' && args.length === 1) return fragment(`parseInt(${all}, 10)`, POSTFIX);
    // Another radix through the helper, which stops where Whetstone's does (JavaScript reads 0 as 10, others as NaN).
    if (name === 'parseInteger' && args.length === 2) return args[1].text === '10' ? fragment(`parseInt(${all})`, POSTFIX) : fragment(`${this.ctx.helper('parseRadix')}(${all})`, POSTFIX);
    if (name === 'pyInt' && args.length >= 1) return fragment(`${this.ctx.helper('pyInt')}(${all})`, POSTFIX);
    if (name === 'roundEven' && args.length === 1) return fragment(`${this.ctx.helper('roundEven')}(${all})`, POSTFIX);
    if (name === 'isInteger' && args.length === 1) return fragment(`Number.isInteger(${all})`, POSTFIX);
    if ((name === 'gcd' || name === 'isqrt' || name === 'factorial') && args.length === (name === 'gcd' ? 2 : 1)) return fragment(`${this.ctx.helper(name)}(${all})`, POSTFIX);
    return undefined;
  }

  /**
   * pop, shift, the list walks, concat and sum. Array's filter, some, every, reduce and forEach walk
   * as Whetstone's do (over the starting length, skipping what is gone); its map would leave holes
   * and its find pass undefined where the callback removed elements, so those go through a helper
   * unless the callback is a lambda that resizes no list.
   */
  private listCall(name: string, node: A.CallExpression, args: Fragment[]): Fragment | undefined {
    const [list, callback] = node.arguments;
    if (!list) return undefined;
    const items = wrap(args[0], POSTFIX);
    switch (name) {
      case 'pop':
        return fragment(`${this.ctx.helper('popLast')}(${args[0].text})`, POSTFIX);
      case 'shift':
        return fragment(`${this.ctx.helper('shiftFirst')}(${args[0].text})`, POSTFIX);
      case 'concat':
        if (args.length !== 2) return undefined;
        // Array's concat appends a value that is not a list as one element, as Whetstone's does.
        if (!this.ctx.isKind(node.arguments[1], 'list')) return fragment(`${wrap(args[0], POSTFIX)}.concat(${args[1].text})`, POSTFIX);
        return fragment(`[...${wrap(args[0], UNARY)}, ...${wrap(args[1], UNARY)}]`, PRIMARY);
      case 'flat':
        return fragment(`${items}.flat()`, POSTFIX);
      case 'findIndex':
        // Array's findIndex would pass undefined for elements the callback removed: the helper stops there.
        if (!callback) return undefined;
        if (!this.keepsLengths(callback)) return fragment(`${this.ctx.helper('findIndexIn')}(${args[0].text}, ${args[1].text})`, POSTFIX);
        return fragment(`${items}.findIndex(${args[1].text})`, POSTFIX);
      case 'sum': {
        const typed = this.typescript ? ': number' : '';
        return fragment(`${items}.reduce((total${typed}, item${typed}) => total + item, 0)`, POSTFIX);
      }
      case 'map':
      case 'find': {
        if (!callback) return undefined;
        if (!this.keepsLengths(callback)) return fragment(`${this.ctx.helper(name === 'map' ? 'mapList' : 'findIn')}(${args[0].text}, ${args[1].text})`, POSTFIX);
        const call = `${items}.${name}(${args[1].text})`;
        // find gives undefined where nothing passes; ?? mixes with || and && only in parentheses.
        return name === 'map' ? fragment(call, POSTFIX) : fragment(`(${call} ?? null)`, PRIMARY);
      }
      case 'filter':
      case 'reduce':
      case 'some':
      case 'every':
      case 'forEach':
        if (!callback) return undefined;
        return fragment(`${items}.${name}(${args.slice(1).map((arg) => arg.text).join(', ')})`, POSTFIX);
      default:
        return undefined;
    }
  }

  /** Whether calling `callback` changes no list's length: a lambda that calls only built-ins that resize none. */
  private keepsLengths(callback: A.Expression): boolean {
    return callback.type === 'Lambda' && !someNode(callback.body, (inner) => inner.type === 'CallExpression' && !(this.isBuiltin(inner.callee) && !RESIZING.has((inner.callee as A.Identifier).name)));
  }

  /** The comparison sort and sorted use without one: Array.prototype.sort would compare numbers as texts. */
  private defaultOrder(list: A.Expression): string {
    const type = this.ctx.typeOf(list);
    const element = type?.kind === 'list' ? stripOptional(type.element).kind : undefined;
    if (element === 'string') return '';
    if (element === 'number') return this.typescript ? '(a: number, b: number) => a - b' : '(a, b) => a - b';
    return this.ctx.helper('compareValues');
  }

  /**
   * A print argument: console.log shows strings, numbers and booleans as print does; anything
   * else (lists, objects, null, values of unknown type) goes through the show helper.
   */
  private printed(arg: A.Expression): string {
    const text = this.expression(arg).text;
    // A map read at a key it does not hold is null, which show writes (an object's is undefined).
    if (arg.type === 'IndexExpression' && this.ctx.isKind(arg.object, 'map')) return `${this.ctx.helper('show')}(${text})`;
    // console.log shows -0 as "-0"; print shows it as "0", as String does.
    if (this.ctx.isKind(arg, 'number') && !this.numbers.neverNegativeZero(arg)) return `String(${text})`;
    return this.ctx.isKind(arg, 'string', 'number', 'bool') ? text : `${this.ctx.helper('show')}(${text})`;
  }
}

/** A checker type as a Whetstone type string, or null when it says nothing useful (any, function…). */
export function typeString(type: Type): string | null {
  switch (type.kind) {
    case 'number':
    case 'string':
    case 'bool':
      return type.kind;
    case 'list': {
      const element = typeString(type.element);
      return `list<${element ?? 'any'}>`;
    }
    case 'map': {
      const key = typeString(type.key);
      const value = typeString(type.value);
      return `map<${key ?? (stripOptional(type.key).kind === 'any' ? 'any' : 'string')}, ${value ?? 'any'}>`;
    }
    case 'named':
      return type.name;
    case 'optional': {
      const inner = typeString(type.inner);
      return inner === null ? null : `${inner}?`;
    }
    default:
      return null;
  }
}

/** The names of the top-level functions of `program` that call themselves, directly or through other top-level functions. */
export function recursiveFunctions(program: A.Program): Set<string> {
  const functions = new Map(program.children.flatMap((child) => (child.type === 'FunctionDeclaration' ? [[child.name, child] as const] : [])));
  const calls = new Map<string, Set<string>>();
  for (const [name, fn] of functions) {
    const called = new Set<string>();
    someNode(fn.body, (node) => {
      if (node.type === 'Identifier' && functions.has(node.name)) called.add(node.name);
      return false;
    });
    calls.set(name, called);
  }
  const recursive = new Set<string>();
  for (const name of functions.keys()) {
    const seen = new Set<string>();
    const pending = [...(calls.get(name) ?? [])];
    while (pending.length > 0) {
      const next = pending.pop()!;
      if (next === name) {
        recursive.add(name);
        break;
      }
      if (seen.has(next)) continue;
      seen.add(next);
      pending.push(...(calls.get(next) ?? []));
    }
  }
  return recursive;
}

/** Whether a block assigns `name` (directly, not inside a lambda). */
export function assignsName(block: A.Block, name: string): boolean {
  return someNode(
    block,
    (node) =>
      (node.type === 'AssignmentStatement' && node.target.type === 'Identifier' && node.target.name === name) ||
      (node.type === 'MultipleAssignment' && node.targets.some((target) => target.type === 'Identifier' && target.name === name)),
  );
}

/** Whether `end` (a range bound) has the same value for the whole loop `body`. */
function stableIn(end: A.Expression, body: A.Block, keepsLengths: (callee: A.Expression) => boolean): boolean {
  if (end.type === 'Literal') return true;
  if (end.type === 'Identifier') return !assignsName(body, end.name);
  if (end.type === 'CallExpression' && end.callee.type === 'Identifier' && end.callee.name === 'len' && end.arguments.length === 1 && end.arguments[0].type === 'Identifier') {
    // Any list may be this one under another name, and a function of the program may resize it.
    const resizes = (node: A.Node): boolean => node.type === 'CallExpression' && !keepsLengths(node.callee);
    return !assignsName(body, end.arguments[0].name) && !someNode(body, resizes);
  }
  return false;
}
