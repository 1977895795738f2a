/**
 * The one rule for which arguments of a call name elements by uid, and the path each is kept
 * under in a recorded step's targets: `uid`, `from_uid`, `to_uid`, and `elements.0.uid` for a
 * list of objects with a uid (fill_form's elements, evaluate_script's args). The recorder keys
 * targets by it, a recording file is checked by it, exporters read by it and a replay writes the
 * found uids back by it.
 */

/** How a target's path looks in a recording file. */
export const UID_PATH = /^[a-z_]{1,64}(\.\d{1,6}\.uid)?$/;

/** Whether argument `key` itself is a uid. */
function isUidKey(key: string): boolean {
  return key === 'uid' || key.endsWith('_uid');
}

/** The uid arguments of a call, by path, in the order the arguments list them. */
export function uidArguments(args: Readonly<Record<string, unknown>>): [path: string, uid: string][] {
  const found: [string, string][] = [];
  for (const [key, value] of Object.entries(args)) {
    if (isUidKey(key) && typeof value === 'string') found.push([key, value]);
    if (Array.isArray(value)) {
      value.forEach((item: unknown, index) => {
        const uid = (item as { uid?: unknown } | null)?.uid;
        if (typeof uid === 'string') found.push([`${key}.${index}.uid`, uid]);
      });
    }
  }
  return found;
}

/** `args` with `uid` at `path` (a uidArguments path), copying what it passes through. */
export function withUidAt(args: Readonly<Record<string, unknown>>, path: string, uid: string): Record<string, unknown> {
  const [head, index, key] = path.split('.');
  if (head === undefined) return { ...args };
  if (index === undefined || key === undefined) return { ...args, [head]: uid };
  const list = [...(args[head] as Record<string, unknown>[])];
  list[Number(index)] = { ...list[Number(index)], [key]: uid };
  return { ...args, [head]: list };
}
