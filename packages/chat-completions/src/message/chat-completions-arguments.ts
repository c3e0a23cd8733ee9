/** A call's argument text parsed, with the text kept when re-serialising would not give it back. */
export function decodeChatCompletionsArguments(text: string): {
  arguments: unknown;
  rawArguments?: string;
  keepText: boolean;
} {
  try {
    const parsed: unknown = JSON.parse(text);
    return { arguments: parsed, keepText: JSON.stringify(parsed) !== text };
  } catch {
    return { arguments: undefined, rawArguments: text, keepText: false };
  }
}

/** The argument text of a canonical call: the kept wire text, the unparsed text, or the JSON. */
export function encodeChatCompletionsArguments(
  parsed: unknown,
  rawArguments: string | undefined,
  keptText: unknown,
): string {
  if (typeof keptText === "string") return keptText;
  return rawArguments ?? JSON.stringify(parsed ?? {});
}
