import {
  CanonicalError,
  type ConversionContext,
  callerParam,
  createConversionContext,
  type FunctionTool,
  type HostedTool,
  jsonSchemaToOpenApiSchema,
  noParametersSchema,
  type OpenApiSchema,
  openApiSchemaToJsonSchema,
  pointer,
  reportMovedEntries,
  type Tool,
} from "@interlingua/core";
import { readGenerateContentExtension } from "../wire/generate-content-extensions";
import type {
  GenerateContentFunctionDeclaration,
  GenerateContentTool,
} from "../wire/generate-content-request-schema";
import { sameJson } from "./generate-content-same-json";

const declarationMarkers = new Set(["tool", "parameters", "parametersJsonSchema", "parametersOmitted"]);

/**
 * Canonical tools as wire tool entries. Tools decoded from one entry go back into it; other
 * function tools share one entry, and each hosted tool gets its own. Parameters go back in the
 * spelling they came in while unchanged; another format's JSON Schema goes as `parametersJsonSchema`
 * when `jsonSchema` (the model takes it), else it is projected onto the Schema subset, or sent whole
 * as `parametersJsonSchema` where the projection would lose something or leave a schema without the
 * `type` the Schema subset requires (ai.google.dev/api/caching#Schema).
 */
export function encodeGenerateContentTools(
  tools: readonly Tool[],
  context: ConversionContext,
  jsonSchema = false,
): GenerateContentTool[] {
  const entries: GenerateContentTool[] = [];
  const byIndex = new Map<unknown, GenerateContentTool>();
  let sharedFunctions: GenerateContentTool | undefined;
  /** The entry a tool goes in: the one it was decoded from, else a shared or new one. */
  const entryFor = (extra: Record<string, unknown> | undefined, isFunction: boolean): GenerateContentTool => {
    if (extra?.tool !== undefined) {
      let entry = byIndex.get(extra.tool);
      if (!entry) {
        entry = {};
        byIndex.set(extra.tool, entry);
        entries.push(entry);
      }
      return entry;
    }
    if (isFunction && sharedFunctions) return sharedFunctions;
    const entry: GenerateContentTool = {};
    entries.push(entry);
    if (isFunction) sharedFunctions = entry;
    return entry;
  };
  /** The canonical index of each tool an entry holds, in the order it was put there. */
  const members = new Map<GenerateContentTool, number[]>();
  const place = (entry: GenerateContentTool, index: number) =>
    members.set(entry, [...(members.get(entry) ?? []), index]);
  const declared = new Set<string>();
  tools.forEach((tool, index) => {
    const path = `/tools/${index}`;
    const extra = readGenerateContentExtension(tool);
    if (tool.type === "function") {
      // The API refuses a second declaration of a name: so does the gateway, at the caller's field.
      if (declared.has(tool.name))
        throw new CanonicalError("invalid_request", `Duplicate function declaration found: ${tool.name}`, {
          param: callerParam(context, pointer(path, "name")),
        });
      declared.add(tool.name);
      const entry = entryFor(extra, true);
      entry.functionDeclarations ??= [];
      entry.functionDeclarations.push(encodeDeclaration(tool, extra, path, jsonSchema, context));
      place(entry, index);
      return;
    }
    const encoded = encodeHostedTool(tool, extra, path, context);
    if (encoded) {
      const entry = entryFor(extra, false);
      Object.assign(entry, encoded);
      place(entry, index);
    }
  });
  // Functions after a hosted tool join the one entry of functions before it: they come back first.
  reportMovedEntries(
    entries.flatMap((entry) => members.get(entry) ?? []),
    "/tools",
    context,
    "generate-content sends function tools together in one entry: this tool's place among the tools is not kept",
  );
  return entries;
}

/** Whether a projected schema, or one inside it, has neither a `type` nor `anyOf` (the API requires one). */
function hasUntypedSchema(schema: OpenApiSchema): boolean {
  if (schema.type === undefined && schema.anyOf === undefined) return true;
  const inner = [
    ...Object.values(schema.properties ?? {}),
    ...(schema.items ? [schema.items] : []),
    ...((schema.anyOf as OpenApiSchema[] | undefined) ?? []),
  ];
  return inner.some(hasUntypedSchema);
}

function encodeDeclaration(
  tool: FunctionTool,
  extra: Record<string, unknown> | undefined,
  path: string,
  jsonSchema: boolean,
  context: ConversionContext,
): GenerateContentFunctionDeclaration {
  const declaration: GenerateContentFunctionDeclaration = { name: tool.name };
  // A tool without one is sent without one: the client's reference gives `description` as
  // "Optional" (@google/genai's `FunctionDeclaration`), though the older rendering of the spec
  // requires it, and an invented "" would come back as a description the caller never gave.
  if (tool.description !== undefined) declaration.description = tool.description;
  if (extra?.parametersJsonSchema || (jsonSchema && extra === undefined)) {
    declaration.parametersJsonSchema = tool.inputSchema;
  } else if (
    extra?.parameters &&
    sameJson(openApiSchemaToJsonSchema(extra.parameters as OpenApiSchema), tool.inputSchema)
  ) {
    declaration.parameters = extra.parameters as OpenApiSchema;
  } else if (!(extra?.parametersOmitted && sameJson(tool.inputSchema, noParametersSchema))) {
    const projection = createConversionContext();
    const parameters = jsonSchemaToOpenApiSchema(tool.inputSchema, {
      context: projection,
      path: pointer(path, "inputSchema"),
    });
    if (projection.losses.length > 0 || hasUntypedSchema(parameters)) {
      // The Schema subset cannot say it (a keyword it lacks, a value of any type): the JSON Schema
      // field carries the schema whole.
      declaration.parametersJsonSchema = tool.inputSchema;
    } else {
      // An OBJECT without properties is refused by the API ("properties: should be non-empty for
      // OBJECT type"; proto3 reads an absent map as an empty one): a function without parameters
      // has none, which says the same (no parameter is named either way).
      const empty = parameters.type === "OBJECT" && Object.keys(parameters.properties ?? {}).length === 0;
      if (!empty || Object.keys(parameters).some((key) => key !== "type" && key !== "properties")) {
        declaration.parameters = parameters;
      }
    }
  }
  if (tool.strict)
    context.lose(
      "dropped",
      pointer(path, "strict"),
      "Strict schema adherence cannot be requested per function",
    );
  if (tool.cache) context.lose("dropped", pointer(path, "cache"), "Cache hints cannot be sent");
  if (extra)
    for (const key in extra)
      if (!declarationMarkers.has(key)) (declaration as Record<string, unknown>)[key] = extra[key];
  return declaration;
}

const wireFieldByKind: Partial<Record<HostedTool["kind"], string>> = {
  code_execution: "codeExecution",
  web_search: "googleSearch",
  url_context: "urlContext",
  file_search: "fileSearch",
  computer: "computerUse",
};

function encodeHostedTool(
  tool: HostedTool,
  extra: Record<string, unknown> | undefined,
  path: string,
  context: ConversionContext,
): GenerateContentTool | undefined {
  if (typeof extra?.field === "string" && extra.options !== undefined)
    return { [extra.field]: extra.options };
  const field = wireFieldByKind[tool.kind];
  if (!field) {
    context.lose(
      "unsupported",
      path,
      `The hosted tool ${tool.name ?? tool.kind} does not exist in this format`,
    );
    return undefined;
  }
  const options: Record<string, unknown> = {};
  const settings = tool.settings ?? {};
  for (const key in settings) {
    if (tool.kind === "computer" && key === "environment") {
      options.environment = `ENVIRONMENT_${String(settings[key]).toUpperCase()}`;
    } else if (tool.kind === "file_search" && key === "vectorStoreIds" && Array.isArray(settings[key])) {
      options.retrievalResources = (settings[key] as unknown[]).map((ragStoreName) => ({ ragStoreName }));
    } else {
      context.lose(
        "dropped",
        pointer(path, "settings", key),
        `The ${tool.kind} setting ${key} cannot be sent`,
      );
    }
  }
  if (tool.cache) context.lose("dropped", pointer(path, "cache"), "Cache hints cannot be sent");
  if (tool.kind === "computer" && options.environment === undefined) {
    options.environment = "ENVIRONMENT_BROWSER";
    context.lose(
      "approximated",
      pointer(path, "settings"),
      "Computer use needs an environment; the browser is assumed",
    );
  }
  // No store at all (none given, or an empty list) is a file search this format cannot ask for.
  const stores = options.retrievalResources as unknown[] | undefined;
  if (tool.kind === "file_search" && (stores === undefined || stores.length === 0)) {
    context.lose(
      "unsupported",
      path,
      "File search needs file search stores (vectorStoreIds); the tool is not sent",
    );
    return undefined;
  }
  return { [field]: options };
}
