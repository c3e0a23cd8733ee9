/**
 * Tags around reasoning inside an answer's `content`, for servers that run a reasoning model
 * without a reasoning parser (DeepSeek-R1 distills, QwQ and Qwen3 on llama.cpp, Ollama or vLLM
 * without `--reasoning-parser`): `<think>…</think>`. vLLM's `deepseek_r1` parser and SGLang's
 * separate-reasoning parsers read the same tags; pydantic-ai reads them from chat-completions
 * content too (`thinking_tags`).
 */
export interface ChatCompletionsReasoningTags {
  /** The opening tag (`<think>`), recognised only at the start of the content (after whitespace). */
  open: string;
  /** The closing tag (`</think>`): what follows it is the answer's text. */
  close: string;
  /**
   * The server's chat template already opened the tag in the prompt, so the answer starts inside
   * it, with no opening tag (DeepSeek-R1 and its distills on recent templates: vLLM's `deepseek_r1`
   * parser reads everything before `</think>` as reasoning).
   */
  openedByPrompt?: boolean;
}

/** A run of content that is reasoning or the answer's text. */
export interface ContentSegment {
  kind: "reasoning" | "text";
  text: string;
}

/** Splits content arriving in fragments by {@link ChatCompletionsReasoningTags}, tags cut anywhere. */
export interface ReasoningTagScanner {
  /** The segments `fragment` completes; text that may be the start of a tag is held back. */
  push(fragment: string): ContentSegment[];
  /** What is still held back, at the end of the content. */
  end(): ContentSegment[];
  /** Whether the content was read as starting with reasoning (tags removed), even an empty one. */
  readonly foundReasoning: boolean;
}

/** The length of the longest end of `text` that is a proper beginning of `tag`. */
function partialTagLength(text: string, tag: string): number {
  for (let length = Math.min(tag.length - 1, text.length); length > 0; length--)
    if (text.endsWith(tag.slice(0, length))) return length;
  return 0;
}

/**
 * A scanner of `tags` over one content: reasoning when the content opens with the opening tag (or
 * at once, when the prompt opened it) up to the closing tag, text after it and otherwise.
 * Whitespace before an opening tag is not kept.
 */
export function createReasoningTagScanner(tags: ChatCompletionsReasoningTags): ReasoningTagScanner {
  let state: "start" | "reasoning" | "text" = "start";
  let held = "";
  let foundReasoning = false;

  function take(segments: ContentSegment[], final: boolean): ContentSegment[] {
    const add = (kind: ContentSegment["kind"], text: string) => {
      if (text !== "") segments.push({ kind, text });
    };
    for (;;) {
      if (state === "start") {
        const trimmed = held.trimStart();
        if (trimmed.startsWith(tags.open)) {
          held = trimmed.slice(tags.open.length);
          state = "reasoning";
          foundReasoning = true;
          continue;
        }
        if (!final && tags.open.startsWith(trimmed)) return segments;
        state = tags.openedByPrompt ? "reasoning" : "text";
        foundReasoning = state === "reasoning";
        continue;
      }
      if (state === "reasoning") {
        const at = held.indexOf(tags.close);
        if (at >= 0) {
          add("reasoning", held.slice(0, at));
          held = held.slice(at + tags.close.length);
          state = "text";
          continue;
        }
        const keep = final ? 0 : partialTagLength(held, tags.close);
        add("reasoning", held.slice(0, held.length - keep));
        held = held.slice(held.length - keep);
        return segments;
      }
      add("text", held);
      held = "";
      return segments;
    }
  }

  return {
    push(fragment) {
      held += fragment;
      return take([], false);
    },
    end: () => take([], true),
    get foundReasoning() {
      return foundReasoning;
    },
  };
}

/**
 * A whole content split by `tags`: its reasoning (undefined when empty or absent) and its text (the
 * content as it came when it has no reasoning), as a stream of it would be split.
 */
export function splitReasoningTags(
  content: string,
  tags: ChatCompletionsReasoningTags,
): { reasoning?: string; text: string } {
  const scanner = createReasoningTagScanner(tags);
  const segments = [...scanner.push(content), ...scanner.end()];
  if (!scanner.foundReasoning) return { text: content };
  const join = (kind: ContentSegment["kind"]) =>
    segments
      .filter((segment) => segment.kind === kind)
      .map((segment) => segment.text)
      .join("");
  const reasoning = join("reasoning");
  return reasoning === "" ? { text: join("text") } : { reasoning, text: join("text") };
}
