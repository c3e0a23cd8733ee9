import type { ExtraRule } from "./strict-upstream";

/** Signatures the upstream handed out, so that it can refuse one it never made, as the real APIs do. */
export interface SignatureBook {
  issue(): string;
  /** Signatures issued that no later request brought back (reasoning state a client lost). */
  unreturned(): string[];
  /** A refusal when a signature of the upstream's format in the request is not one it issued. */
  rule: ExtraRule;
}

/** A {@link SignatureBook} for an upstream of format `format`. */
export function createSignatureBook(format: string): SignatureBook {
  const issued = new Set<string>();
  const returned = new Set<string>();
  return {
    unreturned: () => [...issued].filter((signature) => !returned.has(signature)),
    issue() {
      const signature = `sig-${format}-${issued.size + 1}-${Math.random().toString(36).slice(2)}`;
      issued.add(signature);
      return signature;
    },
    rule({ request }) {
      for (const message of request.messages)
        for (const part of message.parts) {
          const signature = "signature" in part ? part.signature : undefined;
          if (signature?.format !== format) continue;
          if (!issued.has(signature.data))
            return `Invalid signature in ${part.type} block: the upstream never issued it`;
          returned.add(signature.data);
        }
      return undefined;
    },
  };
}
