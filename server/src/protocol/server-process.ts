// How our long-running processes are started: the Node options the VS Code client passes to the
// language server in execArgv (and the benchmarks mirror), and that `whetstone-agent serve` starts
// itself with (server/src/cli/server-node-options.ts), written once here so all say the same.
//
// The server's live heap with a 10,000-line buffer open is about 50 MB and stays so across any
// number of edits; what made its resident size large was V8's default sizing for throughput: a
// 16 MiB young-generation semi-space, and an old generation allowed to grow to up to four times the
// live heap before a full collection, so hundreds of edits' garbage stayed resident (230–280 MB).
// A smaller semi-space and a lower growing factor keep it near the live size (under 150 MB); the
// extra collections cost the keystroke nothing measurable (see bench/README.md). Neither is a
// limit: the heap still grows as far as a larger file needs. Both must be given to node at start:
// V8 sizes the young generation when it sets up the heap, and NODE_OPTIONS refuses the second.
// The semi-space is 8 MiB, not less: opening a file builds tens of megabytes that outlive the
// young generation, and with 4 MiB they were copied out of it and marked in the old generation
// while the person waited (an opening of 10,000 lines 200–220 ms with 4, 170–185 with 8, about
// 8 MB more RSS, still within the budget; measured in bench/README.md).
export const SERVER_NODE_OPTIONS: readonly string[] = [
  // The young generation's semi-space in MiB (V8's default on 64-bit is 16).
  '--max-semi-space-size=8',
  // Grow the old generation by at most this percentage of the live heap between full collections.
  '--heap-growing-percent=20',
];
