import { OpenApiSchema } from "@interlingua/core";
import * as z from "zod";

/** A JSON object holding caller data (arguments, results, options): checked to be an object, not walked. */
export const GenerateContentJsonObject = z.custom<Record<string, unknown>>(
  (value) => typeof value === "object" && value !== null && !Array.isArray(value),
  "must be a JSON object",
);

/** Inline bytes: `data` is standard or URL-safe base64. */
export const GenerateContentBlob = z.looseObject({ mimeType: z.string(), data: z.string() });

/** A file referenced by URI. */
export const GenerateContentFileData = z.looseObject({
  mimeType: z.string().optional(),
  fileUri: z.string(),
});

/** A function call (whole; the Vertex dialect also streams `partialArgs`, see the stream decoder). */
export const GenerateContentFunctionCall = z.looseObject({
  id: z.string().optional(),
  name: z.string(),
  args: GenerateContentJsonObject.optional(),
});

/** The caller's answer to a function call; `response` must be an object. */
export const GenerateContentFunctionResponse = z.looseObject({
  id: z.string().optional(),
  name: z.string(),
  response: GenerateContentJsonObject,
  parts: z.array(z.looseObject({ inlineData: GenerateContentBlob.optional() })).optional(),
  willContinue: z.boolean().optional(),
  scheduling: z.string().optional(),
});

/** Code the model wrote for the hosted code-execution tool. */
export const GenerateContentExecutableCode = z.looseObject({ language: z.string(), code: z.string() });

/** The outcome of hosted code execution. */
export const GenerateContentCodeExecutionResult = z.looseObject({
  outcome: z.string(),
  output: z.string().optional(),
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

/** One part of a content: one data field, plus `thought`, `thoughtSignature` and metadata. */
export const GenerateContentPart = z
  .looseObject({
    text: z.string().optional(),
    inlineData: GenerateContentBlob.optional(),
    fileData: GenerateContentFileData.optional(),
    functionCall: GenerateContentFunctionCall.optional(),
    functionResponse: GenerateContentFunctionResponse.optional(),
    executableCode: GenerateContentExecutableCode.optional(),
    codeExecutionResult: GenerateContentCodeExecutionResult.optional(),
    thought: z.boolean().optional(),
    thoughtSignature: z.string().optional(),
    videoMetadata: GenerateContentJsonObject.optional(),
    partMetadata: GenerateContentJsonObject.optional(),
  })
  .superRefine((part, context) => {
    const present = generateContentPartDataFields.filter((field) => part[field] !== undefined);
    if (present.length > 1) {
      context.addIssue({
        code: "custom",
        path: [present[1]!],
        message: `A part holds one kind of data; found ${present.join(" and ")}`,
      });
    }
  });
/** A part; see {@link GenerateContentPart}. */
export type GenerateContentPart = z.infer<typeof GenerateContentPart>;

/** One turn: `role` is `user`, `model`, `function` or `tool` (absent means user). */
export const GenerateContentContent = z.looseObject({
  role: z.enum(["user", "model", "function", "tool"]).optional(),
  parts: z.array(GenerateContentPart),
});
/** A turn; see {@link GenerateContentContent}. */
export type GenerateContentContent = z.infer<typeof GenerateContentContent>;

/** A function the caller implements; parameters as the Schema subset or as raw JSON Schema. */
export const GenerateContentFunctionDeclaration = z.looseObject({
  name: z.string().min(1),
  description: z.string().optional(),
  parameters: OpenApiSchema.optional(),
  parametersJsonSchema: z.unknown().optional(),
  response: OpenApiSchema.optional(),
  responseJsonSchema: z.unknown().optional(),
  behavior: z.string().optional(),
});
/** A function declaration; see {@link GenerateContentFunctionDeclaration}. */
export type GenerateContentFunctionDeclaration = z.infer<typeof GenerateContentFunctionDeclaration>;

const ToolOptions = GenerateContentJsonObject;

/** A tool entry: function declarations and/or hosted tools, each an options object. */
export const GenerateContentTool = z.looseObject({
  functionDeclarations: z.array(GenerateContentFunctionDeclaration).optional(),
  codeExecution: ToolOptions.optional(),
  googleSearch: ToolOptions.optional(),
  googleSearchRetrieval: ToolOptions.optional(),
  urlContext: ToolOptions.optional(),
  fileSearch: ToolOptions.optional(),
  computerUse: ToolOptions.optional(),
  googleMaps: ToolOptions.optional(),
});
/** A tool entry; see {@link GenerateContentTool}. */
export type GenerateContentTool = z.infer<typeof GenerateContentTool>;

/** Tool-use policy. */
export const GenerateContentToolConfig = z.looseObject({
  functionCallingConfig: z
    .looseObject({
      mode: z.enum(["MODE_UNSPECIFIED", "AUTO", "ANY", "NONE", "VALIDATED"]).optional(),
      allowedFunctionNames: z.array(z.string()).optional(),
    })
    .optional(),
  retrievalConfig: GenerateContentJsonObject.optional(),
});

/** A content-safety threshold for one harm category. */
export const GenerateContentSafetySetting = z.looseObject({ category: z.string(), threshold: z.string() });

const VoiceConfig = z.looseObject({
  prebuiltVoiceConfig: z.looseObject({ voiceName: z.string().optional() }).optional(),
});

/** Voice settings for audio output. */
export const GenerateContentSpeechConfig = z.looseObject({
  voiceConfig: VoiceConfig.optional(),
  multiSpeakerVoiceConfig: z
    .looseObject({
      speakerVoiceConfigs: z.array(z.looseObject({ speaker: z.string(), voiceConfig: VoiceConfig })),
    })
    .optional(),
  languageCode: z.string().optional(),
});

/** Sampling, output shape, modalities, speech and thinking settings. */
export const GenerateContentGenerationConfig = z.looseObject({
  stopSequences: z.array(z.string()).max(5).optional(),
  responseMimeType: z.string().optional(),
  responseSchema: OpenApiSchema.optional(),
  responseJsonSchema: z.unknown().optional(),
  responseModalities: z.array(z.string()).optional(),
  candidateCount: z.number().int().min(1).optional(),
  maxOutputTokens: z.number().int().min(1).optional(),
  temperature: z.number().min(0).max(2).optional(),
  topP: z.number().min(0).max(1).optional(),
  topK: z.number().int().min(1).optional(),
  seed: z.number().int().optional(),
  presencePenalty: z.number().optional(),
  frequencyPenalty: z.number().optional(),
  responseLogprobs: z.boolean().optional(),
  logprobs: z.number().int().min(0).optional(),
  enableEnhancedCivicAnswers: z.boolean().optional(),
  speechConfig: GenerateContentSpeechConfig.optional(),
  thinkingConfig: z
    .looseObject({
      includeThoughts: z.boolean().optional(),
      thinkingBudget: z.number().int().optional(),
      thinkingLevel: z.string().optional(),
    })
    .optional(),
  mediaResolution: z.string().optional(),
});
/** Generation settings; see {@link GenerateContentGenerationConfig}. */
export type GenerateContentGenerationConfig = z.infer<typeof GenerateContentGenerationConfig>;

/** The body of `models/{model}:generateContent` and `:streamGenerateContent` (lowerCamel spelling). */
export const GenerateContentRequest = z.looseObject({
  model: z.string().optional(),
  contents: z.array(GenerateContentContent),
  systemInstruction: z
    .looseObject({ role: z.string().optional(), parts: z.array(GenerateContentPart) })
    .optional(),
  tools: z.array(GenerateContentTool).optional(),
  toolConfig: GenerateContentToolConfig.optional(),
  safetySettings: z.array(GenerateContentSafetySetting).optional(),
  generationConfig: GenerateContentGenerationConfig.optional(),
  cachedContent: z.string().optional(),
});
/** A generate-content request body; see {@link GenerateContentRequest}. */
export type GenerateContentRequest = z.infer<typeof GenerateContentRequest>;
