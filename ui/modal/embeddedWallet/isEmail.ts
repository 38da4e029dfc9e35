// Deliberately loose (the server checks properly): something@something.tld, no spaces.
const pattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/

/** Whether `value` looks like an email address (SPEC §5 "Email must be a valid email address"). */
export function isEmail(value: string): boolean {
  return value.length <= 254 && pattern.test(value)
}
