// The types the checked-in JSON Schema of the Interactions API is compiled from (see
// specs/SOURCES.md for the command): the official @google/genai client's own declarations.
import type { Interactions } from "@google/genai";

/** A create request for a model (`CreateModelInteraction`, streaming or not). */
export type InteractionsCreateRequest = Interactions.InteractionCreateParams.CreateModelInteractionParams;
/** The `Interaction` resource. */
export type InteractionsInteraction = Interactions.Interaction;
/** One SSE event of an interaction stream. */
export type InteractionsEvent = Interactions.InteractionSSEEvent;
