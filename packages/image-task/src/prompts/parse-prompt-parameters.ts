/** One `--name value` parameter of an image prompt, with where it was. */
export interface PromptParameter {
  /** Its name without dashes, lower case (`ar`, `no`, `v`). */
  name: string;
  /** What followed it up to the next parameter, trimmed (empty for a flag such as `--tile`). */
  value: string;
  /** Where it was, for loss reports: `/prompt/--ar`. */
  path: string;
}

/** A prompt split into its text and the `--name value` parameters after it. */
export interface ParsedPrompt {
  /** The prompt without its parameters. */
  text: string;
  /** The parameters, in order. */
  parameters: PromptParameter[];
}

/**
 * Splits the bot-style parameters off an image prompt: everything from the first ` --name` (a
 * double dash before a letter, at the start or after white space) on is read as parameters, each
 * running to the next one, as the proxies' bots read them.
 */
export function parsePromptParameters(prompt: string): ParsedPrompt {
  const start = prompt.search(/(?:^|\s)--[a-z]/i);
  if (start < 0) return { text: prompt.trim(), parameters: [] };
  const text = prompt.slice(0, start).trim();
  const parameters: PromptParameter[] = [];
  for (const match of prompt.slice(start).matchAll(/--([a-z][a-z0-9_-]*)([\s\S]*?)(?=\s--[a-z]|$)/gi)) {
    const name = match[1]!.toLowerCase();
    parameters.push({ name, value: match[2]!.trim(), path: `/prompt/--${name}` });
  }
  return { text, parameters };
}
