import { compiledLooseObject, OpenApiSchema } from "@interlingua/core";
import * as z from "zod/mini";

/** A JSON object holding caller data (arguments, results, options): checked to be an object, not walked. */
export const GenerateContentJsonObject = z.custom<Record<string, unknown>>(
  (value) => typeof value === "object" && value !== null && !Array.isArray(value),
  "must be a JSON object",
);

/** Inline bytes: `data` is standard or URL-safe base64. */
export const GenerateContentBlob = compiledLooseObject({ mimeType: z.string(), data: z.string() });

/** A file referenced by URI. */
export const GenerateContentFileData = compiledLooseObject({
  mimeType: z.optional(z.string()),
  fileUri: z.string(),
});

/** A function call (whole; the Vertex dialect also streams `partialArgs`, see the stream decoder). */
export const GenerateContentFunctionCall = compiledLooseObject({
  id: z.optional(z.string()),
  name: z.string(),
  args: z.optional(GenerateContentJsonObject),
});

/** The caller's answer to a function call; `response` must be an object. */
export const GenerateContentFunctionResponse = compiledLooseObject({
  id: z.optional(z.string()),
  name: z.string(),
  response: GenerateContentJsonObject,
  parts: z.optional(z.array(compiledLooseObject({ inlineData: z.optional(GenerateContentBlob) }))),
  willContinue: z.optional(z.boolean()),
  scheduling: z.optional(z.string()),
});

/** Code the model wrote for the hosted code-execution tool. */
export const GenerateContentExecutableCode = compiledLooseObject({ language: z.string(), code: z.string() });

/** The outcome of hosted code execution. */
export const GenerateContentCodeExecutionResult = compiledLooseObject({
  outcome: z.string(),
  output: z.optional(z.string()),
});

/** The fields of a part that hold its data; exactly one may be set (a proto `oneof`). */
export const generateContentPartDataFields = [
  "text",
  "inlineData",
  "fileData",
  "functionCall",
  "functionResponse",
  "executableCode",
  "codeExecutionResult",
] as const;

/**
 * One part of a content: one data field (none only beside a `thoughtSignature`, a model turn's
 * replayed state), plus `thought`, `thoughtSignature` and metadata.
 */
export const GenerateContentPart = z
  .looseObject({
    text: z.optional(z.string()),
    inlineData: z.optional(GenerateContentBlob),
    fileData: z.optional(GenerateContentFileData),
    functionCall: z.optional(GenerateContentFunctionCall),
    functionResponse: z.optional(GenerateContentFunctionResponse),
    executableCode: z.optional(GenerateContentExecutableCode),
    codeExecutionResult: z.optional(GenerateContentCodeExecutionResult),
    thought: z.optional(z.boolean()),
    thoughtSignature: z.optional(z.string()),
    videoMetadata: z.optional(GenerateContentJsonObject),
    partMetadata: z.optional(GenerateContentJsonObject),
  })
  .check(
    z.superRefine((part, context) => {
      const present = generateContentPartDataFields.filter((field) => part[field] !== undefined);
      // The API refuses a part without data with this message; a bare signature is replayed state.
      if (present.length === 0 && part.thoughtSignature === undefined) {
        context.addIssue({
          code: "custom",
          path: ["data"],
          message: "required oneof field 'data' must have one initialized field",
        });
      }
      if (present.length > 1) {
        context.addIssue({
          code: "custom",
          path: [present[1]!],
          message: `A part holds one kind of data; found ${present.join(" and ")}`,
        });
      }
    }),
  );
/** A part; see {@link GenerateContentPart}. */
export type GenerateContentPart = z.infer<typeof GenerateContentPart>;

/**
 * One turn: `role` is `user`, `model`, `function` or `tool` (absent means user); at least one part
 * (the API refuses an empty one with this message).
 */
export const GenerateContentContent = compiledLooseObject({
  role: z.optional(z.enum(["user", "model", "function", "tool"])),
  parts: z.array(GenerateContentPart).check(z.minLength(1, "contents.parts must not be empty")),
});
/** A turn; see {@link GenerateContentContent}. */
export type GenerateContentContent = z.infer<typeof GenerateContentContent>;

/** A function the caller implements; parameters as the Schema subset or as raw JSON Schema. */
export const GenerateContentFunctionDeclaration = compiledLooseObject({
  name: z.string().check(z.minLength(1)),
  description: z.optional(z.string()),
  parameters: z.optional(OpenApiSchema),
  parametersJsonSchema: z.optional(z.unknown()),
  response: z.optional(OpenApiSchema),
  responseJsonSchema: z.optional(z.unknown()),
  behavior: z.optional(z.string()),
});
/** A function declaration; see {@link GenerateContentFunctionDeclaration}. */
export type GenerateContentFunctionDeclaration = z.infer<typeof GenerateContentFunctionDeclaration>;

const ToolOptions = GenerateContentJsonObject;

/** A tool entry: function declarations and/or hosted tools, each an options object. */
export const GenerateContentTool = compiledLooseObject({
  functionDeclarations: z.optional(z.array(GenerateContentFunctionDeclaration)),
  codeExecution: z.optional(ToolOptions),
  googleSearch: z.optional(ToolOptions),
  googleSearchRetrieval: z.optional(ToolOptions),
  urlContext: z.optional(ToolOptions),
  fileSearch: z.optional(ToolOptions),
  computerUse: z.optional(ToolOptions),
  googleMaps: z.optional(ToolOptions),
});
/** A tool entry; see {@link GenerateContentTool}. */
export type GenerateContentTool = z.infer<typeof GenerateContentTool>;

/** Tool-use policy. */
export const GenerateContentToolConfig = compiledLooseObject({
  functionCallingConfig: z.optional(
    compiledLooseObject({
      mode: z.optional(z.enum(["MODE_UNSPECIFIED", "AUTO", "ANY", "NONE", "VALIDATED"])),
      allowedFunctionNames: z.optional(z.array(z.string())),
    }),
  ),
  retrievalConfig: z.optional(GenerateContentJsonObject),
});

/** A content-safety threshold for one harm category. */
export const GenerateContentSafetySetting = compiledLooseObject({
  category: z.string(),
  threshold: z.string(),
});

const VoiceConfig = compiledLooseObject({
  prebuiltVoiceConfig: z.optional(compiledLooseObject({ voiceName: z.optional(z.string()) })),
});

/** Voice settings for audio output. */
export const GenerateContentSpeechConfig = compiledLooseObject({
  voiceConfig: z.optional(VoiceConfig),
  multiSpeakerVoiceConfig: z.optional(
    compiledLooseObject({
      speakerVoiceConfigs: z.array(compiledLooseObject({ speaker: z.string(), voiceConfig: VoiceConfig })),
    }),
  ),
  languageCode: z.optional(z.string()),
});

/** Sampling, output shape, modalities, speech and thinking settings. */
export const GenerateContentGenerationConfig = compiledLooseObject({
  stopSequences: z.optional(z.array(z.string()).check(z.maxLength(5))),
  responseMimeType: z.optional(z.string()),
  responseSchema: z.optional(OpenApiSchema),
  responseJsonSchema: z.optional(z.unknown()),
  responseModalities: z.optional(z.array(z.string())),
  candidateCount: z.optional(z.int().check(z.minimum(1))),
  maxOutputTokens: z.optional(z.int().check(z.minimum(1))),
  temperature: z.optional(z.number().check(z.minimum(0)).check(z.maximum(2))),
  topP: z.optional(z.number().check(z.minimum(0)).check(z.maximum(1))),
  topK: z.optional(z.int().check(z.minimum(1))),
  seed: z.optional(z.int()),
  presencePenalty: z.optional(z.number()),
  frequencyPenalty: z.optional(z.number()),
  responseLogprobs: z.optional(z.boolean()),
  logprobs: z.optional(z.int().check(z.minimum(0))),
  enableEnhancedCivicAnswers: z.optional(z.boolean()),
  speechConfig: z.optional(GenerateContentSpeechConfig),
  thinkingConfig: z.optional(
    compiledLooseObject({
      includeThoughts: z.optional(z.boolean()),
      thinkingBudget: z.optional(z.int()),
      thinkingLevel: z.optional(z.string()),
    }),
  ),
  mediaResolution: z.optional(z.string()),
});
/** Generation settings; see {@link GenerateContentGenerationConfig}. */
export type GenerateContentGenerationConfig = z.infer<typeof GenerateContentGenerationConfig>;

/** The body of `models/{model}:generateContent` and `:streamGenerateContent` (lowerCamel spelling). */
export const GenerateContentRequest = compiledLooseObject({
  model: z.optional(z.string()),
  // The API refuses a request without a turn with this message.
  contents: z.array(GenerateContentContent).check(z.minLength(1, "contents is not specified")),
  systemInstruction: z.optional(
    compiledLooseObject({ role: z.optional(z.string()), parts: z.array(GenerateContentPart) }),
  ),
  tools: z.optional(z.array(GenerateContentTool)),
  toolConfig: z.optional(GenerateContentToolConfig),
  safetySettings: z.optional(z.array(GenerateContentSafetySetting)),
  generationConfig: z.optional(GenerateContentGenerationConfig),
  cachedContent: z.optional(z.string()),
});
/** A generate-content request body; see {@link GenerateContentRequest}. */
export type GenerateContentRequest = z.infer<typeof GenerateContentRequest>;
