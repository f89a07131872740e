/**
 * Polls `probe` until `ok` holds of its answer, for what a test cannot be told about (a client
 * noticing that a broker or a store went away, a process reporting ready): `tries` probes, `everyMs`
 * apart; throws with the last answer when the condition never held.
 */
export const until = async <T>(
  probe: () => Promise<T>,
  ok: (value: T) => boolean,
  options: { readonly tries?: number; readonly everyMs?: number } = {},
): Promise<T> => {
  const tries = options.tries ?? 150;
  let last: T | undefined;
  for (let i = 0; i < tries; i++) {
    last = await probe();
    if (ok(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, options.everyMs ?? 200));
  }
  throw new Error(`condition not reached after ${tries} tries: ${JSON.stringify(last)}`);
};
