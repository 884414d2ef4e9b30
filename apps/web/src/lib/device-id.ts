const KEY = 'portal.device';

/**
 * A random id this browser keeps (decision 028), sent as `X-Device-Id` so the operator's risk screens
 * can see accounts that sign in from the same browser. Nothing about the browser goes into it; without
 * storage (a private window that refuses it) no id is sent.
 */
export function deviceId(): string | undefined {
  try {
    let id = localStorage.getItem(KEY);
    if (!id || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
      id = crypto.randomUUID().replaceAll('-', '');
      localStorage.setItem(KEY, id);
    }
    return id;
  } catch {
    return undefined;
  }
}
