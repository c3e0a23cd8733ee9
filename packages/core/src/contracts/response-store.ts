import type { ChatResponse } from "../model/chat-response";
import type { Instruction } from "../model/instruction";
import type { Message } from "../model/message";

/** One stored exchange: what the caller sent in that request and what the model answered. */
export interface StoredResponse {
  /** The response id callers pass back as `previousResponseId`. */
  id: string;
  /**
   * The tenant that created it (an opaque id derived from the caller's key); only that tenant may
   * continue from it. Absent when it was stored without a caller identity (a gateway with no keys).
   */
  owner?: string;
  /** The response this one continued, if any; following these links rebuilds the conversation. */
  previousResponseId?: string;
  /** The messages the request added (not the history before it). */
  input: Message[];
  /** The request's instructions; not carried into later turns, kept for retrieval. */
  instructions?: Instruction[];
  /** The model's answer. */
  response: ChatResponse;
  /** When it was stored, epoch milliseconds. */
  createdAt: number;
}

/**
 * Where stored exchanges live, so a stateless backend can serve `previousResponseId` conversations.
 * A store may forget exchanges (bounded by count, bytes and age, as `createMemoryResponseStore` is);
 * a forgotten exchange is answered like an unknown one.
 */
export interface ResponseStore {
  /** The stored exchange, or undefined when unknown or expired. */
  get(id: string): Promise<StoredResponse | undefined>;
  /** Stores (or replaces) an exchange. */
  set(record: StoredResponse): Promise<void>;
  /** Removes an exchange; true when it existed. */
  delete(id: string): Promise<boolean>;
}
