// What every tool shares, said once in the MCP server's instructions instead of in each tool.
// Kept short on purpose: every byte here is in every agent's context (bench: tools/list size).

/** Conventions every tool shares, said once in the server's instructions instead of in each tool. */
export const SERVER_INSTRUCTIONS = [
  'Whetstone (.wst) buffers open in the editor (or served headless), read and changed through their AST.',
  'Start: setAgentName, setAgentRole {role:"refactor"} (sessions start read-only), listBuffers, findNodes, getNode.',
  'Node ids are stable across edits. Tools act on the active buffer unless you pass uri. Results carry uri and revision; pass ifRevision on changes.',
  'Positions: lines 1-based, columns 0-based, UTF-16; a span is [line, column, endLine, endColumn]. Left out: empty and false fields, and what you said (the uri you named, in changedNodeIds the nodes your mutations named, the type or kind you filtered by).',
  'With one source folder, a uri is given and taken as a path relative to it (core/text.wst).',
  'A change is one undo step for the person; getDiagnostics after it. Deleting or replacing a declaration needs a plan the person approves (proposePlan, then planId).',
  'Errors come as isError results: structuredContent {code, message, hint, data}; follow the hint. -32602: params.X names the bad argument. -32002: node gone, findNodes again. -32000/-32001: no such buffer, see listBuffers. -32031: setAgentRole first.',
  'Notifications: notifications/whetstone/{planDecided, suggestionDecided, bufferChanged, libraryContext}.',
].join('\n');
