/**
 * The value `map` keeps for `key`, computed and kept on first use. The map is a bound, not a cache
 * policy: when it holds `limit` values all are forgotten at once (what it memoises repeats within
 * moments, so an LRU's bookkeeping would buy nothing). Values are never undefined. On hot paths
 * pass a `compute` made once, not a new closure per call: a call then allocates nothing.
 */
export function remembered<K, V>(map: Map<K, V>, key: K, limit: number, compute: (key: K) => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = compute(key);
    if (map.size >= limit) map.clear();
    map.set(key, value);
  }
  return value;
}
