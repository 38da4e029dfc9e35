import { BaseError } from '../errors/base'

function firstIssueMessage(error: object): string | undefined {
  if (!('issues' in error) || !Array.isArray(error.issues)) return undefined
  const issue: unknown = error.issues[0]
  if (issue && typeof issue === 'object' && 'message' in issue && typeof issue.message === 'string')
    return issue.message
  return undefined
}

function hasShortMessage(error: object): error is { shortMessage: string } {
  return error instanceof Error && 'shortMessage' in error && typeof error.shortMessage === 'string'
}

/**
 * The message to show for any thrown value (SPEC §8 "Error parsing"): a string as is, a zod error's
 * first issue, a `BaseError`'s (or viem error's) short message, an error's message, else 'Unknown error'.
 */
export function parseErrorMessage(error: unknown): string {
  if (typeof error === 'string') return error
  if (!error || typeof error !== 'object') return 'Unknown error'
  const issueMessage = firstIssueMessage(error)
  if (issueMessage) return issueMessage
  // viem's errors carry a shortMessage too: their full message spans many lines.
  if (error instanceof BaseError || hasShortMessage(error))
    return error.shortMessage || 'Unknown error'
  // Wallets often reject with plain `{ code, message }` objects rather than Error instances.
  if ('message' in error && typeof error.message === 'string' && error.message) return error.message
  return 'Unknown error'
}
