// The semantic model's queries: scope-correct resolution, references, visible symbols, types,
// signatures, call hierarchy and dependencies.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { walk, type FunctionDeclaration, type Node, type TypeDeclaration } from '../../server/src/core/ast';
import { analyze, typeToString } from '../../server/src/core/semantics';
import { readRepoFile } from '../helpers/core';
import { analyzeText, nodeByName, nodeByText } from '../helpers/semantics';

describe('semantic model', () => {
  it('resolves a parameter that shadows a global to the parameter; the global’s references exclude its uses', async () => {
    const { doc, model } = await analyzeText(
      'const rate = 0.2;\nfn tax(amount: number, rate: number): number {\n  return amount * rate;\n}\nprint(tax(10, rate));\n',
    );
    const globalDecl = nodeByName(doc, 'VariableDeclaration', 'rate');
    const param = nodeByName(doc, 'Parameter', 'rate');
    const useInBody = nodeByName(doc, 'Identifier', 'rate', 0);
    const useAtTop = nodeByName(doc, 'Identifier', 'rate', 1);
    assert.equal(model.definitionOf(useInBody.id), param.id);
    assert.equal(model.definitionOf(useAtTop.id), globalDecl.id);
    const global = model.symbolOf(globalDecl.id);
    const parameter = model.symbolOf(param.id);
    assert.ok(global && parameter);
    assert.equal(global.kind, 'constant');
    assert.equal(parameter.kind, 'parameter');
    assert.deepEqual(model.referencesOf(global), [globalDecl.id, useAtTop.id]);
    assert.deepEqual(model.referencesOf(parameter), [param.id, useInBody.id]);
    assert.equal(model.symbolOf(useInBody.id), parameter);
  });

  it('hoists functions and types; top-level let is visible after its declaration and inside functions', async () => {
    const { doc, model } = await analyzeText(
      'print(area({ w: 2, h: 3 }));\nfn area(r: Rect): number {\n  return r.w * r.h * scale;\n}\ntype Rect { w: number, h: number }\nlet scale = 1;\n',
    );
    assert.deepEqual(model.diagnostics, []);
    assert.equal(model.definitionOf(nodeByName(doc, 'Identifier', 'area').id), nodeByName(doc, 'FunctionDeclaration', 'area').id);
    assert.equal(model.definitionOf(nodeByName(doc, 'Identifier', 'scale').id), nodeByName(doc, 'VariableDeclaration', 'scale').id);
    // The function body sees the inferred type of the later top-level let.
    assert.equal(typeToString(model.typeOf(nodeByName(doc, 'Identifier', 'scale').id) ?? { kind: 'any' }), 'number');
  });

  it('`let x = x + 1` in an inner block reads the outer x', async () => {
    const { doc, model } = await analyzeText('fn f(x: number): number {\n  if true {\n    let x = x + 1;\n    return x;\n  }\n  return x;\n}\n');
    const param = nodeByName(doc, 'Parameter', 'x');
    const inner = nodeByName(doc, 'VariableDeclaration', 'x');
    assert.equal(model.definitionOf(nodeByName(doc, 'Identifier', 'x', 0).id), param.id);
    assert.equal(model.definitionOf(nodeByName(doc, 'Identifier', 'x', 1).id), inner.id);
    assert.equal(model.definitionOf(nodeByName(doc, 'Identifier', 'x', 2).id), param.id);
  });

  it('scopeAt gives each node the innermost scope it sits in, with or without the document', async () => {
    const source =
      'fn f(a: number = 1, b) {\n  let x = a;\n  for i in [x] {\n    let y = i + b;\n    print(fn(z) => z + y);\n  }\n}\ntype T { k: number }\n@pure fn g() { return 1; }\n';
    const { doc, model } = await analyzeText(source);
    const f = nodeByName(doc, 'FunctionDeclaration', 'f') as FunctionDeclaration;
    const forStatement = nodeByText(doc, 'ForStatement', source.slice(source.indexOf('for i'), source.indexOf('}\n}') + 1));
    const lambda = nodeByText(doc, 'Lambda', 'fn(z) => z + y');
    const g = nodeByName(doc, 'FunctionDeclaration', 'g') as FunctionDeclaration;
    const type = nodeByName(doc, 'TypeDeclaration', 'T') as TypeDeclaration;
    for (const analysed of [model, analyze(doc.ast)]) {
      const scope = (node: Node): string => {
        const found = analysed.scopeAt(node.id);
        return found ? `${found.kind}:${found.nodeId}` : 'none';
      };
      assert.equal(scope(doc.ast), `program:${doc.ast.id}`);
      assert.equal(scope(f), `program:${doc.ast.id}`);
      assert.equal(scope(f.parameters[0]), `function:${f.id}`);
      assert.equal(scope(f.parameters[0].defaultValue!), `function:${f.id}`);
      assert.equal(scope(f.body), `function:${f.id}`);
      assert.equal(scope(nodeByName(doc, 'VariableDeclaration', 'x')), `block:${f.body.id}`);
      assert.equal(scope(nodeByName(doc, 'Identifier', 'a', 0)), `block:${f.body.id}`);
      assert.equal(scope(forStatement), `block:${f.body.id}`);
      assert.equal(scope(nodeByText(doc, 'ArrayLiteral', '[x]')), `block:${f.body.id}`, 'the iterable is outside the loop');
      const loopBody = (forStatement as unknown as { body: Node }).body;
      assert.equal(scope(loopBody), `for:${forStatement.id}`);
      assert.equal(scope(nodeByName(doc, 'VariableDeclaration', 'y')), `block:${loopBody.id}`);
      assert.equal(scope(nodeByText(doc, 'BinaryExpression', 'i + b')), `block:${loopBody.id}`);
      assert.equal(scope(lambda), `block:${loopBody.id}`);
      assert.equal(scope(nodeByText(doc, 'BinaryExpression', 'z + y')), `lambda:${lambda.id}`);
      assert.equal(scope(type.fields[0]), `type:${type.id}`);
      assert.equal(scope(g.annotations[0]), `program:${doc.ast.id}`);
      assert.equal(scope(g.body.statements[0]), `block:${g.body.id}`);
      assert.equal(analysed.scopeAt('node_999999'), undefined);
    }
  });

  it('symbolsInScopeAt lists visible symbols innermost first, builtins included, shadowed and later ones left out', async () => {
    const { doc, model } = await analyzeText(
      'use math.{clamp};\ntype Item { price: number }\nconst max = 10;\nfn f(item: Item, max: number): number {\n  let a = 1;\n  for i in range(3) {\n    print(i, a);\n  }\n  let b = 2;\n  return a + b + max;\n}\n',
    );
    const at = nodeByText(doc, 'ExpressionStatement', 'print(i, a);');
    const symbols = model.symbolsInScopeAt(at.id);
    const names = symbols.map((symbol) => `${symbol.name}:${symbol.kind}`);
    assert.deepEqual(names.slice(0, 5), ['i:iterator', 'a:variable', 'item:parameter', 'max:parameter', 'clamp:import']);
    assert.ok(names.includes('Item:type'));
    assert.ok(names.includes('f:function'));
    assert.ok(names.includes('print:builtin'));
    assert.ok(!names.includes('b:variable'), 'b is declared later');
    assert.equal(names.filter((name) => name.startsWith('max:')).length, 1, 'the global max is shadowed by the parameter');
    // The builtin max is shadowed too.
    assert.ok(!names.includes('max:builtin'));
  });

  it('infers types: literals, lets, calls, members, lists, iterators, range, await, object literals', async () => {
    const { doc, model } = await analyzeText(readRepoFile('examples', 'orders.wst'));
    const type = (id: string): string => {
      const found = model.typeOf(id);
      return found ? typeToString(found) : 'undefined';
    };
    assert.equal(type(nodeByName(doc, 'VariableDeclaration', 'subtotal').id), 'number');
    assert.equal(type(nodeByText(doc, 'MemberExpression', 'order.items').id), 'list<Item>');
    assert.equal(type(nodeByName(doc, 'Identifier', 'item', 0).id), 'Item');
    assert.equal(type(nodeByText(doc, 'MemberExpression', 'item.price').id), 'number');
    assert.equal(type(nodeByText(doc, 'CallExpression', 'lineTotal(item)').id), 'number');
    assert.equal(type(nodeByText(doc, 'MemberExpression', 'order.coupon').id), 'string?');
    assert.equal(type(nodeByText(doc, 'BinaryExpression', 'order.coupon != null').id), 'bool');
    assert.equal(type(nodeByText(doc, 'BinaryExpression', '"/orders/" + id').id), 'string');
    // Imports without a library are any.
    assert.equal(type(nodeByName(doc, 'VariableDeclaration', 'raw').id), 'any');
    // The returned object literal takes the declared return type.
    assert.equal(type(nodeByText(doc, 'ObjectLiteral', '{ id: raw.id, items: raw.items, coupon: null }').id), 'Order');

    const more = await analyzeText(
      'async fn load(): list<number> {\n  return [1, 2];\n}\nasync fn main() {\n  let xs = await load();\n  let names = ["a", "b"];\n  let mixed = [1, null];\n  let point = { x: 1, label: "p" };\n  for i in range(3) {\n    print(i, xs, names, mixed, point.label);\n  }\n  let m: map<string, number> = { a: 1 };\n  print(keys(m), m["a"]);\n}\n',
    );
    const t = (id: string): string => typeToString(more.model.typeOf(id) ?? { kind: 'any' });
    assert.deepEqual(more.model.diagnostics, []);
    assert.equal(t(nodeByName(more.doc, 'VariableDeclaration', 'xs').id), 'list<number>');
    assert.equal(t(nodeByName(more.doc, 'VariableDeclaration', 'names').id), 'list<string>');
    assert.equal(t(nodeByName(more.doc, 'VariableDeclaration', 'mixed').id), 'list<number?>');
    assert.equal(t(nodeByName(more.doc, 'VariableDeclaration', 'point').id), '{x: number, label: string}');
    assert.equal(t(nodeByText(more.doc, 'MemberExpression', 'point.label').id), 'string');
    const loops: Node[] = [];
    walk(more.doc.ast, (node) => {
      if (node.type === 'ForStatement') loops.push(node);
    });
    assert.equal(t(loops[0].id), 'number', 'the iterator over range(3)');
    assert.equal(t(nodeByText(more.doc, 'CallExpression', 'keys(m)').id), 'list<string>');
    assert.equal(t(nodeByText(more.doc, 'IndexExpression', 'm["a"]').id), 'number');
  });

  it('fieldsOfType gives the fields of a declared type (for completion after a dot)', async () => {
    const { doc, model } = await analyzeText(readRepoFile('examples', 'orders.wst'));
    const orderType = model.typeOf(nodeByName(doc, 'Parameter', 'order').id);
    assert.ok(orderType);
    const fields = model.fieldsOfType(orderType);
    assert.deepEqual(
      fields.map((field) => [field.name, typeToString(field.type)]),
      [
        ['id', 'string'],
        ['items', 'list<Item>'],
        ['coupon', 'string?'],
      ],
    );
    const order = doc.ast.children.find((child) => child.type === 'TypeDeclaration' && child.name === 'Order') as TypeDeclaration;
    assert.equal(fields[0].declNodeId, order.fields[0].id);
  });

  it('tracks field references from member accesses and object literal keys', async () => {
    const { doc, model } = await analyzeText(readRepoFile('examples', 'orders.wst'));
    const item = doc.ast.children.find((child) => child.type === 'TypeDeclaration' && child.name === 'Item') as TypeDeclaration;
    const price = item.fields.find((field) => field.name === 'price');
    assert.ok(price);
    const symbol = model.symbolOf(price.id);
    assert.ok(symbol);
    assert.equal(symbol.kind, 'field');
    assert.deepEqual(model.referencesOf(symbol), [price.id, nodeByText(doc, 'MemberExpression', 'item.price').id]);
    const order = doc.ast.children.find((child) => child.type === 'TypeDeclaration' && child.name === 'Order') as TypeDeclaration;
    const coupon = model.symbolOf(order.fields[2].id);
    assert.ok(coupon);
    assert.deepEqual(model.referencesOf(coupon), [
      order.fields[2].id,
      nodeByText(doc, 'MemberExpression', 'order.coupon').id,
      nodeByText(doc, 'Property', 'coupon: null').id,
    ]);
    // Type names in type strings are references too, with the property that holds them.
    const itemType = model.symbolOf(item.id);
    assert.ok(itemType);
    assert.deepEqual(
      model.referenceDetailsOf(itemType).map((reference) => [reference.kind, reference.property ?? null]),
      [
        ['declaration', null],
        ['typeAnnotation', 'fieldType'],
        ['typeAnnotation', 'paramType'],
      ],
    );
  });

  it('signatureOf shows functions, variables, parameters, types and builtins as hover does', async () => {
    const { doc, model } = await analyzeText(readRepoFile('examples', 'orders.wst'));
    const signature = (id: string): string => {
      const symbol = model.symbolOf(id);
      assert.ok(symbol, id);
      return model.signatureOf(symbol);
    };
    assert.equal(signature(nodeByName(doc, 'FunctionDeclaration', 'calculateTotal').id), 'fn calculateTotal(order: Order, taxRate: number = 0.2): number');
    assert.equal(signature(nodeByName(doc, 'FunctionDeclaration', 'loadOrder').id), 'async fn loadOrder(id: string): Order');
    assert.equal(signature(nodeByName(doc, 'VariableDeclaration', 'subtotal').id), 'let subtotal: number');
    assert.equal(signature(nodeByName(doc, 'Parameter', 'taxRate').id), '(parameter) taxRate: number = 0.2');
    assert.equal(signature(nodeByName(doc, 'TypeDeclaration', 'Item').id), 'type Item { name: string, price: number, qty: number }');
    assert.equal(signature(nodeByText(doc, 'MemberExpression', 'item.price').id), '(field) Item.price: number');
    const round = model.symbolsInScopeAt(doc.ast.id).find((symbol) => symbol.name === 'str');
    assert.ok(round);
    assert.equal(model.signatureOf(round), 'fn str(value: any): string');
    assert.match(model.docOf(round) ?? '', /str\(2\.5\)/);
  });

  it('gives the call hierarchy of a function', async () => {
    const { doc, model } = await analyzeText(readRepoFile('examples', 'orders.wst'));
    const lineTotal = nodeByName(doc, 'FunctionDeclaration', 'lineTotal') as FunctionDeclaration;
    const calculateTotal = nodeByName(doc, 'FunctionDeclaration', 'calculateTotal') as FunctionDeclaration;
    const hierarchy = model.callHierarchyOf(lineTotal.id);
    assert.ok(hierarchy);
    assert.equal(hierarchy.functionName, 'lineTotal');
    assert.deepEqual(hierarchy.callerIds, [calculateTotal.id]);
    assert.deepEqual(hierarchy.incomingCalls, [{ callId: nodeByText(doc, 'CallExpression', 'lineTotal(item)').id, callerId: calculateTotal.id }]);
    const outgoing = model.callHierarchyOf(calculateTotal.id);
    assert.ok(outgoing);
    // lineTotal (a function here) and clamp, round (imports); builtins would have no declaration.
    const importDecl = doc.ast.children[0];
    assert.deepEqual(outgoing.calleeIds, [lineTotal.id, importDecl.id]);
    assert.deepEqual(
      outgoing.outgoingCalls.map((call) => call.calleeName),
      ['lineTotal', 'clamp', 'round'],
    );
    assert.equal(model.callHierarchyOf(doc.ast.children[2].id), undefined);
  });

  it('lists the declarations a node depends on, without its own', async () => {
    const { doc, model } = await analyzeText(readRepoFile('examples', 'orders.wst'));
    const calculateTotal = nodeByName(doc, 'FunctionDeclaration', 'calculateTotal');
    const byName = (name: string): string => {
      const found = doc.ast.children.find((child) => 'name' in child && child.name === name);
      assert.ok(found, name);
      return found.id;
    };
    const dependencies = new Set(model.dependenciesOf(calculateTotal.id));
    assert.ok(dependencies.has(byName('Order')));
    assert.ok(dependencies.has(byName('lineTotal')));
    assert.ok(dependencies.has(doc.ast.children[0].id), 'the math import');
    assert.ok(!dependencies.has(nodeByName(doc, 'VariableDeclaration', 'subtotal').id), 'its own local');
    assert.ok(!dependencies.has(nodeByName(doc, 'Parameter', 'order').id), 'its own parameter');
    const statement = nodeByText(doc, 'AssignmentStatement', 'subtotal = subtotal * 0.9;');
    assert.deepEqual(model.dependenciesOf(statement.id), [nodeByName(doc, 'VariableDeclaration', 'subtotal').id]);
  });

  it('keeps node ids stable so a re-analysis after an edit still answers for the same ids', async () => {
    const { doc } = await analyzeText(readRepoFile('examples', 'orders.wst'));
    const fnId = nodeByName(doc, 'FunctionDeclaration', 'lineTotal').id;
    const at = doc.text.indexOf('// orders.wst');
    doc.applyEdits([{ startOffset: at, endOffset: at, newText: 'const EXTRA = 1;\n' }]);
    const model = analyze(doc.ast, { names: doc });
    assert.equal(model.symbolOf(fnId)?.name, 'lineTotal');
    assert.deepEqual(
      model.diagnostics.map((d) => d.message),
      ["Unused constant 'EXTRA'"],
    );
  });
});
