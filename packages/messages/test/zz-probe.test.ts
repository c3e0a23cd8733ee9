import { chatCompletionsCodec } from "@interlingua/chat-completions";
import { createConversionContext } from "@interlingua/core";
import { it } from "vitest";
import { messagesCodec } from "../src/messages-codec";

it("probe", () => {
  const context = createConversionContext();
  const wire = {"id":"a","type":"message","role":"assistant","content":[{"id":"a","input":{},"name":" ","type":"tool_use"},{"text":"a","type":"text"}],"model":"claude-opus-4-7","stop_reason":"end_turn","usage":{"input_tokens":0,"output_tokens":0},"stop_details":{"type":"refusal"}};
  const canonical = messagesCodec.decodeResponse(wire, context);
  console.log(JSON.stringify(canonical));
  const out = chatCompletionsCodec.encodeResponse(canonical, context);
  console.log(JSON.stringify(out), JSON.stringify(context.losses));
  const back = chatCompletionsCodec.decodeResponse(out, context);
  console.log(JSON.stringify(back));
  console.log(JSON.stringify(messagesCodec.encodeResponse(back, context)));
});
