import type { StreamEncoderTransformer } from "@interlingua/core";
import {
  type ChatEvent,
  type ConversionContext,
  createCallIdChangeLoss,
  createForeignStreamFieldsLoss,
  createToolProgressLoss,
  type ErrorData,
  mergeUsage,
  obfuscationPadding,
  pointer,
  reportUnsayableErrorFields,
  reportUnsayableErrorKind,
  type Usage,
} from "@interlingua/core";
import {
  answerReasoningField,
  type ChatCompletionsDialect,
  defaultChatCompletionsDialect,
} from "../chat-completions-dialect";
import {
  chatCompletionsExtensions,
  chatCompletionsFormatId,
  type WireObject,
} from "../chat-completions-extensions";
import { chatCompletionsErrorFromWire } from "../errors/chat-completions-error-from-wire";
import { chatCompletionsErrorTypeByKind } from "../errors/chat-completions-error-kinds";
import { encodeChatCompletionsArguments } from "../message/chat-completions-arguments";
import { encodeChatCompletionsAudio, isChatCompletionsAudio } from "../message/chat-completions-audio";
import { encodeChatCompletionsAnnotation } from "../message/chat-completions-citations";
import { encodeReasoningDetails } from "../message/chat-completions-reasoning-details";
import { encodeAssistantMessage } from "../message/encode-chat-completions-assistant";
import { encodeChatCompletionsFinishReason } from "../response/chat-completions-finish-reason";
import { encodeChatCompletionsUsage } from "../response/chat-completions-usage";
import type { ChatCompletionsChunk } from "../wire/chat-completions-response-schema";
import { asksObfuscation } from "./chat-completions-obfuscation";

/** What the encoder remembers of a part it has seen start. */
interface PartState {
  kind: string;
  /** The `tool_calls` index of a tool call. */
  toolIndex?: number;
  /** Whether any argument text was streamed for a tool call. */
  streamedArguments?: boolean;
  /** Whether reasoning text was streamed, or its loss reported. */
  streamedReasoning?: boolean;
  /** The field reasoning text goes in. */
  reasoningField?: string;
}

/**
 * Whether to send the usage-only last chunk: a chat-completions caller asks for it with
 * `stream_options.include_usage` (and gets zeros when no usage is known, as the format promises)
 * and gets none when it did not ask; otherwise (another format's request, a conversion, a replay)
 * it is sent when there is usage to send.
 */
function wantsUsage(context: ConversionContext, known: boolean): boolean {
  const fields = context.request?.extensions?.[chatCompletionsFormatId];
  const options = fields?.stream_options as WireObject | null | undefined;
  if (options !== undefined && options !== null) return options.include_usage === true;
  if (fields?.streamUsageUnasked === true) return false;
  return known;
}

/** A mid-stream error chunk: the format's error envelope. */
function errorChunk(error: ErrorData): WireObject {
  const type =
    (error.extensions?.[chatCompletionsFormatId]?.type as string | undefined) ??
    chatCompletionsErrorTypeByKind[error.kind];
  return { error: { message: error.message, type, param: error.param ?? null, code: error.code ?? null } };
}

/**
 * The stream encoder as a synchronous transformer: canonical events as `chat.completion.chunk`s.
 * The first chunk names the role; text, reasoning (in `dialect`'s field, or `reasoning_content`)
 * and tool calls (id and name in the first delta, then argument text, by `index`)
 * follow as deltas; an answer's audio goes out whole when its part ends; a refusal and a text's citations go out when their part ends; extra candidates
 * go out whole before the finish chunk; the usage-only last chunk (`choices: []`) follows when the
 * caller asked for it. A failure is the format's `{error}` chunk. The `data: [DONE]` line that ends
 * the body is the framing's, not an event.
 */
export function createChatCompletionsStreamEncoderTransformer(
  context: ConversionContext,
  dialect: ChatCompletionsDialect = defaultChatCompletionsDialect,
): StreamEncoderTransformer<ChatCompletionsChunk> {
  let head: WireObject = {};
  const parts = new Map<number, PartState>();
  let nextToolIndex = 0;
  /** Whether a refusal was sent: with the tool calls, what a client reads the finish reason by. */
  let refused = false;
  let usage: Usage | undefined;
  let done = false;
  const loseToolProgress = createToolProgressLoss(context, "chat-completions");
  const loseForeignFields = createForeignStreamFieldsLoss(context, "chat-completions");
  const loseCallIdChange = createCallIdChangeLoss(context, "chat-completions");
  /** Whether the answer's audio went out: a message has one. */
  let sentAudio = false;

  const padded = asksObfuscation(context);
  const chunk = (choices: WireObject[], extra?: WireObject): ChatCompletionsChunk => {
    const made = { ...head, choices, ...extra } as ChatCompletionsChunk;
    // The padding the caller asked for, over what changes from chunk to chunk.
    if (padded) made.obfuscation = obfuscationPadding(JSON.stringify(choices).length);
    return made;
  };
  const delta = (content: WireObject, finishReason: string | null = null): ChatCompletionsChunk =>
    chunk([{ index: 0, delta: content, finish_reason: finishReason }]);

  return {
    transform(event, controller) {
      if (done) return;
      loseCallIdChange(event);
      switch (event.type) {
        case "response-start": {
          loseForeignFields(event);
          head = {
            id: event.id,
            object: "chat.completion.chunk",
            created: event.created ?? Math.floor(context.now() / 1000),
            model: event.model,
            ...chatCompletionsExtensions(event),
          };
          if (event.usage) usage = mergeUsage(usage, event.usage);
          controller.enqueue(delta({ role: "assistant", content: "" }));
          return;
        }
        case "part-start": {
          loseForeignFields(event);
          const state: PartState = { kind: event.kind };
          parts.set(event.index, state);
          // The message has one text and one reasoning field: a second such part continues the first.
          if (event.kind === "text" || event.kind === "reasoning" || event.kind === "refusal") {
            const same = [...parts].filter(([, part]) => part.kind === event.kind);
            const earlier = same.length;
            if (earlier > 1)
              context.lose(
                "approximated",
                pointer("/parts", event.index),
                `a second ${event.kind} part joined the first`,
              );
            // The first part comes back holding the text joined to it too.
            if (earlier === 2)
              context.lose(
                "approximated",
                pointer("/parts", same[0]![0]),
                `the ${event.kind} parts after this one joined it`,
              );
          }
          if (event.kind === "reasoning") {
            // The field a reasoning part of this format came in, else the dialect's.
            const field = chatCompletionsExtensions(event)?.field;
            state.reasoningField = typeof field === "string" ? field : answerReasoningField(dialect);
          }
          if (event.kind === "tool-call") {
            state.toolIndex = nextToolIndex++;
            controller.enqueue(
              delta({
                tool_calls: [
                  {
                    index: state.toolIndex,
                    id: event.id ?? "",
                    type: "function",
                    function: { name: event.name ?? "", arguments: "" },
                  },
                ],
              }),
            );
          }
          return;
        }
        case "text-delta":
          if (event.text !== "") controller.enqueue(delta({ content: event.text }));
          return;
        case "reasoning-delta": {
          const state = parts.get(event.index);
          const field = state?.reasoningField ?? answerReasoningField(dialect);
          if (event.text !== "") controller.enqueue(delta({ [field]: event.text }));
          if (state) state.streamedReasoning = true;
          return;
        }
        case "tool-arguments-delta": {
          const state = parts.get(event.index);
          if (state?.toolIndex === undefined || event.text === "") return;
          state.streamedArguments = true;
          controller.enqueue(
            delta({ tool_calls: [{ index: state.toolIndex, function: { arguments: event.text } }] }),
          );
          return;
        }
        case "part-end": {
          const state = parts.get(event.index);
          const { part } = event;
          const path = pointer("/parts", event.index);
          switch (part.type) {
            case "text":
              if (part.signature)
                context.lose(
                  "dropped",
                  pointer(path, "signature"),
                  "the chat-completions format has no signatures on text",
                );
              if (part.citations?.length) {
                const annotations = part.citations
                  .map((citation, index) =>
                    encodeChatCompletionsAnnotation(
                      citation,
                      0,
                      part.text.length,
                      context,
                      pointer(path, "citations", index),
                    ),
                  )
                  .filter((annotation) => annotation !== undefined);
                if (annotations.length > 0) controller.enqueue(delta({ annotations }));
              }
              return;
            case "refusal":
              if (part.text !== "") controller.enqueue(delta({ refusal: part.text }));
              if (part.text !== "") refused = true;
              return;
            case "tool-call": {
              if (part.signature)
                context.lose(
                  "dropped",
                  pointer(path, "signature"),
                  "the chat-completions format has no signatures on tool calls",
                );
              if (state?.toolIndex === undefined || state.streamedArguments) return;
              const text = encodeChatCompletionsArguments(part.arguments, part.rawArguments, undefined);
              if (text !== "")
                controller.enqueue(
                  delta({ tool_calls: [{ index: state.toolIndex, function: { arguments: text } }] }),
                );
              return;
            }
            case "reasoning": {
              if (!state?.streamedReasoning && part.text) {
                const field = state?.reasoningField ?? answerReasoningField(dialect);
                controller.enqueue(delta({ [field]: part.text }));
              }
              if (part.signature) {
                // A stream is an answer: it carries this format's state to any client.
                if (part.signature.format === chatCompletionsFormatId)
                  controller.enqueue(delta({ reasoning_details: encodeReasoningDetails(part.signature) }));
                else
                  context.lose(
                    "dropped",
                    pointer(path, "signature"),
                    "the chat-completions format cannot carry this reasoning state",
                  );
              }
              return;
            }
            case "media":
              // An answer's own audio goes out whole in one `delta.audio`; other media has no place.
              if (isChatCompletionsAudio(part) && !sentAudio) {
                sentAudio = true;
                controller.enqueue(delta({ audio: encodeChatCompletionsAudio(part) }));
              } else
                context.lose(
                  "dropped",
                  path,
                  `the chat-completions format streams no ${part.kind} media (only an answer's own audio)`,
                );
              return;
            default:
              context.lose("dropped", path, `the chat-completions format cannot stream a ${part.type} part`);
          }
          return;
        }
        case "usage":
          loseForeignFields(event);
          usage = mergeUsage(usage, event.usage);
          return;
        case "response-end": {
          loseForeignFields(event);
          if (event.usage) usage = mergeUsage(usage, event.usage);
          // Before any chunk goes out, so a strict conversion fails instead of finishing.
          if (usage?.cacheWriteTokens)
            context.lose(
              "approximated",
              "/usage/cacheWriteTokens",
              "the chat-completions usage has no cache-write count: those tokens are counted as uncached prompt tokens",
            );
          if (event.stopSequence !== undefined)
            context.lose(
              "dropped",
              "/stopSequence",
              "the chat-completions format does not say which stop sequence matched",
            );
          event.candidates?.forEach((candidate, position) => {
            const message = encodeAssistantMessage(
              candidate.parts,
              undefined,
              "response",
              dialect,
              context,
              `/candidates/${position}/parts`,
            );
            const candidateDelta: WireObject = {};
            // A delta says only what there is: no nulls, empty texts or empty lists.
            for (const key in message) {
              const value = message[key];
              if (value !== null && value !== "" && !(Array.isArray(value) && value.length === 0))
                candidateDelta[key] = value;
            }
            if (Array.isArray(message.tool_calls))
              candidateDelta.tool_calls = (message.tool_calls as WireObject[]).map((call, index) => ({
                index,
                ...call,
              }));
            controller.enqueue(
              chunk([
                {
                  index: candidate.index,
                  delta: candidateDelta,
                  finish_reason: encodeChatCompletionsFinishReason(
                    candidate.finishReason,
                    context,
                    `/candidates/${position}/finishReason`,
                  ),
                },
              ]),
            );
          });
          const choiceFields =
            (event.extensions?.[chatCompletionsFormatId]?.choice as WireObject | undefined) ?? {};
          // Fields a later chunk of a chat-completions upstream said go on the last chunk, as it sent them.
          const laterFields =
            (event.extensions?.[chatCompletionsFormatId]?.later as WireObject | undefined) ?? {};
          const sendsUsage = wantsUsage(context, usage !== undefined && Object.keys(usage).length > 0);
          controller.enqueue(
            chunk(
              [
                {
                  index: 0,
                  delta: {},
                  finish_reason: encodeChatCompletionsFinishReason(
                    event.finishReason,
                    context,
                    "/finishReason",
                    { calledTools: nextToolIndex > 0, refused },
                  ),
                  ...choiceFields,
                },
              ],
              sendsUsage ? undefined : laterFields,
            ),
          );
          done = true;
          if (sendsUsage)
            controller.enqueue(chunk([], { usage: encodeChatCompletionsUsage(usage ?? {}), ...laterFields }));
          return;
        }
        case "tool-progress":
          loseToolProgress(event);
          return;
        case "citation-delta":
          // Annotations go out from the part at its end; fields of another format go nowhere.
          loseForeignFields(event);
          return;
        case "error": {
          done = true;
          loseForeignFields(event);
          const chunk = errorChunk(event.error);
          // The client reads the kind from the code and type alone: this format's error event has no status.
          const readBack = chatCompletionsErrorFromWire(0, chunk);
          reportUnsayableErrorKind(event.error, readBack.kind, "chat-completions", context);
          reportUnsayableErrorFields(event.error, readBack, "chat-completions", context);
          controller.enqueue(chunk as ChatCompletionsChunk);
          return;
        }
        default:
          return;
      }
    },
    // The format's `{error}` chunk, which may follow any chunk of a begun stream.
    fail(error, controller) {
      if (done) return;
      done = true;
      controller.enqueue(errorChunk(error) as ChatCompletionsChunk);
    },
  };
}

/** The stream encoder (see {@link createChatCompletionsStreamEncoderTransformer}) as a `TransformStream`. */
export function createChatCompletionsStreamEncoder(
  context: ConversionContext,
  dialect: ChatCompletionsDialect = defaultChatCompletionsDialect,
): TransformStream<ChatEvent, ChatCompletionsChunk> {
  return new TransformStream(createChatCompletionsStreamEncoderTransformer(context, dialect));
}
