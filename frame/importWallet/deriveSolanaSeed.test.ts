import { createKeyPairFromPrivateKeyBytes, getAddressFromPublicKey } from '@solana/kit'
import { bytesToHex, hexToBytes } from 'viem'
import { describe, expect, test } from 'vitest'
import { encodeBase58 } from '../../src/utils/encodeBase58'
import { slip10Ed25519 } from './deriveSolanaSeed'

// The SLIP-0010 ed25519 test vectors of the spec (satoshilabs/slips, slip-0010.md, "Test vector 1
// for ed25519" and "Test vector 2 for ed25519"): each chain's private key, and for vector 1 the
// public keys (without the spec's 00 prefix), computed here by WebCrypto through @solana/kit.

const vectors: { seed: string; chains: [string, string][] }[] = [
  {
    seed: '000102030405060708090a0b0c0d0e0f',
    chains: [
      ['m', '2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7'],
      ["m/0'", '68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3'],
      ["m/0'/1'", 'b1d0bad404bf35da785a64ca1ac54b2617211d2777696fbffaf208f746ae84f2'],
      ["m/0'/1'/2'", '92a5b23c0b8a99e37d07df3fb9966917f5d06e02ddbd909c7e184371463e9fc9'],
      ["m/0'/1'/2'/2'", '30d1dc7e5fc04c31219ab25a27ae00b50f6fd66622f6e9c913253d6511d1e662'],
      [
        "m/0'/1'/2'/2'/1000000000'",
        '8f94d394a8e8fd6b1bc2f3f49f5c47e385281d5c17e65324b0f62483e37e8793',
      ],
    ],
  },
  {
    seed: 'fffcf9f6f3f0edeae7e4e1dedbd8d5d2cfccc9c6c3c0bdbab7b4b1aeaba8a5a29f9c999693908d8a8784817e7b7875726f6c696663605d5a5754514e4b484542',
    chains: [
      ['m', '171cb88b1b3c1db25add599712e36245d75bc65a1a5c9e18d76f9f2b1eab4012'],
      ["m/0'", '1559eb2bbec5790b0c65d8693e4d0875b1747f4970ae8b650486ed7470845635'],
      ["m/0'/2147483647'", 'ea4f5bfe8694d8bb74b7b59404632fd5968b774ed545e810de9c32a4fb4192f4'],
      ["m/0'/2147483647'/1'", '3757c7577170179c7868353ada796c839135b3d30554bbb74a4b1e4a5a58505c'],
      [
        "m/0'/2147483647'/1'/2147483646'",
        '5837736c89570de861ebc173b1086da4f505d4adb387c6a1b1342d5e4ac9ec72',
      ],
      [
        "m/0'/2147483647'/1'/2147483646'/2'",
        '551d333177df541ad876a60ea71f00447931c0a9da16f227c11ea080d7391b8d',
      ],
    ],
  },
]

/** Vector 1's public keys in the spec, one for each chain above (the 00 prefix left off). */
const vector1PublicKeys = [
  'a4b2856bfec510abab89753fac1ac0e1112364e7d250545963f135f2a33188ed',
  '8c8a13df77a28f3445213a0f432fde644acaa215fc72dcdf300d5efaa85d350c',
  '1932a5270f335bed617d5b935c80aedb1a35bd9fc1e31acafd5372c30f5c1187',
  'ae98736566d30ed0e9d2f4486a64bc95740d89c7db33f52121f8ea8f76ff0fc1',
  '8abae2d66361c879b900d204ad2cc4984fa2aa344dd7ddc46007329ac76c429c',
  '3c24da049451555d51a7014a37337aa4e12d41e485abccfa46b47dfb2af54b7a',
]

/** The public key of an ed25519 seed as WebCrypto computes it (not @noble/curves). */
async function webCryptoPublicKey(seed: Uint8Array): Promise<string> {
  const { publicKey } = await createKeyPairFromPrivateKeyBytes(seed)
  return getAddressFromPublicKey(publicKey)
}

describe('slip10Ed25519', () => {
  test('default: the spec’s ed25519 test vectors 1 and 2, every chain', () => {
    for (const { seed, chains } of vectors)
      for (const [path, key] of chains)
        expect(bytesToHex(slip10Ed25519(hexToBytes(`0x${seed}`), path)), path).toBe(`0x${key}`)
  })

  test('behavior: vector 1’s public keys, by WebCrypto from the derived keys', async () => {
    const { seed: hex, chains } = vectors[0] ?? { seed: '', chains: [] }
    const seed = hexToBytes(`0x${hex}`)
    for (const [index, [path]] of chains.entries())
      expect(await webCryptoPublicKey(slip10Ed25519(seed, path))).toBe(
        encodeBase58(hexToBytes(`0x${vector1PublicKeys[index]}`)),
      )
  })

  test('error: a normal (unhardened) index, an index of 2³¹ or more, or no m is refused', () => {
    const seed = new Uint8Array(64)
    for (const path of ["m/44'/501'/0'/0", "m/2147483648'", "44'/501'", 'm/x', "m/-1'"])
      expect(() => slip10Ed25519(seed, path), path).toThrow(TypeError)
  })
})
