import { readFileSync } from "node:fs";
import { type AnyCodec, type ChatRequest, createConversionContext } from "@interlingua/core";
import { chatRequestArbitrary, createSpecValidator, specPath } from "@interlingua/core/test";
import { generateContentCodec } from "@interlingua/generate-content";
import {
  ImageTaskActionRequest,
  ImageTaskBlendRequest,
  ImageTaskDescribeRequest,
  ImageTaskImagineRequest,
  ImageTaskListRequest,
  ImageTaskModalRequest,
  ImageTaskSwapFaceRequest,
  ImageTaskUploadRequest,
} from "@interlingua/image-task";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import fc from "fast-check";
import * as z from "zod/mini";
import { schemaArbitrary } from "./schema-arbitrary";

/** The key the fuzzing gateway and its image-task mount accept. */
export const fuzzKey = "sk-fuzz-caller-key";

/** Models the fuzzer names: one routed to each upstream format, and odd ones no route knows well. */
const routedModels = ["fuzz-messages", "fuzz-responses", "fuzz-gc"];
const modelArbitrary = fc.oneof(
  { arbitrary: fc.constantFrom(...routedModels), weight: 6 },
  { arbitrary: fc.string({ maxLength: 10 }), weight: 1 },
);

/** Where a fuzzed body goes, and with which headers. */
export interface FuzzTarget {
  method: "POST" | "GET";
  path: string;
  headers: Record<string, string>;
  /** Bodies to fuzz for this target (JSON values near the valid ones). */
  base: fc.Arbitrary<unknown>;
}

/** One front of the gateway under fuzzing. */
export interface FuzzFront {
  name: string;
  /** Targets of the front, each with its body arbitrary. */
  targets: fc.Arbitrary<FuzzTarget>;
  /** Problems of an error answer's body in the front's format (empty when it is right). */
  errorProblems(status: number, body: unknown): string[];
}

type Components = Record<string, Record<string, unknown>>;

function components(file: string): Components {
  return (JSON.parse(readFileSync(specPath(file), "utf8")) as { components: { schemas: Components } })
    .components.schemas;
}

function fromSpec(file: string, name: string): fc.Arbitrary<unknown> {
  const schemas = components(file);
  return schemaArbitrary(schemas, schemas[name]!);
}

/** Canonical requests encoded by a codec: valid wire requests, deep inside the codec's decoder. */
function encodedBy(codec: AnyCodec): fc.Arbitrary<unknown> {
  return fc.tuple(chatRequestArbitrary, modelArbitrary).map(([request, model]) => {
    try {
      return codec.encodeRequest({ ...request, model } as ChatRequest, createConversionContext());
    } catch {
      return { model };
    }
  });
}

function withModel(base: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(base, modelArbitrary, fc.boolean())
    .map(([value, model, keep]) =>
      typeof value === "object" && value !== null && !Array.isArray(value) && !keep
        ? { ...value, model }
        : value,
    );
}

function nearValid(codec: AnyCodec, file: string, schema: string): fc.Arbitrary<unknown> {
  return fc.oneof(withModel(fromSpec(file, schema)), encodedBy(codec));
}

/**
 * Problems of an error body against the spec's `ErrorResponse`. Anthropic documents
 * `request_too_large` (413) among its error types, but its spec's list lacks it: checked as an
 * `invalid_request_error` otherwise alike.
 */
function specProblems(format: "messages" | "responses", status: number, body: unknown): string[] {
  const error = (body as { error?: { type?: unknown } } | null)?.error;
  const checked =
    format === "messages" && error?.type === "request_too_large" && status === 413
      ? { ...(body as object), error: { ...error, type: "invalid_request_error" } }
      : body;
  const problems = createSpecValidator(format).validate("ErrorResponse", checked);
  if (status < 400) problems.push(`status ${status} is not an error`);
  return problems;
}

const messagesFront: FuzzFront = {
  name: "messages",
  targets: nearValid(messagesCodec, "vendor/anthropic/messages-api.openapi.json", "CreateMessageParams").map(
    (base) => ({
      method: "POST" as const,
      path: "/v1/messages",
      headers: {
        "x-api-key": fuzzKey,
        "anthropic-version": "2023-06-01",
        "content-type": "application/json",
      },
      base: fc.constant(base),
    }),
  ),
  errorProblems: (status, body) => specProblems("messages", status, body),
};

const responsesFront: FuzzFront = {
  name: "responses",
  targets: nearValid(responsesCodec, "vendor/openai/responses-api.openapi.json", "CreateResponse").map(
    (base) => ({
      method: "POST" as const,
      path: "/v1/responses",
      headers: { authorization: `Bearer ${fuzzKey}`, "content-type": "application/json" },
      base: fc.constant(base),
    }),
  ),
  errorProblems: (status, body) => specProblems("responses", status, body),
};

const pathModel = fc.oneof(
  { arbitrary: fc.constantFrom(...routedModels), weight: 6 },
  { arbitrary: fc.string({ maxLength: 8 }).map(encodeURIComponent), weight: 1 },
  { arbitrary: fc.constantFrom("%ZZ", "a%2Fb", "%", "models%2Ffuzz-gc", "%E0%A4%A", "%00"), weight: 1 },
);

const generateContentFront: FuzzFront = {
  name: "generate-content",
  targets: fc
    .tuple(
      nearValid(
        generateContentCodec,
        "vendor/gemini/generativelanguage-v1beta.openapi3.json",
        "GenerateContentRequest",
      ),
      pathModel,
      fc.constantFrom("generateContent", "streamGenerateContent", "streamGenerateContent?alt=sse"),
    )
    .map(([base, model, method]) => ({
      method: "POST" as const,
      path: `/v1beta/models/${model}:${method}`,
      headers: { "x-goog-api-key": fuzzKey, "content-type": "application/json" },
      base: fc.constant(base),
    })),
  errorProblems(status, body) {
    const error = (body as { error?: Record<string, unknown> } | null)?.error;
    if (typeof error !== "object" || error === null) return ["no error object"];
    const problems: string[] = [];
    if (error.code !== status) problems.push(`error.code ${String(error.code)} is not the status ${status}`);
    if (typeof error.message !== "string") problems.push("error.message is not a string");
    if (typeof error.status !== "string") problems.push("error.status is not a string");
    return problems;
  },
};

function zodArbitrary(schema: z.ZodMiniType): fc.Arbitrary<unknown> {
  const json = z.toJSONSchema(schema, { unrepresentable: "any" }) as Record<string, unknown>;
  return schemaArbitrary((json.$defs ?? {}) as Components, json);
}

const taskId = fc.oneof(
  fc.constantFrom("1", "0000000000000000", "%ZZ", "..", "x".repeat(300)),
  fc.string({ maxLength: 6 }).map(encodeURIComponent),
);
const imageTaskPosts: [string, fc.Arbitrary<unknown>][] = [
  ["submit/imagine", zodArbitrary(ImageTaskImagineRequest)],
  ["submit/blend", zodArbitrary(ImageTaskBlendRequest)],
  ["submit/describe", zodArbitrary(ImageTaskDescribeRequest)],
  ["submit/modal", zodArbitrary(ImageTaskModalRequest)],
  ["submit/action", zodArbitrary(ImageTaskActionRequest)],
  ["submit/upload-platform-images", zodArbitrary(ImageTaskUploadRequest)],
  ["insight-face/swap", zodArbitrary(ImageTaskSwapFaceRequest)],
  ["task/list-by-condition", zodArbitrary(ImageTaskListRequest)],
];

const imageTaskFront: FuzzFront = {
  name: "image-task",
  targets: fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .tuple(fc.constantFrom("mj", "img"), fc.constantFrom(...imageTaskPosts))
        .map(([dialect, [path, base]]) => ({
          method: "POST" as const,
          path: `/${dialect}/${path}`,
          headers: { authorization: `Bearer ${fuzzKey}`, "content-type": "application/json" },
          base,
        })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom("cancel", "fetch", "image-seed"), taskId).map(([action, id]) => ({
        method: action === "cancel" ? ("POST" as const) : ("GET" as const),
        path: `/mj/task/${id}/${action}`,
        headers: { "mj-api-secret": fuzzKey, "content-type": "application/json" },
        base: fc.constant({}),
      })),
    },
    {
      weight: 1,
      arbitrary: taskId.map((name) => ({
        method: "POST" as const,
        path: `/mj/callback/${name}`,
        headers: { "content-type": "application/json" },
        base: fc.jsonValue({ maxDepth: 3 }),
      })),
    },
  ),
  errorProblems(status, body) {
    const envelope = body as { code?: unknown; description?: unknown } | null;
    if (typeof envelope !== "object" || envelope === null) return ["no envelope"];
    const problems: string[] = [];
    if (typeof envelope.code !== "number") problems.push("code is not a number");
    if (typeof envelope.description !== "string") problems.push("description is not a string");
    if (status < 400) problems.push(`status ${status} is not an error`);
    return problems;
  },
};

/** Every front the fuzzer drives. */
export const fuzzFronts: readonly FuzzFront[] = [
  messagesFront,
  responsesFront,
  generateContentFront,
  imageTaskFront,
];
