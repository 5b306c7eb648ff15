/** Why a resource could not be had: the status when the server answered, else a network failure. */
export class ResourceError extends Error {
  constructor(
    readonly url: string,
    readonly status: number | 'network' | 'invalid',
  ) {
    super(`${url}: ${status}`);
  }
}

const inFlight = new Map<string, Promise<unknown>>();

/** GET JSON; identical requests in flight share one fetch. */
export function fetchJson<T>(url: string): Promise<T> {
  const pending = inFlight.get(url);
  if (pending) return pending as Promise<T>;
  const request = (async () => {
    let response: Response;
    try {
      response = await fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } });
    } catch {
      throw new ResourceError(url, 'network');
    }
    if (!response.ok) throw new ResourceError(url, response.status);
    try {
      return (await response.json()) as T;
    } catch {
      throw new ResourceError(url, 'invalid');
    }
  })().finally(() => inFlight.delete(url));
  inFlight.set(url, request);
  return request;
}

/** True when the server has HTML at `path` (a HEAD request). */
export async function htmlExists(path: string): Promise<boolean> {
  try {
    const response = await fetch(path, { method: 'HEAD', credentials: 'same-origin' });
    return response.ok;
  } catch {
    return false;
  }
}
