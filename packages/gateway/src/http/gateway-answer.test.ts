import { describe, expect, it } from "vitest";
import type { ByteSource } from "./byte-source";
import { type PlainAnswer, toResponse, unreadPlainBody } from "./gateway-answer";

const bytes = new TextEncoder().encode("whole answer");

/** A byte source of `chunks` that counts its reads. */
function source(chunks: string[]) {
  const state = { reads: 0 };
  const encoded = chunks.map((chunk) => new TextEncoder().encode(chunk));
  const body: ByteSource = {
    read: async () => {
      const value = encoded[state.reads++];
      return value ? { done: false, value } : { done: true, value: undefined };
    },
    cancel: async () => undefined,
  };
  return { body, state };
}

const plain = (body: PlainAnswer["body"]): PlainAnswer => ({
  status: 201,
  headers: { "content-type": "text/plain", "x-one": "1" },
  body,
});

describe("toResponse", () => {
  it("gives a genuine Response that reads as the plain answer", async () => {
    const response = toResponse(plain(bytes));
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(201);
    expect(response.headers.get("x-one")).toBe("1");
    expect(await response.text()).toBe("whole answer");
    expect(await toResponse(plain(source(["a", "b"]).body)).text()).toBe("ab");
  });

  it("hands back the plain body of a Response left unread, and never one read, locked or teed", async () => {
    expect(unreadPlainBody(toResponse(plain(bytes)))).toBe(bytes);
    const { body, state } = source(["a", "b"]);
    const response = toResponse(plain(body));
    expect(unreadPlainBody(response)).toBe(body);
    // Made into a Response, the source was not read.
    expect(state.reads).toBe(0);
    expect(unreadPlainBody(toResponse(plain(null)))).toBeNull();

    const read = toResponse(plain(bytes));
    await read.text();
    expect(unreadPlainBody(read)).toBeUndefined();
    const locked = toResponse(plain(bytes));
    locked.body?.getReader();
    expect(unreadPlainBody(locked)).toBeUndefined();
    const teed = toResponse(plain(bytes));
    teed.clone();
    expect(unreadPlainBody(teed)).toBeUndefined();
    expect(unreadPlainBody(new Response("another"))).toBeUndefined();
  });
});
