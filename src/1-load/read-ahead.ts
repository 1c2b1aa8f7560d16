/**
 * Reading ahead: keeps a few file reads in flight while the caller parses and checks the file
 * before, so the disk and the CPU overlap instead of taking turns.
 */

/** Files read ahead of the one being checked by default: enough to hide a read, few enough to bound memory. */
export const DEFAULT_READ_AHEAD = 8;

/**
 * Yields `read(item)` for every item, in item order, with up to `depth` reads started before the
 * caller asks for them. `read` must not reject (a read problem is part of its result).
 * Memory: at most `depth` results wait at a time.
 */
export async function* readAhead<T>(items: readonly string[], read: (item: string) => Promise<T>, depth: number = DEFAULT_READ_AHEAD): AsyncGenerator<T> {
  const pending: Array<Promise<T>> = [];
  let next = 0;
  while (next < items.length && pending.length < Math.max(1, depth)) pending.push(read(items[next++] as string));
  while (pending.length > 0) {
    const value = await (pending.shift() as Promise<T>);
    if (next < items.length) pending.push(read(items[next++] as string));
    yield value;
  }
}
