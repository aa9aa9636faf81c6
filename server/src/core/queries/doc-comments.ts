// A declaration's documentation: the comment lines directly above it (no blank line between), which
// the comment placement of the printer also gives to it as its leading comments. The text is the
// comments' own, without `//`, `/*` and `*/`; whoever shows it escapes it for where it is shown.
import type { Node } from '../ast/ast';
import { placeComments } from '../syntax/comment-placement';
import type { Comment, WhetstoneDocument } from '../syntax/document';

/** The comment lines just above `declaration`, joined by line breaks, or undefined when there are none. */
export function documentationComment(document: WhetstoneDocument, declaration: Node): string | undefined {
  const above = commentsDirectlyAbove(document, declaration);
  if (above.length === 0) return undefined;
  // Only comments that belong to the declaration: not a trailing one of the line before it.
  const placement = placeComments(document.ast, above, document.text);
  const leading = new Set(placement.leading(declaration.id));
  const own = above.filter((comment) => leading.has(comment));
  if (own.length === 0) return undefined;
  const text = own.map((comment) => commentText(comment.text)).join('\n').trim();
  return text === '' ? undefined : text;
}

/** The run of comments that ends on the line before `node` starts, each starting the line after the one before ends. */
function commentsDirectlyAbove(document: WhetstoneDocument, node: Node): Comment[] {
  const comments = document.comments;
  let index = comments.findIndex((comment) => comment.span.startOffset >= node.span.startOffset);
  if (index < 0) index = comments.length;
  const run: Comment[] = [];
  let line = node.span.start.line;
  for (let i = index - 1; i >= 0; i--) {
    const comment = comments[i];
    if (comment.span.end.line !== line - 1) break;
    run.unshift(comment);
    line = comment.span.start.line;
  }
  return run;
}

function commentText(text: string): string {
  // `///` and `//!`, as doc comments are often written, read as `//`.
  if (text.startsWith('//')) return text.replace(/^\/\/[/!]?/, '').replace(/^ /, '');
  const body = text.replace(/^\/\*+/, '').replace(/\*\/$/, '');
  return body
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*\* ?/, '').trimEnd())
    .join('\n')
    .trim();
}
