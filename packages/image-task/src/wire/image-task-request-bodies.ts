import * as z from "zod/mini";
import { ImageTaskAccountFilter, ImageTaskMode, ImageTaskUploadFilter } from "./image-task-account-filter";
import { ImageTaskBotType } from "./image-task-names";

const notifyFields = {
  /** Callback address; when empty the global one is used. */
  notifyHook: z.optional(z.string()),
  /** Custom tracking value, echoed in the record. */
  state: z.optional(z.string()),
  /** Which accounts may run the task. */
  accountFilter: z.optional(ImageTaskAccountFilter),
};

/** Blend aspect ratios. */
export const ImageTaskDimensions = z.enum(["PORTRAIT", "SQUARE", "LANDSCAPE"]);
/** A blend aspect ratio; see {@link ImageTaskDimensions}. */
export type ImageTaskDimensions = z.infer<typeof ImageTaskDimensions>;

/** `POST /img/submit/imagine`. */
export const ImageTaskImagineRequest = z.looseObject({
  /** Which art bot. */
  botType: z.optional(ImageTaskBotType),
  /** The prompt, English or Chinese. */
  prompt: z.string().check(z.minLength(1)),
  /** Reference images, data URLs. */
  base64Array: z.optional(z.array(z.string())),
  ...notifyFields,
});
/** An imagine body; see {@link ImageTaskImagineRequest}. */
export type ImageTaskImagineRequest = z.infer<typeof ImageTaskImagineRequest>;

/** `POST /img/submit/blend`. */
export const ImageTaskBlendRequest = z.looseObject({
  /** 2 to 5 images, data URLs. */
  base64Array: z.array(z.string()).check(z.minLength(2)).check(z.maxLength(5)),
  /** Aspect ratio of the result. */
  dimensions: z.optional(ImageTaskDimensions),
  /** Which art bot. */
  botType: z.optional(ImageTaskBotType),
  ...notifyFields,
});
/** A blend body; see {@link ImageTaskBlendRequest}. */
export type ImageTaskBlendRequest = z.infer<typeof ImageTaskBlendRequest>;

/** `POST /img/submit/describe`. */
export const ImageTaskDescribeRequest = z.looseObject({
  /** The image, a data URL. */
  base64: z.string(),
  /** Which art bot. */
  botType: z.optional(ImageTaskBotType),
  ...notifyFields,
});
/** A describe body; see {@link ImageTaskDescribeRequest}. */
export type ImageTaskDescribeRequest = z.infer<typeof ImageTaskDescribeRequest>;

/** `POST /img/submit/modal`. */
export const ImageTaskModalRequest = z.looseObject({
  /** The task waiting in MODAL. */
  taskId: z.string().check(z.minLength(1)),
  /** Mask for vary region, a data URL (white = redraw). */
  maskBase64: z.optional(z.string()),
  /** Prompt for the redraw (custom zoom: may carry `--zoom <1-2>`). */
  prompt: z.optional(z.string()),
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
  customId: z.string().check(z.minLength(1)),
  /** The task the button belongs to. */
  taskId: z.string().check(z.minLength(1)),
  /** Let any account in the task's channel run it (default: the task's own account). */
  chooseSameChannel: z.optional(z.boolean()),
  ...notifyFields,
});
/** An action body; see {@link ImageTaskActionRequest}. */
export type ImageTaskActionRequest = z.infer<typeof ImageTaskActionRequest>;

/** `POST /img/submit/upload-platform-images`. */
export const ImageTaskUploadRequest = z.looseObject({
  /** Images, data URLs. */
  base64Array: z.array(z.string()).check(z.minLength(1)),
  /** Which account the upload is for. */
  filter: z.optional(ImageTaskUploadFilter),
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
  ids: z
    .array(z.string())
    .check(z.maxLength(maxListedTaskIds, `at most ${maxListedTaskIds} task ids per call`)),
});
/** A list body; see {@link ImageTaskListRequest}. */
export type ImageTaskListRequest = z.infer<typeof ImageTaskListRequest>;

/** `POST /mj/submit/change`: the older proxies' form of pressing U1–U4, V1–V4 or reroll. */
export const ImageTaskChangeRequest = z.looseObject({
  /** The task whose button is pressed. */
  taskId: z.string().check(z.minLength(1)),
  /** Which kind of button. */
  action: z.enum(["UPSCALE", "VARIATION", "REROLL"]),
  /** Which image of the grid, 1 to 4 (not for REROLL); default 1. */
  index: z.optional(z.int().check(z.minimum(1), z.maximum(4))),
  ...notifyFields,
});
/** A change body; see {@link ImageTaskChangeRequest}. */
export type ImageTaskChangeRequest = z.infer<typeof ImageTaskChangeRequest>;

/** `POST /mj/submit/simple-change`: `content` is `<task id> U1`…`U4`, `V1`…`V4` or `R`. */
export const ImageTaskSimpleChangeRequest = z.looseObject({
  /** The task id and the button, separated by a space. */
  content: z.string().check(z.minLength(1)),
  ...notifyFields,
});
/** A simple-change body; see {@link ImageTaskSimpleChangeRequest}. */
export type ImageTaskSimpleChangeRequest = z.infer<typeof ImageTaskSimpleChangeRequest>;

/** `POST /mj/submit/shorten`: a long prompt to shorten into five. */
export const ImageTaskShortenRequest = z.looseObject({
  /** The prompt, English or Chinese. */
  prompt: z.string().check(z.minLength(1)),
  /** Which art bot. */
  botType: z.optional(ImageTaskBotType),
  ...notifyFields,
});
/** A shorten body; see {@link ImageTaskShortenRequest}. */
export type ImageTaskShortenRequest = z.infer<typeof ImageTaskShortenRequest>;

/** What account management may change of an account (`POST account/{id}/update`). */
export const ImageTaskAccountUpdate = z.strictObject({
  /** Channel the account belongs to. */
  channelId: z.optional(z.string().check(z.minLength(1))),
  /** Speed modes it offers. */
  modes: z.optional(z.array(ImageTaskMode).check(z.minLength(1))),
  /** Free text callers can filter on. */
  remark: z.optional(z.string()),
  /** Whether remix is on. */
  remix: z.optional(z.boolean()),
  /** With remix on, submit the modal automatically. */
  remixAutoSubmit: z.optional(z.boolean()),
  /** Tasks run at the same time. */
  concurrency: z.optional(z.int().check(z.positive())),
  /** Tasks that may wait beyond `concurrency`. */
  queueSize: z.optional(z.int().check(z.nonnegative())),
  /** Whether it takes new tasks. */
  enabled: z.optional(z.boolean()),
});
/** An account update; see {@link ImageTaskAccountUpdate}. */
export type ImageTaskAccountUpdate = z.infer<typeof ImageTaskAccountUpdate>;

/** A new account (`POST account/create`): its id, channel and backend key, and the rest as in an update. */
export const ImageTaskAccountCreate = z.strictObject({
  ...ImageTaskAccountUpdate.shape,
  /** Unique id of the account. */
  instanceId: z.string().check(z.regex(/^[A-Za-z0-9_.:-]{1,100}$/)),
  /** Channel the account belongs to. */
  channelId: z.string().check(z.minLength(1)),
  /** Key of a configured backend. */
  backend: z.string().check(z.minLength(1)),
});
/** A new account; see {@link ImageTaskAccountCreate}. */
export type ImageTaskAccountCreate = z.infer<typeof ImageTaskAccountCreate>;
