/**
 * litesvm's transaction errors turned into what a validator puts on the wire: the serde JSON of
 * `TransactionError` (`"BlockhashNotFound"`, `{ "InstructionError": [0, { "Custom": 1 }] }`) and
 * its Display text (`Error processing Instruction 0: custom program error: 0x1`).
 */

/** A `TransactionError` as JSON (serde's externally tagged enum). */
export type TransactionErrorJson = string | Record<string, unknown>

// The order of litesvm's `TransactionErrorFieldless` / `InstructionErrorFieldless` (a const enum
// with no runtime object), i.e. the order of agave's enums without the variants that carry data.
const transactionErrors = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
] as const

const instructionErrors = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
] as const

// agave's Display texts for the errors a wallet or a dapp meets; the rest fall back to the name.
const transactionTexts: Record<string, string> = {
  AccountInUse: 'Account in use',
  AccountLoadedTwice: 'Account loaded twice',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  MissingSignatureForFee: 'Transaction requires a fee but has no signature present',
  SignatureFailure: 'Transaction did not pass signature verification',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
  UnsupportedVersion: 'Transaction version is unsupported',
  InvalidRentPayingAccount:
    'Transaction leaves an account with a lower balance than rent-exempt minimum',
}

const instructionTexts: Record<string, string> = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  AccountDataTooSmall: 'account data too small for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  IncorrectProgramId: 'incorrect program id for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
  NotEnoughAccountKeys: 'insufficient account keys for instruction',
  ComputationalBudgetExceeded: 'Computational budget exceeded',
  IllegalOwner: 'Provided owner is not allowed',
}

/** The pieces of a litesvm error object this module reads (its classes are not exported). */
type LiteSvmError = number | { index?: number; accountIndex?: number; err?: () => unknown }

function instructionErrorJson(error: unknown): unknown {
  if (typeof error === 'number') return instructionErrors[error] ?? 'GenericError'
  const value = error as { code?: number; msg?: string }
  if (typeof value.code === 'number') return { Custom: value.code }
  if (typeof value.msg === 'string') return { BorshIoError: value.msg }
  return 'GenericError'
}

/** litesvm's `FailedTransactionMetadata.err()` as the validator's JSON. */
export function transactionErrorJson(error: unknown): TransactionErrorJson {
  const value = error as LiteSvmError
  if (typeof value === 'number') return transactionErrors[value] ?? 'SanitizeFailure'
  const kind = (value as { constructor?: { name?: string } }).constructor?.name ?? ''
  if (typeof value.err === 'function' && typeof value.index === 'number') {
    return { InstructionError: [value.index, instructionErrorJson(value.err())] }
  }
  if (typeof value.accountIndex === 'number') {
    const name = kind.includes('Restricted')
      ? 'ProgramExecutionTemporarilyRestricted'
      : 'InsufficientFundsForRent'
    return { [name]: { account_index: value.accountIndex } }
  }
  if (typeof value.index === 'number') return { DuplicateInstruction: value.index }
  return 'SanitizeFailure'
}

/** The validator's Display text of a `TransactionError` (used in preflight messages). */
export function transactionErrorText(error: TransactionErrorJson): string {
  if (typeof error === 'string') return transactionTexts[error] ?? error
  const [name, detail] = Object.entries(error)[0] ?? ['SanitizeFailure', undefined]
  if (name === 'InstructionError' && Array.isArray(detail)) {
    const [index, inner] = detail as [number, unknown]
    return `Error processing Instruction ${index}: ${instructionErrorText(inner)}`
  }
  if (name === 'InsufficientFundsForRent') {
    const { account_index } = detail as { account_index: number }
    return `Transaction results in an account (${account_index}) with insufficient funds for rent`
  }
  if (name === 'DuplicateInstruction') {
    return `Transaction contains a duplicate instruction (${detail}) that is not allowed`
  }
  return name
}

function instructionErrorText(error: unknown): string {
  if (typeof error === 'string') return instructionTexts[error] ?? error
  const value = error as { Custom?: number; BorshIoError?: string }
  if (typeof value.Custom === 'number')
    return `custom program error: 0x${value.Custom.toString(16)}`
  if (typeof value.BorshIoError === 'string')
    return `Failed to serialize or deserialize account data: ${value.BorshIoError}`
  return 'generic instruction error'
}

/** Errors after which a validator drops the transaction: it never lands and has no status. */
export function landsOnChain(error: TransactionErrorJson): boolean {
  if (typeof error !== 'string') return true
  return ![
    'BlockhashNotFound',
    'AlreadyProcessed',
    'InsufficientFundsForFee',
    'AccountNotFound',
    'SignatureFailure',
    'SanitizeFailure',
    'MissingSignatureForFee',
    'InvalidAccountForFee',
    'UnsupportedVersion',
    'AccountLoadedTwice',
    'TooManyAccountLocks',
  ].includes(error)
}
