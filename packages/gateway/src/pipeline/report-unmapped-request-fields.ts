import { type ChatRequest, type ConversionContext, pointer } from "@interlingua/core";
import type { GatewayFormat } from "../formats/gateway-format";

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Reports, as `dropped` at `/extensions/<front>/<field>`, each caller field of `request` that the
 * front's codec kept only for its own format (`front.unmappedRequestFields`): a backend of format
 * `backend` never sees it. A same-format backend gets them all back, so nothing is reported then.
 */
export function reportUnmappedRequestFields(
  request: ChatRequest,
  front: GatewayFormat,
  backend: string | undefined,
  context: ConversionContext,
): void {
  const format = front.codec.id;
  const fields = front.unmappedRequestFields;
  const kept = request.extensions?.[format];
  if (!fields || !kept || backend === format) return;
  const marks = new Set(fields.marks);
  const lose = (path: string[]) =>
    context.lose(
      "dropped",
      pointer("", "extensions", format, ...path),
      `${path.join(".")} has no equivalent in the ${backend ?? "backend's"} format`,
    );
  for (const [key, value] of Object.entries(kept)) {
    if (marks.has(key)) continue;
    if (!fields.holders.includes(key) || !isObject(value)) {
      lose([key]);
      continue;
    }
    for (const member of Object.keys(value)) if (!marks.has(`${key}/${member}`)) lose([key, member]);
  }
}
