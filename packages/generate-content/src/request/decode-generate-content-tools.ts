import {
  CanonicalError,
  type FunctionTool,
  type HostedTool,
  type JsonSchema,
  noParametersSchema,
  openApiSchemaToJsonSchema,
  type Tool,
} from "@interlingua/core";
import { generateContentExtensions, unknownFields } from "../wire/generate-content-extensions";
import type {
  GenerateContentFunctionDeclaration,
  GenerateContentTool,
} from "../wire/generate-content-request-schema";
import { arrayWithoutItems } from "./array-without-items";
import { generateContentToolNameRule } from "./generate-content-tool-name-rule";

/** The wire field of each hosted tool and its canonical kind. */
export const hostedToolKinds = {
  codeExecution: "code_execution",
  googleSearch: "web_search",
  googleSearchRetrieval: "web_search",
  urlContext: "url_context",
  fileSearch: "file_search",
  computerUse: "computer",
  googleMaps: "other",
} as const satisfies Record<string, HostedTool["kind"]>;

const declarationFields = new Set(["name", "description", "parameters", "parametersJsonSchema"]);

/**
 * Wire tools as canonical tools, in order. One wire entry may hold several tools; each canonical
 * tool remembers its entry (`extensions["generate-content"].tool`) so a round trip groups them again.
 * `parameters` (the Schema subset) becomes JSON Schema, the original kept for an exact echo;
 * `parametersJsonSchema` is JSON Schema already and passes through. A function declared twice, under
 * a name the API refuses ("Invalid function name"), or with an ARRAY of no `items` in its
 * `parameters` ("items: missing field") is refused as the API refuses it.
 */
export function decodeGenerateContentTools(tools: GenerateContentTool[]): Tool[] {
  const result: Tool[] = [];
  const declared = new Set<string>();
  tools.forEach((tool, index) => {
    for (const key in tool) {
      const value = (tool as Record<string, unknown>)[key];
      if (value === undefined) continue;
      if (key === "functionDeclarations") {
        (value as GenerateContentFunctionDeclaration[]).forEach((declaration, position) => {
          const param = `tools.${index}.functionDeclarations.${position}`;
          if (!generateContentToolNameRule.legal.test(declaration.name))
            throw new CanonicalError(
              "invalid_request",
              `Invalid function name ${JSON.stringify(declaration.name)}: it must start with a letter or an underscore and hold up to 64 letters, digits, _, ., : or -`,
              { param: `${param}.name` },
            );
          if (declared.has(declaration.name))
            throw new CanonicalError(
              "invalid_request",
              `Duplicate function declaration found: ${declaration.name}`,
              { param: `${param}.name` },
            );
          declared.add(declaration.name);
          result.push(decodeDeclaration(declaration, index, param));
        });
        continue;
      }
      // Own keys only: `constructor` or `toString` is an unknown tool, not a property of every object.
      const kind: HostedTool["kind"] = Object.hasOwn(hostedToolKinds, key)
        ? hostedToolKinds[key as keyof typeof hostedToolKinds]
        : "other";
      const hosted: HostedTool = { type: "hosted", kind };
      if (kind === "other") hosted.name = key;
      const settings = hostedSettings(key, value as Record<string, unknown>);
      if (settings) hosted.settings = settings;
      hosted.extensions = generateContentExtensions({
        ...unmappedOptions(key, value as Record<string, unknown>),
        tool: index,
        field: key,
        options: value,
      });
      result.push(hosted);
    }
  });
  return result;
}

function decodeDeclaration(
  declaration: GenerateContentFunctionDeclaration,
  index: number,
  param: string,
): FunctionTool {
  const extra: Record<string, unknown> = unknownFields(declaration, declarationFields) ?? {};
  extra.tool = index;
  let inputSchema: JsonSchema;
  // The spec: parametersJsonSchema "is mutually exclusive with `parameters`"; the API refuses both.
  if (declaration.parametersJsonSchema !== undefined && declaration.parameters !== undefined)
    throw new CanonicalError(
      "invalid_request",
      `${param}.parameters and ${param}.parametersJsonSchema are mutually exclusive: send one`,
      { param: `${param}.parametersJsonSchema` },
    );
  if (declaration.parametersJsonSchema !== undefined) {
    const schema = declaration.parametersJsonSchema;
    if (typeof schema !== "object" || schema === null || Array.isArray(schema)) {
      throw new CanonicalError(
        "invalid_request",
        `${param}.parametersJsonSchema must be a JSON Schema object`,
        {
          param: `${param}.parametersJsonSchema`,
        },
      );
    }
    inputSchema = schema as JsonSchema;
    extra.parametersJsonSchema = true;
  } else if (declaration.parameters !== undefined) {
    const array = arrayWithoutItems(declaration.parameters);
    if (array !== undefined)
      throw new CanonicalError("invalid_request", `${param}.parameters${array}.items: missing field`, {
        param: `${param}.parameters${array}.items`,
      });
    inputSchema = openApiSchemaToJsonSchema(declaration.parameters);
    extra.parameters = declaration.parameters;
  } else {
    inputSchema = { ...noParametersSchema, properties: {} };
    extra.parametersOmitted = true;
  }
  const tool: FunctionTool = { type: "function", name: declaration.name, inputSchema };
  if (declaration.description !== undefined) tool.description = declaration.description;
  tool.extensions = generateContentExtensions(extra);
  return tool;
}

/** Canonical settings of the hosted tools that have some (see `HostedTool`). */
/** The options of each hosted tool that its canonical settings carry. */
const settingOptions: Record<string, readonly string[]> = {
  computerUse: ["environment"],
  fileSearch: ["retrievalResources"],
};

/**
 * A hosted tool's options its canonical settings do not carry (`googleSearchRetrieval`'s
 * `dynamicRetrievalConfig`): caller fields of the tool, which another format's backend never sees.
 */
function unmappedOptions(key: string, options: Record<string, unknown>): Record<string, unknown> {
  const carried = settingOptions[key] ?? [];
  const unmapped: Record<string, unknown> = {};
  if (typeof options !== "object" || options === null) return unmapped;
  for (const [option, value] of Object.entries(options))
    if (!carried.includes(option)) unmapped[option] = value;
  return unmapped;
}

function hostedSettings(key: string, options: Record<string, unknown>): Record<string, unknown> | undefined {
  if (key === "computerUse" && typeof options.environment === "string") {
    return { environment: options.environment.replace(/^ENVIRONMENT_/, "").toLowerCase() };
  }
  if (key === "fileSearch" && Array.isArray(options.retrievalResources)) {
    return {
      vectorStoreIds: options.retrievalResources.map(
        (resource: { ragStoreName?: unknown }) => resource.ragStoreName,
      ),
    };
  }
  return undefined;
}
