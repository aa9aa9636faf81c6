// renameSymbol through MCP on the real server: a function renamed with every reference, in its
// file and in the file that imports it, one change per file; refusals (a keyword, a clash, a name
// the rename would capture) change nothing; `rename` in applyBatch; undo takes a file's step back.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { connectHttp, type McpAgent } from './mcp-harness';
import { startServe, type ServeProcess } from './serve-harness';

const LIB = `// Sums.
fn total(xs: list<number>): number {
  let sum = 0;
  for x in xs {
    sum = sum + x;
  }
  return sum;
}

fn average(xs: list<number>): number {
  return total(xs) / len(xs);
}
`;

const MAIN = `use lib.{total, average};

fn report(xs: list<number>): string {
  return "total " + str(total(xs));
}

print(report([1, 2, 3]));
print(average([1, 2]));
`;

// A whole-module import reaches lib's functions as members.
const WHOLE = `use lib;

fn twice(xs: list<number>): number {
  return lib.total(xs) * 2;
}

print(twice([1]));
print(lib.average([1, 2]));
`;

// A local renamed to the function it calls: Whetstone reads it alike, the projected JavaScript and
// Python would not.
const COUNT = `fn f(x: number): number {
  return x + 1;
}

fn main() {
  let n = f(1);
  print(n);
}

main();
`;

const OTHER = `fn total(): number {
  return 0;
}

print(total());
`;

interface Change {
  uri: string;
  revision: number;
  changedNodeIds: string[];
  diagnostics: { severity: string }[];
}

describe('renameSymbol over MCP', () => {
  let server: ServeProcess;
  let agent: McpAgent;
  const read = (name: string): string => readFileSync(join(server.folder, name), 'utf8');
  const uriOf = async (name: string): Promise<string> => {
    const { buffers } = await agent.ok<{ buffers: { uri: string }[] }>('listBuffers');
    const found = buffers.find((buffer) => buffer.uri.split('/').pop() === name);
    assert.ok(found, name);
    return found.uri;
  };
  const functionId = async (name: string, file: string): Promise<string> => {
    const found = await agent.ok<{ candidates: { nodeId: string }[] }>('findNodes', { type: 'FunctionDeclaration', name, uri: await uriOf(file) });
    assert.equal(found.candidates.length, 1);
    return found.candidates[0].nodeId;
  };

  before(async () => {
    server = await startServe({ files: { 'lib.wst': LIB, 'main.wst': MAIN, 'whole.wst': WHOLE, 'other/other.wst': OTHER, 'count.wst': COUNT } });
    agent = await connectHttp(server);
    await agent.ok('setAgentRole', { role: 'refactor' });
  });
  after(async () => {
    await agent.close();
    await server.stop();
  });

  it('refuses a keyword, a clash in scope and a clash in the importing file, changing nothing', async () => {
    const id = await functionId('total', 'lib.wst');
    const lib = await uriOf('lib.wst');
    for (const [newName, pattern] of [
      ['while', /keyword/],
      ['average', /already declared/],
      ['report', /main\.wst.*already declared at the top level/],
      ['9lives', /not a valid identifier/],
    ] as const) {
      const answer = await agent.call('renameSymbol', { nodeId: id, newName, uri: lib });
      assert.equal(answer.isError, true, newName);
      assert.equal(answer.structured.code, -32010, newName);
      assert.match(String(answer.structured.message), pattern);
      assert.ok(answer.structured.hint, 'a hint to act on');
    }
    assert.equal(read('lib.wst'), LIB);
    assert.equal(read('main.wst'), MAIN);
  });

  it('refuses a name that an inner declaration would capture', async () => {
    const lib = await uriOf('lib.wst');
    const parameter = await agent.ok<{ candidates: { nodeId: string }[] }>('findNodes', { type: 'Parameter', name: 'xs', uri: lib });
    // The first `xs` is total's parameter: inside the body a local `sum` would take its uses.
    const answer = await agent.call('renameSymbol', { nodeId: parameter.candidates[0].nodeId, newName: 'sum', uri: lib });
    assert.equal(answer.isError, true);
    assert.equal(answer.structured.code, -32010);
    assert.match(String(answer.structured.message), /would then mean another 'sum'/);
    assert.equal(read('lib.wst'), LIB);
  });

  it('refuses a name the projected JavaScript and Python would read otherwise, with the reason', async () => {
    const count = await uriOf('count.wst');
    const found = await agent.ok<{ candidates: { nodeId: string }[] }>('findNodes', { type: 'VariableDeclaration', name: 'n', uri: count });
    const answer = await agent.call('renameSymbol', { nodeId: found.candidates[0].nodeId, newName: 'f', uri: count });
    assert.equal(answer.isError, true);
    assert.equal(answer.structured.code, -32010);
    assert.match(String(answer.structured.message), /would break the projected code: in JavaScript the variable 'f' \(line 6\) is in scope in its whole block/);
    assert.equal(read('count.wst'), COUNT);
  });

  it('previews with dryRun, then renames the function in its file and in the file that imports it, one change each', async () => {
    const id = await functionId('total', 'lib.wst');
    const lib = await uriOf('lib.wst');
    const preview = await agent.ok<{ dryRun: boolean; changes: { uri: string; edits: unknown[] }[] }>('renameSymbol', { nodeId: id, newName: 'sumAll', uri: lib, dryRun: true });
    assert.equal(preview.dryRun, true);
    assert.equal(preview.changes.length, 3);
    assert.equal(read('lib.wst'), LIB);

    const { revision } = await agent.ok<{ revision: number }>('getDiagnostics', { uri: lib });
    const result = await agent.ok<{ oldName: string; newName: string; changes: Change[] }>('renameSymbol', { nodeId: id, newName: 'sumAll', uri: lib, ifRevision: revision });
    assert.equal(result.oldName, 'total');
    assert.deepEqual(result.changes.map((change) => change.uri.split('/').pop()).sort(), ['lib.wst', 'main.wst', 'whole.wst']);
    for (const change of result.changes) assert.ok((change.diagnostics ?? []).every((d) => d.severity !== 'error'), 'no errors after the rename');
    assert.equal(read('lib.wst'), LIB.replace('fn total(', 'fn sumAll(').replace('return total(xs)', 'return sumAll(xs)'));
    assert.equal(read('main.wst'), MAIN.replace('use lib.{total,', 'use lib.{sumAll,').replace('str(total(xs))', 'str(sumAll(xs))'));
    // Through `use lib;` only the member that names the function changes.
    assert.equal(read('whole.wst'), WHOLE.replace('lib.total(xs)', 'lib.sumAll(xs)'));
        // A file that does not import lib keeps its own `total`.
    assert.equal(read('other/other.wst'), OTHER);
    // The function keeps its id.
    const node = await agent.ok<{ node: { name: string } }>('getNode', { nodeId: id, depth: 0, uri: lib });
    assert.equal(node.node.name, 'sumAll');

    // One undo step per file: undo in main.wst takes back only main.wst's part.
    await agent.ok('undo', { uri: await uriOf('main.wst') });
    assert.equal(read('main.wst'), MAIN);
    assert.match(read('lib.wst'), /fn sumAll\(/);
    await agent.ok('undo', { uri: await uriOf('whole.wst') });
    assert.equal(read('whole.wst'), WHOLE);
    await agent.ok('undo', { uri: lib });
    assert.equal(read('lib.wst'), LIB);
  });

  it('renames inside applyBatch with {type: "rename"} together with other mutations, as one step', async () => {
    const lib = await uriOf('lib.wst');
    const id = await functionId('average', 'lib.wst');
    const result = await agent.ok<{ appliedCount: number }>('applyBatch', {
      uri: lib,
      mutations: [
        { type: 'rename', nodeId: id, newName: 'mean' },
        { type: 'insertNode', parentId: (await agent.ok<{ node: { id: string } }>('getNode', { nodeId: id, depth: 0, uri: lib })).node.id, role: 'annotations', node: { type: 'Annotation', annotationType: 'semantic', strategy: 'pure' } },
      ],
    });
    assert.equal(result.appliedCount, 2);
    assert.match(read('lib.wst'), /@semantic\(pure\)\nfn mean\(xs: list<number>\): number \{/);
    const refused = await agent.call('applyBatch', { uri: lib, mutations: [{ type: 'rename', nodeId: id, newName: 'for' }] });
    assert.equal(refused.structured.code, -32010);
    assert.equal((refused.structured.data as { index: number }).index, 0);
  });
});
