/**
 * The client side of SPEC §7's throttle test helper: calls GET <api base>/test/throttle `times`
 * times (120 by default) one after another and counts the answers by HTTP status; run from the
 * shell by server/throttle-test-command.ts. docs/decisions/333-throttle-test-helper.md.
 */
/** How many calls the helper makes unless told otherwise (SPEC §7). */
export const THROTTLE_TEST_CALLS = 120;

/** Calls `${apiBase}/test/throttle` `times` times in sequence; returns how many of each status came back. */
export async function repeatThrottleCall(
  apiBase: string,
  times: number = THROTTLE_TEST_CALLS,
): Promise<Record<number, number>> {
  const counts: Record<number, number> = {};
  for (let i = 0; i < times; i += 1) {
    const answer = await fetch(`${apiBase.replace(/\/+$/, '')}/test/throttle`);
    await answer.arrayBuffer();
    counts[answer.status] = (counts[answer.status] ?? 0) + 1;
  }
  return counts;
}
