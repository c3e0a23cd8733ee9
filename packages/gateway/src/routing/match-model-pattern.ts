/** Whether a model pattern is a glob (has `*` or `?`) rather than an exact name. */
export function isModelGlob(pattern: string): boolean {
  return /[*?]/.test(pattern);
}

/**
 * Whether `model` matches `pattern`: an exact name, or a glob where `*` is any run of characters
 * and `?` one character (nothing else is special). Iterative, so no pattern can backtrack badly.
 */
export function matchModelPattern(pattern: string, model: string): boolean {
  if (!isModelGlob(pattern)) return pattern === model;
  let patternIndex = 0;
  let modelIndex = 0;
  let starIndex = -1;
  let resumeIndex = 0;
  while (modelIndex < model.length) {
    const token = pattern[patternIndex];
    if (token === "?" || (token !== undefined && token !== "*" && token === model[modelIndex])) {
      patternIndex++;
      modelIndex++;
    } else if (token === "*") {
      starIndex = patternIndex++;
      resumeIndex = modelIndex;
    } else if (starIndex >= 0) {
      patternIndex = starIndex + 1;
      modelIndex = ++resumeIndex;
    } else {
      return false;
    }
  }
  while (pattern[patternIndex] === "*") patternIndex++;
  return patternIndex === pattern.length;
}
