import * as z from "zod/mini";

/** A kind of content a model can take in or produce. */
export const Modality = z.enum(["text", "image", "audio", "video", "document"]);
/** A content kind; see {@link Modality}. */
export type Modality = z.infer<typeof Modality>;
