import { array, nonEmpty, nullish, number, object, string } from '../schemas/guard'
import { isSafeDeepLinkUrl, isSafeImageUrl } from '../utils/url'

/** One wallet of the directory, as the directory API sends it (SPEC §3 "Wallet from the directory"). */
export interface DirectoryWallet {
  id: string
  name: string
  /** Image id for the directory's `/getWalletImage/{id}`. */
  image_id?: string | undefined
  /** A full image URL instead of an id (https or a data: image only). */
  image_url?: string | undefined
  mobile_link?: string | undefined
  desktop_link?: string | undefined
  webapp_link?: string | undefined
  rdns?: string | undefined
  /** CAIP-2 chain ids the wallet supports, e.g. `eip155:1`. */
  chains?: string[] | undefined
}

/** Longest wallet name kept (longer ones are cut, never shown whole). */
export const maxWalletNameLength = 64

// Directory answers arrive on the modal's first open (featured wallets, All Wallets): checked
// without zod. `directoryWallet.test.ts` holds these guards to the zod schemas they replace.
const text = nullish(string())
/** One entry of a directory answer, before the checks that drop what cannot be shown. */
export const directoryEntryGuard = object({
  id: string([(id) => /^[\w.:-]{1,128}$/.test(id), undefined]),
  name: nonEmpty,
  image_id: text,
  image_url: text,
  mobile_link: text,
  desktop_link: text,
  webapp_link: text,
  rdns: text,
  chains: nullish(array(string())),
})

/** A directory answer: `{ data, count }`. */
export const directoryAnswerGuard = object({
  data: array((input) => ({ ok: true, value: input })),
  count: number({}),
})

const link = (value: string | null | undefined) =>
  value && isSafeDeepLinkUrl(value) ? value : undefined

/**
 * One entry of a directory answer, or undefined when it cannot be shown safely: a missing or odd
 * id, an empty name, or a name with markup. Links outside the allowlist (`javascript:`, `data:`,
 * plain http) and unsafe image URLs are dropped from an entry that is otherwise kept.
 */
export function parseDirectoryWallet(entry: unknown): DirectoryWallet | undefined {
  const parsed = directoryEntryGuard(entry, [])
  if (!parsed.ok) return undefined
  const { id, name, image_id, image_url, mobile_link, desktop_link, webapp_link, rdns, chains } =
    parsed.value
  if (/[<>]/.test(name)) return undefined
  return {
    id,
    name: name.trim().slice(0, maxWalletNameLength),
    image_id: image_id && /^[\w.-]{1,128}$/.test(image_id) ? image_id : undefined,
    image_url: isSafeImageUrl(image_url) ? image_url : undefined,
    mobile_link: link(mobile_link),
    desktop_link: link(desktop_link),
    webapp_link: link(webapp_link),
    rdns: rdns ?? undefined,
    chains: chains?.filter((chain) => /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(chain)),
  }
}

/**
 * A directory answer (`{ data, count }`): the wallets that can be shown and the directory's total.
 * Undefined when the answer is not that shape at all (the caller's error to raise).
 */
export function parseDirectoryAnswer(
  body: unknown,
): { wallets: DirectoryWallet[]; count: number } | undefined {
  const parsed = directoryAnswerGuard(body, [])
  if (!parsed.ok || !Number.isSafeInteger(parsed.value.count) || parsed.value.count < 0)
    return undefined
  const wallets = parsed.value.data.flatMap((entry) => parseDirectoryWallet(entry) ?? [])
  return { wallets, count: parsed.value.count }
}
