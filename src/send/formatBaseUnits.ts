/** Base units as a plain decimal string, e.g. 1500000n with 6 decimals → '1.5'. */
export function formatBaseUnits(value: bigint, decimals: number): string {
  const text = value.toString().padStart(decimals + 1, '0')
  const integer = decimals ? text.slice(0, -decimals) : text
  const fraction = decimals ? text.slice(-decimals).replace(/0+$/, '') : ''
  return fraction ? `${integer}.${fraction}` : integer
}
