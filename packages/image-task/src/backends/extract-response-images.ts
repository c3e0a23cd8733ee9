import type { ChatResponse, ImageBytes, Part } from "@interlingua/core";

const dataUrlPattern = /^data:([^;,]+)(?:;[^,]*)?;base64,(.*)$/s;

/**
 * The images in a chat response, in order: image media parts given inline (base64 or a data URL),
 * and image-generation tool calls that carry their picture as base64 (`result` of the responses
 * format's `image_generation_call` item, kept in its extensions, or the call's output).
 */
export function extractResponseImages(response: ChatResponse): ImageBytes[] {
  const images: ImageBytes[] = [];
  for (const part of response.parts) {
    const image = imageOfPart(part);
    if (image !== undefined) images.push(image);
  }
  return images;
}

function imageOfPart(part: Part): ImageBytes | undefined {
  switch (part.type) {
    case "media": {
      if (part.kind !== "image") return undefined;
      if (part.source.type === "base64") return fromBase64(part.source.data, part.mediaType ?? "image/png");
      if (part.source.type === "url") return fromDataUrl(part.source.url);
      return undefined;
    }
    case "hosted-tool-call": {
      if (!part.tool.startsWith("image_generation")) return undefined;
      const raw = (
        part.extensions?.responses as { raw?: { result?: unknown; output_format?: unknown } } | undefined
      )?.raw;
      const input = part.input as { result?: unknown } | undefined;
      const result = raw?.result ?? input?.result;
      if (typeof result !== "string" || result === "") return undefined;
      const format = typeof raw?.output_format === "string" ? raw.output_format : "png";
      return fromDataUrl(result) ?? fromBase64(result, `image/${format === "jpg" ? "jpeg" : format}`);
    }
    case "hosted-tool-result": {
      if (!part.tool.startsWith("image_generation")) return undefined;
      const output = part.output as { result?: unknown } | string | undefined;
      const result = typeof output === "string" ? output : output?.result;
      if (typeof result !== "string" || result === "") return undefined;
      return fromDataUrl(result) ?? fromBase64(result, "image/png");
    }
    case "text":
    case "tool-call":
    case "tool-result":
    case "reasoning":
    case "code":
    case "code-result":
    case "refusal":
      return undefined;
    default: {
      const unreachable: never = part;
      throw new Error(`unknown part ${JSON.stringify(unreachable)}`);
    }
  }
}

function fromDataUrl(url: string): ImageBytes | undefined {
  const match = dataUrlPattern.exec(url);
  return match === null ? undefined : fromBase64(match[2]!, match[1]!);
}

function fromBase64(data: string, mediaType: string): ImageBytes {
  const bytes = Buffer.from(data, "base64");
  return { data: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), mediaType };
}

/** The text of a response, parts joined. */
export function responseText(response: ChatResponse): string {
  return response.parts.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("");
}
