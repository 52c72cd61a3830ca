/**
 * A memo with a limit: when it holds `limit` entries, the next `set` lets go of all of them and
 * starts again. For caches whose values are a function of their key, so nothing is lost but the
 * work of remaking them, and a hit must cost no more than a Map's: `get` is Map's own, only `set`
 * checks the size (an LRU's bookkeeping would cost every hit for the rare miss). Each caller
 * states its limit, sized to what it holds.
 */
export class BoundedCache<K, V> extends Map<K, V> {
  readonly limit: number;

  constructor(limit: number) {
    super();
    this.limit = limit;
  }

  override set(key: K, value: V): this {
    if (this.size >= this.limit) this.clear();
    return super.set(key, value);
  }
}
