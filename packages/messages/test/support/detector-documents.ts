import type { NamedDetectorDocument } from "@interlingua/core/test";
import { messagesFixtures } from "./fixtures";

/** This package's fixtures as loss-detector documents. */
export function messagesDetectorDocuments(): NamedDetectorDocument[] {
  const { requests, responses, streams } = messagesFixtures();
  return [
    ...requests.map(({ name, wire }) => ({ name, document: { kind: "request" as const, wire } })),
    ...responses.map(({ name, wire }) => ({ name, document: { kind: "response" as const, wire } })),
    ...streams.map(({ name, events }) => ({ name, document: { kind: "stream" as const, events } })),
  ];
}
