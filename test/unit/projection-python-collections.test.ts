// Python's collections as published algorithms use them: deque (a Whetstone list), each program
// imported, checked, generated into JavaScript, TypeScript (tsc --strict) and Python and run: each
// prints what the source prints, at the edges (an empty deque, negative numbers, characters above
// U+FFFF), or the import is an error naming the construct, its line and why.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

describe('projection: Python collections', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('python-collections');
  });
  after(() => scratch.dispose());

  const importErrors = (source: string): string[] =>
    importSource(source, 'python')
      .diagnostics.filter((d) => d.severity === 'error')
      .map((d) => `${d.line}: ${d.message}`);

  it('a deque is a list: append, appendleft, popleft, pop(), len, in, for, q[0] and q[-1], list, sorted and truth keep their meaning in every target', () => {
    scratch.keepsItsMeaning(
      'from collections import deque\n\n\n' +
        'def bfs(graph: list[list[int]], start: int) -> list[int]:\n    seen = {start}\n    order: list[int] = []\n    queue = deque([start])\n    while queue:\n        node = queue.popleft()\n        order.append(node)\n        for nxt in graph[node]:\n            if nxt not in seen:\n                seen.add(nxt)\n                queue.append(nxt)\n    return order\n\n\n' +
        'def last_three(xs: list[int]) -> list[int]:\n    q: deque[int] = deque()\n    spans: list[int] = []\n    for x in xs:\n        q.appendleft(x)\n        if len(q) > 3:\n            q.pop()\n        spans.append(q[0] - q[-1])\n    print(len(q), -7 in q, 5 not in q, sorted(q), list(q))\n    for v in q:\n        print(v)\n    return spans\n\n\n' +
        'def drain(text: str) -> str:\n    chars = deque(text)\n    out = ""\n    while chars:\n        out += chars.pop()\n        if not chars:\n            break\n        out += chars.popleft()\n    return out\n\n\n' +
        'print(bfs([[1, 2], [3], [3], []], 0), bfs([[]], 0))\n' +
        'print(last_three([4, -1, 7, 0, -7]), last_three([]))\n' +
        'print(drain("a😀bc"), drain(""), drain("x"))\n' +
        'window = deque(range(-2, 3))\nwindow.appendleft(-0)\nprint(window[0], window[-1], len(window), sorted(window))\n',
      'python',
      /const queue = \[start\];\s*while len\(queue\) > 0 \{\s*const node = shift\(queue\);[^]*const q: list<number> = \[\];[^]*splice\(q, 0, 0, \[x\]\);[^]*pop\(q\);/,
      true,
    );
  });

  it('a deque printed, compared, sliced, passed on, rotated, extended on the left, bounded by maxlen or changed in a loop over it is an error at import', () => {
    const errors = importErrors(
      'from collections import deque\n\n\n' +
        'def show(q: deque[int]) -> None:\n    print(len(q))\n\n\n' +
        'q = deque([1, 2, 3])\n' +
        'print(q)\n' +
        'print(q == [1, 2, 3])\n' +
        'print(q[1:])\n' +
        'show(q)\n' +
        'q.rotate(1)\n' +
        'q.extendleft([0])\n' +
        'r = deque([1], maxlen=2)\n' +
        'for x in q:\n    q.append(x)\n',
    );
    for (const line of [9, 10, 11, 12, 13, 14, 15, 16]) assert.ok(errors.some((error) => error.startsWith(`${line}: `)), `line ${line}:\n${errors.join('\n')}`);
    assert.ok(errors.some((error) => /^9: .*the deque 'q' used other than/.test(error)), errors.join('\n'));
    assert.ok(errors.some((error) => /^13: .*rotate/.test(error)), errors.join('\n'));
    assert.ok(errors.some((error) => /^16: .*RuntimeError/.test(error)), errors.join('\n'));
  });
});
