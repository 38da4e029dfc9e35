/** Shortens an address to its first `start` and last `end` characters, e.g. '0xf3…b92266'. */
export function truncateAddress(
  address: string,
  { start = 4, end = 6 }: { start?: number | undefined; end?: number | undefined } = {},
): string {
  if (address.length <= start + end + 1) return address
  return `${address.slice(0, start)}…${address.slice(address.length - end)}`
}
