/**
 * `build` once per key: a later call with the same key (Map equality) answers the first result.
 * For schemas shared by every route that asks for the same one, so that each zod instance a
 * route keeps is built once.
 */
export function oncePerKey<K, V>(build: (key: K) => V): (key: K) => V {
  const built = new Map<K, V>();
  return (key) => {
    let value = built.get(key);
    if (value === undefined) {
      value = build(key);
      built.set(key, value);
    }
    return value;
  };
}
