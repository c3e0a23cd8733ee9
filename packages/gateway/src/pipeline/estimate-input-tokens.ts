import type { ChatRequest, Part, Tool } from "@interlingua/core";

type Tokenizer = typeof import("gpt-tokenizer/encoding/o200k_base");

let tokenizer: Promise<Tokenizer> | undefined;

/** The tokenizer, loaded on first use (its tables take a moment to load: a gateway that never estimates never pays). */
function loadTokenizer(): Promise<Tokenizer> {
  tokenizer ??= import("gpt-tokenizer/encoding/o200k_base");
  return tokenizer;
}

const json = (value: unknown): string => (value === undefined ? "" : JSON.stringify(value));

function partText(part: Part): string[] {
  switch (part.type) {
    case "text":
    case "refusal":
      return [part.text];
    case "reasoning":
      return [part.text ?? "", ...(part.summary ?? [])];
    case "tool-call":
      return [part.name, part.rawArguments ?? json(part.arguments)];
    case "tool-result":
      return [part.name ?? "", ...part.content.flatMap(partText)];
    case "media":
      return part.source.type === "text" ? [part.source.text] : [];
    case "code":
      return [part.code];
    case "code-result":
      return [part.output ?? ""];
    case "hosted-tool-call":
      return [part.tool, json(part.input)];
    case "hosted-tool-result":
      return [part.tool, json(part.output)];
  }
}

function toolText(tool: Tool): string[] {
  return tool.type === "function"
    ? [tool.name, tool.description ?? "", json(tool.inputSchema)]
    : [tool.name ?? tool.kind];
}

/** The text of a request a model reads: instructions, every message's text and tool traffic, and tool definitions. */
export function requestText(request: ChatRequest): string {
  const pieces = [
    ...(request.instructions ?? []).flatMap((instruction) => instruction.parts.map((part) => part.text)),
    ...request.messages.flatMap((message) => message.parts.flatMap(partText)),
    ...(request.tools ?? []).flatMap(toolText),
  ];
  return pieces.filter((piece) => piece !== "").join("\n");
}

/** Longest piece counted at once: byte-pair merging of one long run without spaces takes quadratic time. */
const pieceLength = 2048;
/** Pieces counted between two yields to the event loop, so a huge prompt does not stall other callers. */
const piecesPerTurn = 32;

/** The text cut into pieces of at most {@link pieceLength}, at a whitespace where there is one. */
export function* textPieces(text: string): Generator<string> {
  let start = 0;
  while (text.length - start > pieceLength) {
    let end = start + pieceLength;
    while (end > start + pieceLength / 2 && !/\s/.test(text[end]!)) end--;
    if (end === start + pieceLength / 2) end = start + pieceLength;
    yield text.slice(start, end);
    start = end;
  }
  yield text.slice(start);
}

/**
 * An estimate of a request's input tokens: {@link requestText} counted with the o200k_base
 * byte-pair encoding (gpt-tokenizer, pure JavaScript, offline; decision 0006). Other vendors'
 * tokenizers differ, and media other than text, as well as each format's framing around messages,
 * are not counted, so it is an estimate and the gateway marks it as one. Text that spells a special
 * token (`<|endoftext|>`) is counted as ordinary text. Long text is counted in pieces cut at
 * whitespace (a run without any is cut anywhere), yielding to the event loop now and then.
 */
export async function estimateInputTokens(request: ChatRequest): Promise<number> {
  const { countTokens } = await loadTokenizer();
  const options = { disallowedSpecial: new Set<string>() };
  let total = 0;
  let counted = 0;
  for (const piece of textPieces(requestText(request))) {
    total += countTokens(piece, options);
    if (++counted % piecesPerTurn === 0) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return total;
}
