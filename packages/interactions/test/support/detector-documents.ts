import type { NamedDetectorDocument } from "@interlingua/core/test";
import { readFixtures } from "./fixtures";

/** This package's fixtures as loss-detector documents. */
export function interactionsDetectorDocuments(): NamedDetectorDocument[] {
  return [
    ...readFixtures("requests").map(({ name, value }) => ({
      name,
      document: { kind: "request" as const, wire: value },
    })),
    ...readFixtures("responses").map(({ name, value }) => ({
      name,
      document: { kind: "response" as const, wire: value },
    })),
    ...readFixtures("streams").map(({ name, value }) => ({
      name,
      document: { kind: "stream" as const, events: value as unknown[] },
    })),
  ];
}
