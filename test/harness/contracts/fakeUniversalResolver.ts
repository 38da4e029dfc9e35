// Test fixture: a stand-in for ENS's Universal Resolver (no ENS deployment here), written with
// our assembler. It answers the two calls viem's getEnsAddress/getEnsText/getEnsName make with
// fixed records of one name: `resolveWithGateways` → the address (inner call `addr(bytes32)`) or
// the avatar (inner call `text(bytes32,string)`), `reverseWithGateways` → the name. Every other
// call reverts. It does not look at the name asked for: one name, one address.
import { type Address, encodeAbiParameters, toFunctionSelector } from 'viem'
import { type AsmItem, assemble, creationCode } from './assemble'

/** What the resolver answers. */
export interface FakeEnsRecords {
  name: string
  address: Address
  avatar: string
}

/** Creation code of a resolver that answers `records` for any name and address. */
export function fakeUniversalResolverCreationCode(records: FakeEnsRecords): `0x${string}` {
  const resolver = '0x000000000000000000000000000000000000e115'
  const addrAnswer = encodeAbiParameters(
    [{ type: 'bytes' }, { type: 'address' }],
    [encodeAbiParameters([{ type: 'address' }], [records.address]), resolver],
  )
  const textAnswer = encodeAbiParameters(
    [{ type: 'bytes' }, { type: 'address' }],
    [encodeAbiParameters([{ type: 'string' }], [records.avatar]), resolver],
  )
  const reverseAnswer = encodeAbiParameters(
    [{ type: 'string' }, { type: 'address' }, { type: 'address' }],
    [records.name, resolver, resolver],
  )
  // Returns the constant placed after `label` (its JUMPDEST byte skipped).
  const answer = (label: string, data: `0x${string}`): AsmItem[] => {
    const length = (data.length - 2) / 2
    return [
      { push: length, bytes: 2 },
      { ref: label },
      { push: 1 },
      'ADD',
      { push: 0 },
      'CODECOPY',
      { push: length, bytes: 2 },
      { push: 0 },
      'RETURN',
    ]
  }
  const runtime: AsmItem[] = [
    { push: 0 },
    'CALLDATALOAD',
    { push: 0xe0 },
    'SHR',
    'DUP1',
    { push: toFunctionSelector('reverseWithGateways(bytes,uint256,string[])') },
    'EQ',
    { ref: 'reverse' },
    'JUMPI',
    { push: toFunctionSelector('resolveWithGateways(bytes,bytes,string[])') },
    'EQ',
    { ref: 'resolve' },
    'JUMPI',
    { push: 0 },
    'DUP1',
    'REVERT',
    { label: 'reverse' },
    ...answer('reverseData', reverseAnswer),
    { label: 'resolve' },
    // The inner call's selector: the first 4 bytes of the `data` argument (offset at 0x24).
    { push: 0x24 },
    'CALLDATALOAD',
    { push: 0x24 },
    'ADD',
    'CALLDATALOAD',
    { push: 0xe0 },
    'SHR',
    { push: toFunctionSelector('text(bytes32,string)') },
    'EQ',
    { ref: 'text' },
    'JUMPI',
    ...answer('addrData', addrAnswer),
    { label: 'text' },
    ...answer('textData', textAnswer),
    { label: 'reverseData' },
    { data: reverseAnswer },
    { label: 'addrData' },
    { data: addrAnswer },
    { label: 'textData' },
    { data: textAnswer },
  ]
  return creationCode([], assemble(runtime))
}
