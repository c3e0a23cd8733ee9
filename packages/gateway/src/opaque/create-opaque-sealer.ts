import { CanonicalError, type OpaqueState } from "@interlingua/core";
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { constantTimeEqual } from "../crypto/constant-time-equal";

/**
 * The first bytes of every sealed envelope, `il2sig`: its standard base64 is {@link opaqueEnvelopePrefix}.
 * Six bytes encode to eight characters with no carry into the next, so every envelope starts alike.
 */
const envelopeMagic = new TextEncoder().encode("il2sig");

/** How every sealed envelope starts: the standard base64 of its magic bytes. */
export const opaqueEnvelopePrefix = "aWwyc2ln";

/**
 * How envelopes of the first version started (`il1.<format>.<base64url data>.<base64url mac>`). They
 * are still opened, for conversations a client kept from before; none are issued any more, because
 * a generate-content or interactions client decodes a thought signature as standard base64 bytes.
 */
export const legacyOpaqueEnvelopePrefix = "il1.";

/** Length of an HMAC-SHA-256, in bytes. */
const macBytes = 32;

/** The versioned prefix of a tool-call id that carries sealed state: `ilc1_<payload>_<mac>`. */
export const sealedCallIdPrefix = "ilc1_";

/** Length of a base64url HMAC-SHA-256. */
const macLength = 43;

/** The bytes of `head` followed by those of `tail`. */
function concatenate(head: Uint8Array, tail: Uint8Array): Uint8Array {
  const joined = new Uint8Array(head.length + tail.length);
  joined.set(head);
  joined.set(tail, head.length);
  return joined;
}

/**
 * Seals opaque backend state for a client of another format, and opens it when it comes back.
 * An envelope is the standard base64 (padded) of `il2sig`, one byte of format-name length, the
 * backend format's name, the HMAC-SHA-256 of everything else, and the data: valid wherever a format
 * types the field as bytes (a generate-content `thoughtSignature`), so a client that decodes it
 * reads it. The HMAC covers the magic, the format and the data, so none of them can be changed.
 */
export interface OpaqueSealer {
  /** The envelope for a backend's state. */
  seal(state: OpaqueState): Promise<string>;
  /** Whether a value is an envelope (by prefix; {@link open} verifies it). */
  isEnvelope(value: string): boolean;
  /** The state inside an envelope; a forged or altered one is an `invalid_request` error naming `param`. */
  open(envelope: string, param: string): Promise<OpaqueState>;
  /**
   * A tool-call id that also carries the call's opaque state, for fronts whose tool calls have no
   * field for it: only `[A-Za-z0-9_-]`, so it is a valid id in every format, and the same input
   * always gives the same id (the client's tool result refers back to it).
   */
  sealCallId(id: string, state: OpaqueState): Promise<string>;
  /** Whether an id was made by {@link sealCallId}. */
  isSealedCallId(id: string): boolean;
  /** The original id and state inside a sealed id; a forged or altered one is an `invalid_request` error. */
  openCallId(sealed: string, param: string): Promise<{ id: string; state: OpaqueState }>;
}

const textEncoder = new TextEncoder();

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (let offset = 0; offset < bytes.length; offset += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let offset = 0; offset < bytes.length; offset += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  return btoa(binary);
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  return fromBase64(text.replaceAll("-", "+").replaceAll("_", "/"));
}

/** Bytes of standard base64; throws on anything else. */
function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * Creates an {@link OpaqueSealer} keyed by `secret`, or by what `secret()` returns the first time a
 * key is needed (so a default drawn at random is drawn while serving a request, which Workers
 * allow, not when the gateway is built at module scope, which they forbid). The HMAC is computed
 * synchronously: WebCrypto's asynchronous `sign` costs a thread-pool round trip per call, which
 * measured several hundred microseconds per sealed answer, most of a cross-format exchange.
 */
export function createOpaqueSealer(secret: string | (() => string)): OpaqueSealer {
  let key: Uint8Array | undefined;
  const mac = (signed: string | Uint8Array) => {
    key ??= textEncoder.encode(typeof secret === "function" ? secret() : secret);
    return hmac(sha256, key, typeof signed === "string" ? textEncoder.encode(signed) : signed);
  };
  const macMatches = (signed: string, presented: string) => {
    try {
      return constantTimeEqual(mac(signed), fromBase64Url(presented));
    } catch {
      return false;
    }
  };
  const refuse = (param: string) =>
    new CanonicalError("invalid_request", "Opaque state was altered or was not issued by this gateway.", {
      param,
      code: "invalid_opaque_state",
    });
  const openLegacy = (envelope: string, param: string): OpaqueState => {
    const fields = envelope.slice(legacyOpaqueEnvelopePrefix.length).split(".");
    if (fields.length !== 3) throw refuse(param);
    const [format, payload, presentedMac] = fields as [string, string, string];
    if (!/^[a-z][a-z0-9-]*$/.test(format) || !/^[A-Za-z0-9_-]*$/.test(payload + presentedMac))
      throw refuse(param);
    const signed = envelope.slice(0, envelope.length - presentedMac.length - 1);
    if (!macMatches(signed, presentedMac)) throw refuse(param);
    return { format, data: new TextDecoder().decode(fromBase64Url(payload)) };
  };

  return {
    async seal(state) {
      const format = textEncoder.encode(state.format);
      const data = textEncoder.encode(state.data);
      const header = new Uint8Array(envelopeMagic.length + 1 + format.length);
      header.set(envelopeMagic);
      header[envelopeMagic.length] = format.length;
      header.set(format, envelopeMagic.length + 1);
      const envelope = new Uint8Array(header.length + macBytes + data.length);
      envelope.set(header);
      envelope.set(mac(concatenate(header, data)), header.length);
      envelope.set(data, header.length + macBytes);
      return toBase64(envelope);
    },
    isEnvelope(value) {
      return value.startsWith(opaqueEnvelopePrefix) || value.startsWith(legacyOpaqueEnvelopePrefix);
    },
    async sealCallId(id, state) {
      const payload = toBase64Url(textEncoder.encode(JSON.stringify([id, state.format, state.data])));
      const signed = `${sealedCallIdPrefix}${payload}`;
      return `${signed}_${toBase64Url(mac(signed))}`;
    },
    isSealedCallId(id) {
      return id.startsWith(sealedCallIdPrefix);
    },
    async openCallId(sealed, param) {
      const signed = sealed.slice(0, -(macLength + 1));
      const presentedMac = sealed.slice(-macLength);
      if (sealed.length < sealedCallIdPrefix.length + macLength + 1 || sealed[signed.length] !== "_")
        throw refuse(param);
      if (!macMatches(signed, presentedMac)) throw refuse(param);
      let fields: unknown;
      try {
        fields = JSON.parse(new TextDecoder().decode(fromBase64Url(signed.slice(sealedCallIdPrefix.length))));
      } catch {
        throw refuse(param);
      }
      const [id, format, data] = fields as [unknown, unknown, unknown];
      if (typeof id !== "string" || typeof format !== "string" || typeof data !== "string")
        throw refuse(param);
      return { id, state: { format, data } };
    },
    async open(envelope, param) {
      if (envelope.startsWith(legacyOpaqueEnvelopePrefix)) return openLegacy(envelope, param);
      let bytes: Uint8Array<ArrayBuffer>;
      try {
        bytes = fromBase64(envelope);
      } catch {
        throw refuse(param);
      }
      // Only the spelling this gateway writes: base64 has others for the same bytes (spare bits,
      // missing padding, white space), and an envelope is refused if any character differs.
      if (toBase64(bytes) !== envelope) throw refuse(param);
      const formatEnd = envelopeMagic.length + 1 + (bytes[envelopeMagic.length] ?? 0);
      const dataStart = formatEnd + macBytes;
      if (
        bytes.length < dataStart ||
        !constantTimeEqual(bytes.subarray(0, envelopeMagic.length), envelopeMagic)
      )
        throw refuse(param);
      const header = bytes.subarray(0, formatEnd);
      const data = bytes.subarray(dataStart);
      if (!constantTimeEqual(mac(concatenate(header, data)), bytes.subarray(formatEnd, dataStart)))
        throw refuse(param);
      const format = new TextDecoder().decode(header.subarray(envelopeMagic.length + 1));
      if (!/^[a-z][a-z0-9-]*$/.test(format)) throw refuse(param);
      return { format, data: new TextDecoder().decode(data) };
    },
  };
}
