/** A small deterministic string hash (djb2), for colours derived from names and addresses. */
export function hashString(value: string): number {
  let hash = 5381
  for (let index = 0; index < value.length; index++)
    hash = ((hash << 5) + hash + value.charCodeAt(index)) >>> 0
  return hash
}
