import {
  type ChatEvent,
  createConversionContext,
  findEventSequenceProblems,
  transformAll,
} from "@interlingua/core";
import { createSpecValidator } from "@interlingua/core/test";
import { describe, expect, it } from "vitest";
import { readRecordedStream } from "../../test/support/recordings";
import { responsesCodec } from "../responses-codec";

const fixture = "hosted-tool-progress.sse";
/** The fixture's progress events: code interpreter, image generation, web search and MCP. */
const progressTypes =
  /^response\.(?:code_interpreter_call|code_interpreter_call_code|image_generation_call|web_search_call|mcp_call|mcp_call_arguments)\./;

async function decoded(): Promise<{ wire: Record<string, unknown>[]; events: ChatEvent[] }> {
  const wire = (await readRecordedStream(fixture)) as Record<string, unknown>[];
  const events = await transformAll(wire, responsesCodec.createStreamDecoder(createConversionContext()));
  return { wire, events };
}

describe("hosted tool progress in a responses stream", () => {
  it("the fixture is a stream the spec allows", async () => {
    const { wire } = await decoded();
    const spec = createSpecValidator("responses");
    expect(wire.flatMap((event) => spec.validate("ResponseStreamEvent", event))).toEqual([]);
  });

  it("becomes one canonical tool-progress event per progress event, inside its call's part", async () => {
    const { wire, events } = await decoded();
    const progress = events.filter((event) => event.type === "tool-progress");
    const sent = wire.filter((event) => progressTypes.test(event.type as string));
    expect(progress.map((event) => `response.${event.stage}`)).toEqual(sent.map((event) => event.type));
    expect(findEventSequenceProblems(events)).toEqual([]);
  });

  it("is re-sent exactly by the responses encoder: every event kept, in order", async () => {
    const { wire, events } = await decoded();
    const context = createConversionContext();
    const encoded = await transformAll(events, responsesCodec.createStreamEncoder(context));
    expect(encoded).toEqual(wire);
    expect(context.losses).toEqual([]);
  });

  it("of another format's call is dropped with a loss", async () => {
    const { events } = await decoded();
    const foreign = events.map((event) =>
      event.type === "tool-progress" ? { ...event, extensions: { interactions: { step: 1 } } } : event,
    );
    const context = createConversionContext();
    await transformAll(foreign, responsesCodec.createStreamEncoder(context));
    expect(context.losses.filter((loss) => /live progress/.test(loss.message))).toHaveLength(4);
  });
});
