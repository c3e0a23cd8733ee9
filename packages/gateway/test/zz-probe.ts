import { createFunctionProvider } from "../examples/echo-provider";
import { createGateway } from "../src/gateway/create-gateway";

const gateway = createGateway({
  providers: { echo: createFunctionProvider((t) => `echo ${t}`) },
  routes: [{ model: "*", provider: "echo" }],
});
async function send(path: string, body: unknown, method = "POST") {
  const response = await gateway
    .fetch(
      new Request(`http://h${path}`, {
        method,
        headers: { "content-type": "application/json", "anthropic-version": "2023-06-01" },
        body: method === "GET" ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      }),
    )
    .catch((e) => ({ status: "THROW", text: async () => String(e) }));
  console.log(path, response.status, (await response.text()).slice(0, 300));
}
const user = [{ role: "user", content: "hi" }];
await send("/v1/messages", {
  model: "m",
  max_tokens: 5,
  messages: user,
  tools: [{ name: "t", input_schema: { type: "object", properties: null } }],
});
await send("/v1/messages", {
  model: "m",
  max_tokens: 5,
  messages: user,
  tools: [{ name: "t", input_schema: { type: "object", properties: { a: null } } }],
});
await send("/v1/messages", {
  model: "m",
  max_tokens: 5,
  messages: user,
  tools: [{ name: "t", input_schema: null }],
});
await send("/v1/messages", {
  model: "m",
  max_tokens: 5,
  messages: user,
  tools: [{ name: "t", input_schema: { type: "object", required: null } }],
});
await send("/v1beta/models/m:generateContent", {
  contents: [{ role: "user", parts: [{ text: "hi" }] }],
  tools: [{ functionDeclarations: [{ name: "f" }], bogus: 1 }],
});
await send("/v1beta/models/m:generateContent", {
  contents: [{ role: "user", parts: [{ text: "hi" }] }],
  tools: [{ bogus: 1 }],
});
await send("/v1beta/models/m:generateContent", {
  contents: [{ role: "user", parts: [{ text: "hi" }] }],
  tools: [{ functionDeclarations: [{ name: "f", parameters: { type: "OBJECT", properties: null } }] }],
});
await send("/v1beta/models/%ZZ:generateContent", { contents: [{ role: "user", parts: [{ text: "hi" }] }] });
await send("/v1beta/models/%ZZ", undefined, "GET");
await send("/v1/models/%ZZ", undefined, "GET");
await send("/v1/responses", {
  model: "m",
  input: "hi",
  tools: [{ type: "function", name: "f", parameters: { type: "object", properties: null } }],
});
await send("/v1/messages", "[".repeat(6000));
