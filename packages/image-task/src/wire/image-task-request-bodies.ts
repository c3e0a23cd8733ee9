import * as z from "zod";
import { ImageTaskAccountFilter, ImageTaskUploadFilter } from "./image-task-account-filter";
import { ImageTaskBotType } from "./image-task-names";

const notifyFields = {
  /** Callback address; when empty the global one is used. */
  notifyHook: z.string().optional(),
  /** Custom tracking value, echoed in the record. */
  state: z.string().optional(),
  /** Which accounts may run the task. */
  accountFilter: ImageTaskAccountFilter.optional(),
};

/** Blend aspect ratios. */
export const ImageTaskDimensions = z.enum(["PORTRAIT", "SQUARE", "LANDSCAPE"]);
/** A blend aspect ratio; see {@link ImageTaskDimensions}. */
export type ImageTaskDimensions = z.infer<typeof ImageTaskDimensions>;

/** `POST /img/submit/imagine`. */
export const ImageTaskImagineRequest = z.looseObject({
  /** Which art bot. */
  botType: ImageTaskBotType.optional(),
  /** The prompt, English or Chinese. */
  prompt: z.string().min(1),
  /** Reference images, data URLs. */
  base64Array: z.array(z.string()).optional(),
  ...notifyFields,
});
/** An imagine body; see {@link ImageTaskImagineRequest}. */
export type ImageTaskImagineRequest = z.infer<typeof ImageTaskImagineRequest>;

/** `POST /img/submit/blend`. */
export const ImageTaskBlendRequest = z.looseObject({
  /** 2 to 5 images, data URLs. */
  base64Array: z.array(z.string()).min(2).max(5),
  /** Aspect ratio of the result. */
  dimensions: ImageTaskDimensions.optional(),
  /** Which art bot. */
  botType: ImageTaskBotType.optional(),
  ...notifyFields,
});
/** A blend body; see {@link ImageTaskBlendRequest}. */
export type ImageTaskBlendRequest = z.infer<typeof ImageTaskBlendRequest>;

/** `POST /img/submit/describe`. */
export const ImageTaskDescribeRequest = z.looseObject({
  /** The image, a data URL. */
  base64: z.string(),
  /** Which art bot. */
  botType: ImageTaskBotType.optional(),
  ...notifyFields,
});
/** A describe body; see {@link ImageTaskDescribeRequest}. */
export type ImageTaskDescribeRequest = z.infer<typeof ImageTaskDescribeRequest>;

/** `POST /img/submit/modal`. */
export const ImageTaskModalRequest = z.looseObject({
  /** The task waiting in MODAL. */
  taskId: z.string().min(1),
  /** Mask for vary region, a data URL (white = redraw). */
  maskBase64: z.string().optional(),
  /** Prompt for the redraw (custom zoom: may carry `--zoom <1-2>`). */
  prompt: z.string().optional(),
});
/** A modal body; see {@link ImageTaskModalRequest}. */
export type ImageTaskModalRequest = z.infer<typeof ImageTaskModalRequest>;

/** `POST /img/face/swap`. */
export const ImageTaskSwapFaceRequest = z.looseObject({
  /** The face to use, a data URL. */
  sourceBase64: z.string(),
  /** The image whose face is replaced, a data URL. */
  targetBase64: z.string(),
  ...notifyFields,
});
/** A face swap body; see {@link ImageTaskSwapFaceRequest}. */
export type ImageTaskSwapFaceRequest = z.infer<typeof ImageTaskSwapFaceRequest>;

/** `POST /img/submit/action`. */
export const ImageTaskActionRequest = z.looseObject({
  /** A button's customId. */
  customId: z.string().min(1),
  /** The task the button belongs to. */
  taskId: z.string().min(1),
  /** Let any account in the task's channel run it (default: the task's own account). */
  chooseSameChannel: z.boolean().optional(),
  ...notifyFields,
});
/** An action body; see {@link ImageTaskActionRequest}. */
export type ImageTaskActionRequest = z.infer<typeof ImageTaskActionRequest>;

/** `POST /img/submit/upload-platform-images`. */
export const ImageTaskUploadRequest = z.looseObject({
  /** Images, data URLs. */
  base64Array: z.array(z.string()).min(1),
  /** Which account the upload is for. */
  filter: ImageTaskUploadFilter.optional(),
});
/** An upload body; see {@link ImageTaskUploadRequest}. */
export type ImageTaskUploadRequest = z.infer<typeof ImageTaskUploadRequest>;

/** Most task ids one `list-by-condition` call may ask for. */
export const maxListedTaskIds = 100;

/** `POST /img/task/list-by-condition`. */
export const ImageTaskListRequest = z.looseObject({
  /**
   * Task ids, at most {@link maxListedTaskIds}; the answer keeps their order and leaves unknown
   * ones (and other tenants') out.
   */
  ids: z.array(z.string()).max(maxListedTaskIds, `at most ${maxListedTaskIds} task ids per call`),
});
/** A list body; see {@link ImageTaskListRequest}. */
export type ImageTaskListRequest = z.infer<typeof ImageTaskListRequest>;
