import { CanonicalError } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import type { InboundRequest } from "../http/inbound-request";
import { createExchangeObservation } from "./create-exchange-observation";
import type { ExchangeEvent } from "./exchange-event";

const request = (): InboundRequest => ({
  method: "POST",
  url: "http://gateway.test/v1/messages",
  headers: new Headers(),
  signal: new AbortController().signal,
  body: null,
});
const opening = { kind: "chat", front: "messages", path: "/v1/messages" } as const;
const failure = new CanonicalError("unavailable", "upstream sk-secret down");

describe("createExchangeObservation", () => {
  it("builds no event for an exchange nobody observes (no hook, no telemetry)", () => {
    let redactions = 0;
    const observation = createExchangeObservation({
      hooks: [],
      redact: (text) => {
        redactions++;
        return text;
      },
    });
    observation.finish(observation.begin(request(), opening), 503, failure);
    expect(redactions).toBe(0);
  });

  it("builds the event, redacted, for a hook", async () => {
    const events: ExchangeEvent[] = [];
    const observation = createExchangeObservation({
      hooks: [(event) => void events.push(event)],
      redact: (text) => text.replace("sk-secret", "[redacted]"),
    });
    observation.finish(observation.begin(request(), opening), 503, failure);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ status: 503, error: { message: "upstream [redacted] down" } });
  });
});
