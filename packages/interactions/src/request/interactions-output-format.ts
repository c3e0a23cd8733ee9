import { type ConversionContext, type OutputFormat, pointer } from "@interlingua/core";
import { isWireObject, type WireObject } from "../interactions-extensions";

/** A single `response_format` entry as a canonical output format, or undefined when it is not a text format. */
export function decodeInteractionsResponseFormat(format: unknown): OutputFormat | undefined {
  if (!isWireObject(format) || format.type !== "text") return undefined;
  if (format.mime_type === "application/json") {
    return isWireObject(format.schema) ? { type: "json-schema", schema: format.schema } : { type: "json" };
  }
  return format.mime_type === undefined || format.mime_type === "text/plain" ? { type: "text" } : undefined;
}

/**
 * A canonical output format as a `response_format` text entry: JSON with or without a schema, or
 * plain text. A schema's name, description and strictness have no field (dropped with a loss); an
 * enum is sent as a JSON string schema listing its values (approximated).
 */
export function encodeInteractionsResponseFormat(
  format: OutputFormat,
  path: string,
  context: ConversionContext,
): WireObject {
  switch (format.type) {
    case "text":
      return { type: "text" };
    case "json":
      return { type: "text", mime_type: "application/json" };
    case "json-schema":
      for (const field of ["name", "description", "strict"] as const) {
        if (format[field] !== undefined)
          context.lose(
            "dropped",
            pointer(path, field),
            `A response schema's ${field} has no field in this format`,
          );
      }
      return { type: "text", mime_type: "application/json", schema: format.schema };
    case "enum":
      context.lose("approximated", path, "An enum output is sent as a JSON string schema listing its values");
      return { type: "text", mime_type: "application/json", schema: { type: "string", enum: format.values } };
  }
}
