import { type ChatEvent, ChatRequest, createResponseAccumulator } from "@interlingua/core";
import type { Benchmark } from "./harness";

/** A canonical agent request: many turns of text, tool calls and tool results. */
function agentRequest(turns: number): ChatRequest {
  const messages: ChatRequest["messages"] = [];
  for (let turn = 0; turn < turns; turn++) {
    messages.push({
      role: "user",
      parts: [{ type: "text", text: `Step ${turn}: look up the order and summarise it.` }],
    });
    messages.push({
      role: "assistant",
      parts: [
        { type: "text", text: "Let me check that order for you." },
        {
          type: "tool-call",
          id: `call_${turn}`,
          name: "lookup_order",
          arguments: { orderId: `A-${turn}`, expand: ["items"] },
        },
      ],
    });
    messages.push({
      role: "tool",
      parts: [
        {
          type: "tool-result",
          callId: `call_${turn}`,
          name: "lookup_order",
          content: [
            { type: "text", text: JSON.stringify({ id: `A-${turn}`, items: [1, 2, 3], total: 42.5 }) },
          ],
        },
      ],
    });
  }
  return {
    model: "model-large",
    instructions: [{ role: "system", parts: [{ type: "text", text: "You are a helpful order assistant." }] }],
    messages,
    tools: [
      {
        type: "function",
        name: "lookup_order",
        description: "Look up an order by id",
        inputSchema: { type: "object", properties: { orderId: { type: "string" } }, required: ["orderId"] },
      },
    ],
    maxOutputTokens: 1024,
    temperature: 0.2,
  };
}

/** A 2,000-event canonical stream: one long text part streamed in small deltas. */
function longStream(deltas: number): ChatEvent[] {
  const events: ChatEvent[] = [
    { type: "response-start", id: "resp_1", model: "model-large", created: 1_700_000_000 },
  ];
  events.push({ type: "part-start", index: 0, kind: "text" });
  let text = "";
  for (let index = 0; index < deltas; index++) {
    const fragment = `token${index} `;
    text += fragment;
    events.push({ type: "text-delta", index: 0, text: fragment });
  }
  events.push({ type: "part-end", index: 0, part: { type: "text", text } });
  events.push({
    type: "response-end",
    finishReason: { reason: "stop", raw: "stop" },
    usage: { inputTokens: 10, outputTokens: deltas },
  });
  return events;
}

const request = agentRequest(60);
const requestJson = JSON.stringify(request);
const events = longStream(1996);
const eventsJson = JSON.stringify(events);

/** Core benchmarks: canonical validation and accumulation. */
export const benchmarks: Benchmark[] = [
  {
    name: "core: ChatRequest validation",
    floorName: "JSON.parse + JSON.stringify of the same request",
    floor: () => JSON.stringify(JSON.parse(requestJson)),
    subject: () => ChatRequest.parse(request),
    payloadBytes: requestJson.length,
  },
  {
    name: `core: accumulate of a ${events.length}-event stream`,
    floorName: "JSON.parse + JSON.stringify of the same events",
    floor: () => JSON.stringify(JSON.parse(eventsJson)),
    subject: () => {
      const accumulator = createResponseAccumulator();
      for (const event of events) accumulator.add(event);
      return accumulator.result();
    },
    payloadBytes: eventsJson.length,
  },
];
