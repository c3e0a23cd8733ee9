import { compiledLooseObject } from "@interlingua/core";
import * as z from "zod/mini";
import { type InteractionsObject, InteractionsStep, InteractionsUsage } from "./interactions-content-schema";

/** An interaction's error entry (`Error`): a code and a message. */
export const InteractionsErrorEntry = compiledLooseObject({
  code: z.optional(z.string()),
  message: z.optional(z.string()),
});

/** The `Interaction` resource: an answer, or what `GET /interactions/{id}` returns. */
export const InteractionsResponse = compiledLooseObject({
  id: z.string(),
  status: z.string(),
  model: z.optional(z.string()),
  created: z.optional(z.string()),
  updated: z.optional(z.string()),
  steps: z.optional(z.array(InteractionsStep)),
  usage: z.optional(InteractionsUsage),
  errors: z.optional(z.array(InteractionsErrorEntry)),
});
/** The `Interaction` resource; see {@link InteractionsResponse}. */
export type InteractionsResponse = z.infer<typeof InteractionsResponse>;

/** The partial interaction lifecycle events carry. */
const EventInteraction = compiledLooseObject({ id: z.string(), status: z.string() });

/**
 * One SSE event of an interaction stream (`InteractionSSEEvent`), each with the `event_id` a client
 * resumes from: `interaction.created`, `interaction.status_update`, `step.start`, `step.delta`,
 * `step.stop`, `interaction.completed`, `error`.
 */
export const InteractionsStreamEvent = z.discriminatedUnion("event_type", [
  compiledLooseObject({
    event_type: z.literal("interaction.created"),
    event_id: z.optional(z.string()),
    interaction: EventInteraction,
  }),
  compiledLooseObject({
    event_type: z.literal("interaction.status_update"),
    event_id: z.optional(z.string()),
    interaction_id: z.string(),
    status: z.string(),
    usage: z.optional(InteractionsUsage),
  }),
  compiledLooseObject({
    event_type: z.literal("step.start"),
    event_id: z.optional(z.string()),
    index: z.number(),
    step: InteractionsStep,
  }),
  compiledLooseObject({
    event_type: z.literal("step.delta"),
    event_id: z.optional(z.string()),
    index: z.number(),
    delta: compiledLooseObject({ type: z.string() }),
  }),
  compiledLooseObject({
    event_type: z.literal("step.stop"),
    event_id: z.optional(z.string()),
    index: z.number(),
    usage: z.optional(InteractionsUsage),
  }),
  compiledLooseObject({
    event_type: z.literal("interaction.completed"),
    event_id: z.optional(z.string()),
    interaction: EventInteraction,
  }),
  compiledLooseObject({
    event_type: z.literal("error"),
    event_id: z.optional(z.string()),
    error: z.optional(compiledLooseObject({ code: z.optional(z.string()), message: z.optional(z.string()) })),
  }),
]);
/** One stream event; see {@link InteractionsStreamEvent}. */
export type InteractionsStreamEvent = z.infer<typeof InteractionsStreamEvent>;

/** A step's fields, loosely. */
export type InteractionsStepObject = z.infer<typeof InteractionsObject>;
