/**
 * JSON data shipped beside the code (assets/winnable/, assets/rules/): fetched the first time it
 * is needed, checked before use, and kept. One retry follows at once (a request can fail while a
 * new service worker takes over); a file that still cannot be loaded or read counts as missing,
 * and the next request tries again.
 */

/** Fetches `url` as JSON; throws when the request fails or `is` refuses the content. */
async function fetchChecked<T>(url: string, is: (x: unknown) => x is T): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const data: unknown = await res.json();
  if (!is(data)) throw new Error(`${url}: not the data expected`);
  return data;
}

/**
 * A loader of one data file per key: `urls` maps a file's glob path (from import.meta.glob with
 * `?url`) to its URL, `path` names a key's file in it, `is` checks the content. The loader
 * resolves with the content, or null when there is no such file or it cannot be loaded or read.
 */
export function dataLoader<K, T>(urls: Readonly<Record<string, string>>, path: (key: K) => string, is: (x: unknown) => x is T): (key: K) => Promise<T | null> {
  const loaded = new Map<K, Promise<T | null>>();
  return (key) => {
    let p = loaded.get(key);
    if (!p) {
      const url = urls[path(key)];
      p = url
        ? fetchChecked(url, is)
            .catch(() => fetchChecked(url, is))
            .catch(() => {
              loaded.delete(key);
              return null;
            })
        : Promise.resolve(null);
      loaded.set(key, p);
    }
    return p;
  };
}
