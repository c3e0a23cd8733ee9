import { type ChatRequest, createConversionContext } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { decodeGenerateContentRequest } from "./decode-generate-content-request";
import { encodeGenerateContentRequest } from "./encode-generate-content-request";

describe("generate-content request encoding from other formats", () => {
  it("refuses a second function of one name, as the API does, at the caller's field", () => {
    const tool = { type: "function", name: "hello", inputSchema: { type: "object" } } as const;
    const encode = () =>
      encodeGenerateContentRequest(
        {
          model: "m",
          tools: [tool, tool],
          messages: [{ role: "user", parts: [{ type: "text", text: "Hi" }] }],
        },
        createConversionContext(),
      );
    expect(encode).toThrow(expect.objectContaining({ kind: "invalid_request", param: "tools.1.name" }));
  });

  it("reports the kind of a media URL with no MIME type, which fileData cannot say", () => {
    const media = (kind: "image" | "file") => {
      const context = createConversionContext();
      const url = { type: "url" as const, url: "https://example.com/a" };
      const body = encodeGenerateContentRequest(
        { model: "m", messages: [{ role: "user", parts: [{ type: "media", kind, source: url }] }] },
        context,
      );
      return { body, losses: context.losses.map((loss) => [loss.code, loss.path]) };
    };
    expect(media("image")).toEqual({
      body: { contents: [{ role: "user", parts: [{ fileData: { fileUri: "https://example.com/a" } }] }] },
      losses: [["approximated", "/messages/0/parts/0/kind"]],
    });
    expect(media("file").losses).toEqual([]);
  });

  it("sends no function-calling config without function declarations, with a loss", () => {
    const hello: ChatRequest["messages"] = [{ role: "user", parts: [{ type: "text", text: "hi" }] }];
    const context = createConversionContext();
    const body = encodeGenerateContentRequest(
      {
        model: "m",
        messages: hello,
        toolChoice: { type: "required" },
        tools: [{ type: "hosted", kind: "web_search" }],
      },
      context,
    ) as Record<string, unknown>;
    expect(body.toolConfig).toBeUndefined();
    expect(context.losses.map((loss) => loss.path)).toContain("/toolChoice");
    const withFunction = encodeGenerateContentRequest(
      {
        model: "m",
        messages: hello,
        toolChoice: { type: "required" },
        tools: [{ type: "function", name: "f", inputSchema: { type: "object" } }],
      },
      createConversionContext(),
    ) as Record<string, unknown>;
    expect(withFunction.toolConfig).toEqual({ functionCallingConfig: { mode: "ANY" } });
  });

  it("reports an effort beside thinking turned off or a budget as dropped, for every model family", () => {
    const hello: ChatRequest["messages"] = [{ role: "user", parts: [{ type: "text", text: "hi" }] }];
    for (const model of ["some-model", "gemini-2.5-flash", "gemini-3-pro-preview"])
      for (const reasoning of [
        { enabled: false, effort: "medium" },
        { enabled: true, budgetTokens: 2048, effort: "high" },
      ]) {
        const context = createConversionContext();
        encodeGenerateContentRequest({ model, messages: hello, reasoning }, context);
        expect(
          context.losses.filter((loss) => loss.path === "/reasoning/effort").map((loss) => loss.code),
          `${model} ${JSON.stringify(reasoning)}`,
        ).toEqual(["dropped"]);
      }
  });

  it("reports thinking turned on with an effort, sent as a fixed budget, on the thinking setting", () => {
    const hello: ChatRequest["messages"] = [{ role: "user", parts: [{ type: "text", text: "hi" }] }];
    const context = createConversionContext();
    encodeGenerateContentRequest(
      { model: "some-model", messages: hello, reasoning: { enabled: true, effort: "low" } },
      context,
    );
    expect(context.losses.map((loss) => `${loss.code} ${loss.path}`).sort()).toEqual([
      "approximated /reasoning/effort",
      "approximated /reasoning/enabled",
    ]);
  });

  it("sends thinking turned on with no amount (adaptive) as a dynamic budget, which reads back as on", () => {
    const hello: ChatRequest["messages"] = [{ role: "user", parts: [{ type: "text", text: "hi" }] }];
    for (const model of ["some-model", "gemini-2.5-flash"]) {
      const context = createConversionContext();
      const body = encodeGenerateContentRequest(
        { model, messages: hello, reasoning: { enabled: true } },
        context,
      ) as { generationConfig?: { thinkingConfig?: unknown } };
      expect(body.generationConfig?.thinkingConfig, model).toEqual({ thinkingBudget: -1 });
      expect(context.losses, model).toEqual([]);
      const back = decodeGenerateContentRequest(body, createConversionContext(), { model });
      expect(back.reasoning, model).toEqual({ enabled: true });
    }
  });

  it("names a tool result by the function of the earlier call with its id, and wraps text output", () => {
    const request: ChatRequest = {
      model: "m",
      messages: [
        { role: "user", parts: [{ type: "text", text: "Weather?" }] },
        {
          role: "assistant",
          parts: [{ type: "tool-call", id: "toolu_1", name: "get_weather", arguments: { city: "Paris" } }],
        },
        {
          role: "user",
          parts: [
            {
              type: "tool-result",
              callId: "toolu_1",
              name: "misleading",
              content: [{ type: "text", text: "18C" }],
            },
            {
              type: "tool-result",
              callId: "toolu_1",
              content: [{ type: "text", text: "failed" }],
              isError: true,
            },
            { type: "tool-result", callId: "toolu_1", content: [{ type: "text", text: '{"temp":18}' }] },
          ],
        },
      ],
    };
    const context = createConversionContext();
    const body = encodeGenerateContentRequest(request, context);
    expect(body.contents[1]).toEqual({
      role: "model",
      parts: [{ functionCall: { id: "toolu_1", name: "get_weather", args: { city: "Paris" } } }],
    });
    expect(body.contents[2]!.parts.map((part) => part.functionResponse)).toEqual([
      { id: "toolu_1", name: "get_weather", response: { output: "18C" } },
      { id: "toolu_1", name: "get_weather", response: { error: "failed" } },
      { id: "toolu_1", name: "get_weather", response: { temp: 18 } },
    ]);
    // The result's own name, which is not its call's, is not sent.
    expect(context.losses.map((loss) => [loss.code, loss.path])).toEqual([
      ["dropped", "/messages/2/parts/0/name"],
    ]);
    // Decoding unwraps again: the wrapped text and the error flag come back.
    const back = decodeGenerateContentRequest(body, createConversionContext(), { model: "m" });
    expect(back.messages[2]!.parts[0]).toMatchObject({ content: [{ type: "text", text: "18C" }] });
    expect(back.messages[2]!.parts[1]).toMatchObject({
      isError: true,
      content: [{ type: "text", text: "failed" }],
    });
  });

  it("refuses a tool result whose call is not in the conversation, naming the part", () => {
    const request: ChatRequest = {
      model: "m",
      messages: [{ role: "user", parts: [{ type: "tool-result", callId: "nowhere", content: [] }] }],
    };
    expect(() => encodeGenerateContentRequest(request, createConversionContext())).toThrow(
      expect.objectContaining({ kind: "invalid_request", param: "messages.0.parts.0" }),
    );
  });

  it("sends a tool schema the Schema subset cannot say whole, as parametersJsonSchema, with no loss", () => {
    const context = createConversionContext();
    const inputSchema = {
      type: "object",
      properties: {
        query: { type: ["string", "null"] },
        mode: { const: "fast" },
        node: { $ref: "#/$defs/node" },
      },
      required: ["query"],
      additionalProperties: false,
      $defs: { node: { type: "object", properties: { child: { $ref: "#/$defs/node" } } } },
    };
    const body = encodeGenerateContentRequest(
      {
        model: "m",
        messages: [{ role: "user", parts: [{ type: "text", text: "x" }] }],
        tools: [
          { type: "function", name: "search", description: "Search", inputSchema },
          // Claude Code's Workflow tool: a property of any type.
          { type: "function", name: "run", inputSchema: { type: "object", properties: { args: {} } } },
        ],
        toolChoice: { type: "tool", name: "search" },
        parallelToolCalls: false,
        metadata: { user: "u" },
      },
      context,
    );
    const [search, run] = body.tools?.[0]?.functionDeclarations ?? [];
    expect(search).toEqual({ name: "search", description: "Search", parametersJsonSchema: inputSchema });
    // A description is optional (@google/genai): a tool without one is sent without one.
    expect(run).toEqual({
      name: "run",
      parametersJsonSchema: { type: "object", properties: { args: {} } },
    });
    expect(body.toolConfig).toEqual({
      functionCallingConfig: { mode: "ANY", allowedFunctionNames: ["search"] },
    });
    expect(context.losses.map((loss) => [loss.code, loss.path])).toEqual([
      ["dropped", "/parallelToolCalls"],
      ["dropped", "/metadata"],
    ]);
  });

  it("projects a tool schema the Schema subset can say exactly onto it", () => {
    const context = createConversionContext();
    const body = encodeGenerateContentRequest(
      {
        model: "m",
        messages: [{ role: "user", parts: [{ type: "text", text: "x" }] }],
        tools: [
          {
            type: "function",
            name: "search",
            inputSchema: {
              type: "object",
              properties: { query: { type: ["string", "null"] }, mode: { enum: ["fast", "slow"] } },
              required: ["query"],
            },
          },
        ],
      },
      context,
    );
    expect(body.tools?.[0]?.functionDeclarations?.[0]?.parameters).toEqual({
      type: "OBJECT",
      properties: {
        query: { type: "STRING", nullable: true },
        mode: { type: "STRING", enum: ["fast", "slow"] },
      },
      required: ["query"],
    });
    expect(context.losses).toEqual([]);
  });

  it("sends tool messages in a row (one result each) as one turn, and a caller's own function turns apart", () => {
    const result = (callId: string) => ({
      type: "tool-result" as const,
      callId,
      content: [{ type: "text" as const, text: "ok" }],
    });
    const call = (id: string) => ({ type: "tool-call" as const, id, name: "f", arguments: {} });
    const messages: ChatRequest["messages"] = [
      { role: "user", parts: [{ type: "text", text: "go" }] },
      { role: "assistant", parts: [call("a"), call("b")] },
      { role: "tool", parts: [result("a")] },
      { role: "tool", parts: [result("b")] },
    ];
    const context = createConversionContext();
    const body = encodeGenerateContentRequest({ model: "m", messages }, context);
    expect(body.contents.map((content) => [content.role, content.parts.length])).toEqual([
      ["user", 1],
      ["model", 2],
      ["user", 2],
    ]);
    expect(context.losses).toEqual([]);
    const own = {
      contents: [
        { role: "user", parts: [{ text: "go" }] },
        {
          role: "model",
          parts: [{ functionCall: { name: "f", args: {} } }, { functionCall: { name: "f", args: {} } }],
        },
        { role: "function", parts: [{ functionResponse: { name: "f", response: { output: "a" } } }] },
        { role: "function", parts: [{ functionResponse: { name: "f", response: { output: "b" } } }] },
      ],
    };
    const decoded = decodeGenerateContentRequest(structuredClone(own), createConversionContext(), {
      model: "m",
    });
    expect(encodeGenerateContentRequest(decoded, createConversionContext()).contents).toHaveLength(4);
  });

  it("joins instructions and in-conversation system turns into systemInstruction, with a loss", () => {
    const context = createConversionContext();
    const body = encodeGenerateContentRequest(
      {
        model: "m",
        instructions: [{ role: "system", parts: [{ type: "text", text: "Be brief." }] }],
        messages: [
          { role: "system", parts: [{ type: "text", text: "Also polite." }] },
          { role: "user", parts: [{ type: "text", text: "Hi" }] },
        ],
      },
      context,
    );
    expect(body.systemInstruction).toEqual({ parts: [{ text: "Be brief." }, { text: "Also polite." }] });
    expect(body.contents).toEqual([{ role: "user", parts: [{ text: "Hi" }] }]);
    expect(context.losses).toEqual([expect.objectContaining({ code: "approximated", path: "/messages/0" })]);
  });

  it("decodes ids for calls that have none and pairs responses by name and order", () => {
    const request = decodeGenerateContentRequest(
      {
        contents: [
          {
            role: "model",
            parts: [
              { functionCall: { name: "f", args: {} } },
              { functionCall: { name: "f", args: { n: 2 } } },
            ],
          },
          {
            role: "user",
            parts: [
              { functionResponse: { name: "f", response: { output: "1" } } },
              { functionResponse: { name: "f", response: { output: "2" } } },
            ],
          },
        ],
      },
      createConversionContext(),
      { model: "m" },
    );
    const [calls, results] = request.messages;
    expect(calls!.parts.map((part) => (part.type === "tool-call" ? part.id : ""))).toEqual([
      "call_c0_p0",
      "call_c0_p1",
    ]);
    expect(results!.parts.map((part) => (part.type === "tool-result" ? part.callId : ""))).toEqual([
      "call_c0_p0",
      "call_c0_p1",
    ]);
  });
});

describe("generate-content requests the API would refuse", () => {
  const encode = (request: ChatRequest) => () =>
    encodeGenerateContentRequest(request, createConversionContext());

  it("refuses a request with no turn, naming the messages, instead of sending one", () => {
    expect(
      encode({
        model: "gemini-3-flash",
        instructions: [{ role: "system", parts: [{ type: "text", text: "Hi" }] }],
        messages: [],
      }),
    ).toThrow(expect.objectContaining({ kind: "invalid_request", param: "messages" }));
  });

  it("refuses a function result that answers no earlier call, naming the part", () => {
    expect(
      encode({
        model: "gemini-3-flash",
        messages: [
          {
            role: "tool",
            parts: [
              {
                type: "tool-result",
                callId: "call_1",
                name: "lookup",
                content: [{ type: "text", text: "42" }],
              },
            ],
          },
        ],
      }),
    ).toThrow(expect.objectContaining({ kind: "invalid_request", param: "messages.0.parts.0" }));
    expect(
      encode({
        model: "gemini-3-flash",
        messages: [
          { role: "assistant", parts: [{ type: "tool-call", id: "call_1", name: "lookup", arguments: {} }] },
          {
            role: "tool",
            parts: [
              {
                type: "tool-result",
                callId: "call_1",
                name: "lookup",
                content: [{ type: "text", text: "42" }],
              },
            ],
          },
        ],
      }),
    ).not.toThrow();
  });
});

describe("a tool's structured result", () => {
  const request = (text: string, extra: { isError?: boolean } = {}): ChatRequest => ({
    model: "m",
    messages: [
      { role: "assistant", parts: [{ type: "tool-call", id: "c1", name: "f", arguments: {} }] },
      {
        role: "tool",
        parts: [
          {
            type: "tool-result",
            callId: "c1",
            content: [{ type: "text", text }],
            structured: true,
            ...extra,
          },
        ],
      },
    ],
  });
  const encoded = (text: string, extra?: { isError?: boolean }) => {
    const context = createConversionContext();
    const body = encodeGenerateContentRequest(request(text, extra), context) as {
      contents: { parts: { functionResponse?: { response: unknown } }[] }[];
    };
    return {
      response: body.contents[1]?.parts[0]?.functionResponse?.response,
      losses: context.losses.map((loss) => [loss.code, loss.path]),
    };
  };

  it("goes as the object it is, with no loss", () => {
    expect(encoded('{"sky":"cloudy","temperature":18}')).toEqual({
      response: { sky: "cloudy", temperature: 18 },
      losses: [],
    });
  });

  it("is reported where the response can only hold its text: an object read as a wrapper, or a failure", () => {
    const wrapperLike = encoded('{"output":"x"}');
    expect(wrapperLike.response).toEqual({ output: '{"output":"x"}' });
    expect(wrapperLike.losses).toEqual([["approximated", "/messages/1/parts/0/structured"]]);
    const failed = encoded('{"reason":"offline"}', { isError: true });
    expect(failed.response).toEqual({ error: '{"reason":"offline"}' });
    expect(failed.losses).toEqual([["approximated", "/messages/1/parts/0/structured"]]);
  });

  it("is what the decoder reads an object response as, traced to the caller's response", () => {
    const context = createConversionContext();
    const decoded = decodeGenerateContentRequest(
      {
        contents: [
          { role: "model", parts: [{ functionCall: { name: "f", args: {} } }] },
          {
            role: "user",
            parts: [
              { functionResponse: { name: "f", response: { sky: "cloudy" } } },
              { functionResponse: { name: "f", response: { output: "plain" } } },
            ],
          },
        ],
      },
      context,
      { model: "m" },
    );
    const [object, wrapped] = decoded.messages[1]!.parts;
    expect(object).toMatchObject({ structured: true, content: [{ type: "text", text: '{"sky":"cloudy"}' }] });
    expect(wrapped).not.toHaveProperty("structured");
    expect(context.sourcePath("/messages/1/parts/0/structured")).toBe(
      "/contents/1/parts/0/functionResponse/response",
    );
  });
});
