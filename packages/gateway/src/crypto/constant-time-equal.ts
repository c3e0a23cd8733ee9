/**
 * Whether two byte strings are equal, in time that depends only on their lengths: every byte is
 * compared, with no early exit at the first difference. For MACs and key digests, whose lengths
 * are public.
 */
export function constantTimeEqual(left: Uint8Array, right: Uint8Array): boolean {
  let difference = left.length ^ right.length;
  const length = Math.max(left.length, right.length);
  for (let index = 0; index < length; index++) difference |= (left[index] ?? 0) ^ (right[index] ?? 0);
  return difference === 0;
}
