import { booleanValue, decimal, record, type ServeFlag, wholeNumber } from './serveFlagValues'

/**
 * The flags of what the server signs: its fee caps (`feeCap`) and what needs a fresh second
 * factor (`secondFactor`, docs/security.md "Second factors").
 */
export const signingServeFlags: readonly ServeFlag[] = [
  {
    name: 'base-fee-multiplier',
    option: 'feeCap.baseFeeMultiplier',
    takes: 'value',
    placeholder: '<x>',
    description: 'highest max fee per gas as a multiple of the base fee, plus the tip (2)',
    read: decimal,
  },
  {
    name: 'max-priority-fee-per-gas',
    option: 'feeCap.maxPriorityFeePerGas',
    takes: 'value',
    multiple: true,
    placeholder: '<chainId=gwei>',
    description: "highest tip in gwei, repeatable; 'default=10' for other chains",
    read: record,
  },
  {
    name: 'max-fee-per-transaction',
    option: 'feeCap.maxFeePerTransaction',
    aliases: ['max-fee'],
    envAliases: ['LATCHKEY_MAX_FEE'],
    takes: 'value',
    multiple: true,
    placeholder: '<chainId=amount>',
    description:
      "highest network fee of one transaction in native units, repeatable (';'-separated in the variable); 'default=0.05' for other chains",
    read: record,
  },
  {
    name: 'sign-above',
    option: 'secondFactor.signAbove',
    takes: 'value',
    multiple: true,
    placeholder: '<chainId=amount>',
    description:
      "a transaction above this native value needs a fresh second factor, repeatable; 'default=0.5' for other chains (none)",
    read: record,
  },
  {
    name: 'token-above',
    option: 'secondFactor.tokenAbove',
    takes: 'value',
    multiple: true,
    placeholder: '<chainId:token=amount>',
    description:
      "a token transfer or approval above this amount (the token's smallest unit) needs a fresh second factor, repeatable; unlisted or unlimited ones always do",
    read: record,
  },
  {
    name: 'login-methods',
    option: 'secondFactor.loginMethods',
    takes: 'value',
    placeholder: '<true|false>',
    description:
      'adding or removing a way in, an email change and an import need a second factor once the user has one (true)',
    read: booleanValue,
  },
  {
    name: 'proof-ttl-ms',
    option: 'secondFactor.proofTtlMs',
    takes: 'value',
    placeholder: '<ms>',
    description: 'how long a proof of a second factor is good for; it counts once (120000)',
    read: wholeNumber,
  },
]
