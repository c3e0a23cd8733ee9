import type { NamedDetectorDocument } from "@interlingua/core/test";
import { generateContentFixtures } from "./fixtures";

/** This package's fixtures as loss-detector documents. */
export function generateContentDetectorDocuments(): NamedDetectorDocument[] {
  const { requests, responses, streams } = generateContentFixtures();
  return [
    ...requests.map(({ name, wire, location }) => ({
      name,
      document: { kind: "request" as const, wire, ...(location && { location }) },
    })),
    ...responses.map(({ name, wire }) => ({ name, document: { kind: "response" as const, wire } })),
    ...streams.map(({ name, events }) => ({ name, document: { kind: "stream" as const, events } })),
  ];
}
