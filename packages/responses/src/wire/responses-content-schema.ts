import { compiledLooseObject } from "@interlingua/core";
import * as z from "zod/mini";

/** `url_citation`, `file_citation`, `file_path` and other annotations on output text. */
export const ResponsesAnnotation = compiledLooseObject({
  type: z.string(),
  url: z.optional(z.string()),
  title: z.optional(z.string()),
  start_index: z.optional(z.int()),
  end_index: z.optional(z.int()),
  file_id: z.optional(z.string()),
  index: z.optional(z.int()),
});
/** An annotation on output text; see {@link ResponsesAnnotation}. */
export type ResponsesAnnotation = z.infer<typeof ResponsesAnnotation>;

/** `input_text`: text from the caller. */
export const ResponsesInputText = compiledLooseObject({ type: z.literal("input_text"), text: z.string() });

/** `input_image`: an image by URL (or data URL) or uploaded file id. */
export const ResponsesInputImage = z
  .looseObject({
    type: z.literal("input_image"),
    detail: z.optional(z.enum(["low", "high", "auto", "original"])),
    file_id: z.nullish(z.string()),
    image_url: z.nullish(z.string()),
  })
  .check(
    z.refine((image) => typeof image.file_id === "string" || typeof image.image_url === "string", {
      message: "input_image needs image_url or file_id",
    }),
  );

/** `input_file`: a file inline (`file_data`), by URL or by uploaded file id. */
export const ResponsesInputFile = compiledLooseObject({
  type: z.literal("input_file"),
  file_data: z.optional(z.string()),
  file_id: z.nullish(z.string()),
  file_url: z.optional(z.string()),
  filename: z.optional(z.string()),
});

/** `output_text`: assistant text, with its annotations. */
export const ResponsesOutputText = compiledLooseObject({
  type: z.literal("output_text"),
  text: z.string(),
  annotations: z.optional(z.array(ResponsesAnnotation)),
});

/** `refusal`: the assistant declining. */
export const ResponsesRefusal = compiledLooseObject({ type: z.literal("refusal"), refusal: z.string() });

/** One content item of a message. */
export const ResponsesContent = z.discriminatedUnion("type", [
  ResponsesInputText,
  ResponsesInputImage,
  ResponsesInputFile,
  ResponsesOutputText,
  ResponsesRefusal,
]);
/** A message content item; see {@link ResponsesContent}. */
export type ResponsesContent = z.infer<typeof ResponsesContent>;
