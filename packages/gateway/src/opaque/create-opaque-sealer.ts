import { CanonicalError, type OpaqueState } from "@interlingua/core";

/** The versioned prefix of every sealed envelope: `il1.<format>.<payload>.<mac>`. */
export const opaqueEnvelopePrefix = "il1.";

/**
 * Seals opaque backend state for a client of another format, and opens it when it comes back.
 * An envelope is `il1.<backend format>.<base64url data>.<base64url HMAC-SHA-256>`; the HMAC covers
 * everything before it, so neither the data nor the format it names can be changed.
 */
export interface OpaqueSealer {
  /** The envelope for a backend's state. */
  seal(state: OpaqueState): Promise<string>;
  /** Whether a value is an envelope (by prefix; {@link open} verifies it). */
  isEnvelope(value: string): boolean;
  /** The state inside an envelope; a forged or altered one is an `invalid_request` error naming `param`. */
  open(envelope: string, param: string): Promise<OpaqueState>;
}

const textEncoder = new TextEncoder();

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (let offset = 0; offset < bytes.length; offset += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Creates an {@link OpaqueSealer} keyed by `secret`. */
export function createOpaqueSealer(secret: string): OpaqueSealer {
  const key = crypto.subtle.importKey(
    "raw",
    textEncoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
  const refuse = (param: string) =>
    new CanonicalError("invalid_request", "Opaque state was altered or was not issued by this gateway.", {
      param,
      code: "invalid_opaque_state",
    });

  return {
    async seal(state) {
      const signed = `${opaqueEnvelopePrefix}${state.format}.${toBase64Url(textEncoder.encode(state.data))}`;
      const mac = await crypto.subtle.sign("HMAC", await key, textEncoder.encode(signed));
      return `${signed}.${toBase64Url(new Uint8Array(mac))}`;
    },
    isEnvelope(value) {
      return value.startsWith(opaqueEnvelopePrefix);
    },
    async open(envelope, param) {
      const fields = envelope.slice(opaqueEnvelopePrefix.length).split(".");
      if (fields.length !== 3) throw refuse(param);
      const [format, payload, mac] = fields as [string, string, string];
      if (!/^[a-z][a-z0-9-]*$/.test(format) || !/^[A-Za-z0-9_-]*$/.test(payload + mac)) throw refuse(param);
      const signed = envelope.slice(0, envelope.length - mac.length - 1);
      let valid: boolean;
      try {
        valid = await crypto.subtle.verify("HMAC", await key, fromBase64Url(mac), textEncoder.encode(signed));
      } catch {
        valid = false;
      }
      if (!valid) throw refuse(param);
      return { format, data: new TextDecoder().decode(fromBase64Url(payload)) };
    },
  };
}
