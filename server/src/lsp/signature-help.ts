// Signature help: the core's signature of the call the cursor is writing the arguments of, with the
// parameter its argument fills. Asked again on `(` and `,`, and on `)` to close it. A built-in's
// documentation is ours, in Markdown; the file's comments and a library's description are shown
// as text (protocol/display-text.ts), so nothing in them is read as a link or command. The label
// is plain text, but a default value in it is the file's: each piece is shown with its hidden
// characters visible (labelText), and the parameters' ranges are measured on what is shown.
import { MarkupKind, type MarkupContent, type ParameterInformation, type Position, type SignatureHelp, type SignatureInformation } from 'vscode-languageserver/node';
import { signatureHelpAt, type Signature, type SignatureHelp as CoreSignatureHelp } from '../core/queries';
import { labelText, markdownText } from '../protocol/display-text';
import type { OpenBuffer } from '../workspace/buffer';
import { offsetOf } from './convert';

export const SIGNATURE_HELP_TRIGGER_CHARACTERS = ['(', ','];
export const SIGNATURE_HELP_RETRIGGER_CHARACTERS = [')'];

export function signatureHelp(buffer: OpenBuffer, position: Position): SignatureHelp | null {
  const document = buffer.document;
  const help = signatureHelpAt(document, buffer.analysis(), offsetOf(document, position));
  if (!help) return null;
  const documentation = documentationOf(help);
  return {
    signatures: help.signatures.map((signature) => ({ ...shown(signature), ...(documentation ? { documentation } : {}) })),
    activeSignature: help.activeSignature,
    // One argument too many: a parameter index no signature has, so none is marked.
    activeParameter: help.activeParameter ?? help.signatures[help.activeSignature].parameters.length,
  };
}

function documentationOf(help: CoreSignatureHelp): MarkupContent | undefined {
  if (!help.documentation) return undefined;
  const { text, markdown } = help.documentation;
  return { kind: MarkupKind.Markdown, value: markdown ? text : markdownText(text) };
}

/** The label as shown, and each parameter's range in it. */
function shown(signature: Signature): SignatureInformation {
  let label = '';
  let from = 0;
  const parameters: ParameterInformation[] = [];
  for (const parameter of signature.parameters) {
    label += labelText(signature.label.slice(from, parameter.start));
    const start = label.length;
    label += labelText(signature.label.slice(parameter.start, parameter.end));
    parameters.push({ label: [start, label.length] });
    from = parameter.end;
  }
  label += labelText(signature.label.slice(from));
  return { label, parameters };
}
