import type { ConversionContext } from "../conversion/conversion-context";
import type { JsonSchema } from "../model/tool";

/**
 * A function's input schema as a format whose functions take an object sends it: unchanged when it
 * says nothing of its type or says `object`; otherwise (a number, an array, null: generate-content
 * lets one be declared, though a call's arguments are an object in every format, its own
 * `functionCall.args` included) the object schema of no declared properties, approximated at
 * `path` (the canonical `inputSchema`), as the messages API and OpenAI's refuse another root type.
 * `format` names the target in the message.
 */
export function objectInputSchema(
  schema: JsonSchema,
  format: string,
  context: ConversionContext,
  path: string,
): JsonSchema {
  if (schema.type === undefined || schema.type === "object") return schema;
  context.lose(
    "approximated",
    path,
    `an input schema of type ${JSON.stringify(schema.type)} is sent as an object, the only tool input ${format} takes`,
  );
  return { type: "object" };
}
