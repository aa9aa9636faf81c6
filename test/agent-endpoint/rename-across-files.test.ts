// renameSymbol over a real WebSocket on a real `serve`: a field renamed in the file declaring its
// type and in the files importing it (object literals passed to its functions, fields read on
// their results), a file with a type of its own left alone; a read from an untyped value left and
// reported (a batch rename, which cannot report it, refused); refused, nothing written, for a
// literal with the type's fields whose type is not known. A rename the projected JavaScript and
// Python would read otherwise is refused with the reason; a fresh name is renamed and its
// projected JavaScript runs under node.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Scratch } from '../helpers/projection';
import { AgentClient, startServe, type ServeProcess } from './serve-harness';

const SHAPES = `type Point { x: number, y: number }

type Size { w: number, h: number }

fn make(a: number): Point {
  return { x: a, y: 0 };
}

fn norm(p: Point): number {
  return p.x * p.x + p.y * p.y;
}

fn area(s: Size): number {
  return s.w * s.h;
}

print(norm(make(3)));
`;

const MAIN = `use shapes.{make, norm};

let made = make(4);
print(norm({ x: 1, y: 2 }) + made.x);
print(make(4).x);
`;

const WHOLE = `use shapes;

print(shapes.norm({ x: 5, y: 6 }) + shapes.make(7).x);
`;

// Its own type with a field x: not the one renamed.
const OTHER = `type Spot { x: number }

let spot: Spot = { x: 1 };
print(spot.x);
`;

// Builds a value with Size's fields for an untyped parameter: whether it is a Size cannot be told.
// Reads x from JSON: not a Point's field as far as anyone can tell, left alone and reported.
const LOOSE = `use shapes.{area};

fn show(s) {
  print(s.h);
}

show({ w: 1, h: 2 });
print(area({ w: 2, h: 3 }));

fn fromJson(raw): number {
  return raw.x;
}
`;

// Reads a field of outside data by the same name as its own type's field.
const JSON_ITEM = `type Item { qty: number }

fn fromJson(raw): Item {
  return { qty: raw.qty };
}
`;

const COUNT = `fn f(x: number): number {
  return x + 1;
}

fn main() {
  let n = f(1);
  print(n);
}

main();
`;

describe('renameSymbol across files and target scopes (WebSocket, serve)', () => {
  let server: ServeProcess;
  let client: AgentClient;
  const read = (name: string): string => readFileSync(join(server.folder, name), 'utf8');
  const uriOf = async (name: string): Promise<string> => {
    const { buffers } = await client.request<{ buffers: { uri: string }[] }>('listBuffers');
    const found = buffers.find((buffer) => buffer.uri.endsWith(`/${name}`));
    assert.ok(found, name);
    return found.uri;
  };
  const nodeId = async (file: string, query: Record<string, unknown>): Promise<string> => {
    const found = await client.request<{ candidates: { nodeId: string }[] }>('findNodes', { ...query, uri: await uriOf(file) });
    assert.equal(found.candidates.length, 1, JSON.stringify(query));
    return found.candidates[0].nodeId;
  };

  before(async () => {
    server = await startServe({ files: { 'shapes.wst': SHAPES, 'main.wst': MAIN, 'whole.wst': WHOLE, 'other.wst': OTHER, 'loose.wst': LOOSE, 'count.wst': COUNT, 'json.wst': JSON_ITEM } });
    client = await AgentClient.connect(server);
    await client.request('setAgentRole', { role: 'refactor' });
  });
  after(async () => {
    await client.close();
    await server.stop();
  });

  it('renames a field in its file and in the files importing it, one change each, and not in a file with a field of its own', async () => {
    const shapes = await uriOf('shapes.wst');
    const field = await nodeId('shapes.wst', { type: 'Field', name: 'x' });
    const result = await client.request<{ notes: string[]; changes: { uri: string; diagnostics: { severity: string }[] }[] }>('renameSymbol', { nodeId: field, newName: 'px', uri: shapes });
    assert.deepEqual(result.changes.map((change) => change.uri.split('/').pop()).sort(), ['main.wst', 'shapes.wst', 'whole.wst']);
    assert.deepEqual(result.notes, [`in ${await uriOf('loose.wst')}: left '.x' at line 11 as it is (read from a value whose type is not known there)`]);
    for (const change of result.changes) assert.ok(change.diagnostics.every((d) => d.severity !== 'error'), change.uri);
    assert.equal(read('shapes.wst'), SHAPES.replace('x: number', 'px: number').replace('{ x: a,', '{ px: a,').replace('p.x * p.x', 'p.px * p.px'));
    assert.equal(read('main.wst'), MAIN.replace('norm({ x: 1,', 'norm({ px: 1,').replace('made.x', 'made.px').replace('make(4).x', 'make(4).px'));
    assert.equal(read('loose.wst'), LOOSE);
    assert.equal(read('whole.wst'), WHOLE.replace('norm({ x: 5,', 'norm({ px: 5,').replace('make(7).x', 'make(7).px'));
    assert.equal(read('other.wst'), OTHER);
  });

  it('refuses a field rename where an importing file builds a literal with the fields for an untyped value, naming the file and the place; nothing written', async () => {
    const shapes = await uriOf('shapes.wst');
    const field = await nodeId('shapes.wst', { type: 'Field', name: 'w' });
    const before = read('shapes.wst');
    const answer = await client.call('renameSymbol', { nodeId: field, newName: 'width', uri: shapes });
    assert.equal(answer.error?.code, -32010);
    assert.match(answer.error?.message ?? '', /loose\.wst: Renaming the field 'w' of Size to 'width' could leave values of Size without it/);
    assert.match(answer.error?.message ?? '', /the object literal at line 7 has its fields, but its type is not known there/);
    assert.equal(read('shapes.wst'), before);
    assert.equal(read('loose.wst'), LOOSE);
  });

  it('refuses `let n = f(1)` renamed to f with the reason; renames it to a fresh name, and the projected JavaScript runs', async () => {
    const count = await uriOf('count.wst');
    const variable = await nodeId('count.wst', { type: 'VariableDeclaration', name: 'n' });
    const refused = await client.call('renameSymbol', { nodeId: variable, newName: 'f', uri: count });
    assert.equal(refused.error?.code, -32010);
    assert.match(refused.error?.message ?? '', /would break the projected code: in JavaScript the variable 'f' \(line 6\) is in scope in its whole block.*ReferenceError/);
    assert.equal(refused.error?.data?.reason !== undefined, true);
    assert.equal(read('count.wst'), COUNT);

    await client.request('renameSymbol', { nodeId: variable, newName: 'next', uri: count });
    assert.equal(read('count.wst'), COUNT.replace('let n = f(1);', 'let next = f(1);').replace('print(n);', 'print(next);'));
    const projected = await client.request<{ generatedCode: string }>('projectLanguage', { targetLanguage: 'javascript', uri: count });
    const scratch = new Scratch('rename-projected');
    try {
      const run = scratch.node(scratch.write('count.js', projected.generatedCode));
      assert.equal(run.status, 0, run.stderr);
      assert.equal(run.stdout, '2\n');
    } finally {
      scratch.dispose();
    }
  });

  it("reports a read of outside data it leaves as it is; a batch's rename, which cannot report it, is refused", async () => {
    const json = await uriOf('json.wst');
    const field = await nodeId('json.wst', { type: 'Field', name: 'qty' });
    const batch = await client.call('applyBatch', { uri: json, mutations: [{ type: 'rename', nodeId: field, newName: 'quantity' }] });
    assert.equal(batch.error?.code, -32010);
    assert.match(batch.error?.message ?? '', /it would leave uses of 'qty' alone \(left '\.qty' at line 4 as it is \(read from a value whose type is not known there\)\); renameSymbol renames and reports them/);
    assert.equal(read('json.wst'), JSON_ITEM);
    const renamed = await client.request<{ notes: string[] }>('renameSymbol', { nodeId: field, newName: 'quantity', uri: json });
    assert.deepEqual(renamed.notes, ["left '.qty' at line 4 as it is (read from a value whose type is not known there)"]);
    assert.equal(read('json.wst'), JSON_ITEM.replace('qty: number', 'quantity: number').replace('{ qty: raw.qty }', '{ quantity: raw.qty }'));
  });
});
