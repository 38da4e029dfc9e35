import { token2022ProgramAddress, tokenProgramAddress } from './findAssociatedTokenAddress'

/** The size of an SPL Token account, and of a Token-2022 one's base layout. */
const tokenAccountSpace = 165
/** The size of a mint without extensions. */
const mintSpace = 82
/** Token-2022 writes the account type after the base layout, then its extensions as TLV. */
const accountTypeMint = 1
/** Token-2022's associated token accounts always carry ImmutableOwner: a 4-byte TLV header. */
const token2022AccountSpace = tokenAccountSpace + 1 + 4

/**
 * Token-2022 mint extensions (by `ExtensionType` number) that leave a plain `TransferChecked`
 * between associated token accounts as it is and add nothing to the receiver's new account:
 * MintCloseAuthority, ConfidentialTransferMint, PermanentDelegate, MetadataPointer,
 * TokenMetadata, GroupPointer, TokenGroup, GroupMemberPointer, TokenGroupMember.
 * DefaultAccountState is checked apart (a frozen default would freeze the receiver's account).
 * Anything else (transfer fees, transfer hooks, non-transferable, interest or scaled amounts,
 * pausable, confidential fees or mint/burn, and numbers added later) changes what a transfer
 * does or costs, so the modal does not send it.
 * @see https://github.com/solana-program/token-2022 (`ExtensionType`)
 */
const plainExtensions = new Set([3, 4, 12, 18, 19, 20, 21, 22, 23])
const defaultAccountState = 6
const initializedState = 1

/** What {@link splTransferSupport} says about a mint. */
export type SplTransferSupport =
  | {
      supported: true
      /** The bytes of the receiver's associated token account if it must be created. */
      accountSpace: number
    }
  | {
      supported: false
      /** `extensions`: the mint has Token-2022 extensions a plain transfer cannot honour. */
      reason: 'extensions'
      /** Their `ExtensionType` numbers. */
      extensions: readonly number[]
    }
  | {
      supported: false
      /** `notAMint`: the data is not a mint of this program, or the program is not a token program. */
      reason: 'notAMint'
    }

/**
 * Whether the modal's SPL transfer (`TransferChecked`, the receiver's associated token account
 * created idempotently: `encodeSplTransfer`) can move a mint's tokens, and how large that account
 * is (what its rent is for): 165 bytes under SPL Token; under Token-2022, 170 (ImmutableOwner)
 * for a mint whose extensions are all plain, and refused otherwise. A Token mint needs no data.
 * @example splTransferSupport({ tokenProgram: tokenProgramAddress }) // { supported: true, accountSpace: 165 }
 */
export function splTransferSupport(parameters: {
  tokenProgram: string
  /** The mint account's data: needed for Token-2022. */
  mintData?: Uint8Array | undefined
}): SplTransferSupport {
  const { tokenProgram, mintData } = parameters
  if (tokenProgram === tokenProgramAddress)
    return { supported: true, accountSpace: tokenAccountSpace }
  if (tokenProgram !== token2022ProgramAddress || !mintData) return notAMint
  const extensions = readMintExtensions(mintData)
  if (!extensions) return notAMint
  const refused = extensions
    .filter(
      ({ type, value }) =>
        !plainExtensions.has(type) &&
        !(type === defaultAccountState && value[0] === initializedState),
    )
    .map(({ type }) => type)
  if (refused.length > 0) return { supported: false, reason: 'extensions', extensions: refused }
  return { supported: true, accountSpace: token2022AccountSpace }
}

const notAMint = { supported: false, reason: 'notAMint' } as const

/**
 * A Token-2022 mint's extensions: none for a bare 82-byte mint; else the base layout padded to
 * 165 bytes, the account type (mint) and TLV entries (u16 type, u16 length, value) up to the
 * first zero type or the end. Undefined for data that is not laid out so.
 */
function readMintExtensions(data: Uint8Array): { type: number; value: Uint8Array }[] | undefined {
  if (data.length === mintSpace) return []
  if (data.length <= tokenAccountSpace || data[tokenAccountSpace] !== accountTypeMint)
    return undefined
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  const extensions: { type: number; value: Uint8Array }[] = []
  let offset = tokenAccountSpace + 1
  while (offset + 4 <= data.length) {
    const type = view.getUint16(offset, true)
    const length = view.getUint16(offset + 2, true)
    if (type === 0) break
    const end = offset + 4 + length
    if (end > data.length) return undefined
    extensions.push({ type, value: data.subarray(offset + 4, end) })
    offset = end
  }
  return extensions
}
