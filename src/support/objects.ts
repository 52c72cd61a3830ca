/** Whether an object has any enumerable key, without allocating its key list (`Object.keys` would). */
export function hasAnyKey(o: object | null | undefined): boolean {
  for (const _ in o) return true;
  return false;
}
