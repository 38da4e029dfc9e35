import {
  type Address,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  type KeyPairSigner,
  signTransaction,
} from '@solana/kit'
import { formatUnits } from 'viem'
import { expect, test } from 'vitest'
import { checkSolanaSend, solanaSignatureFee } from '../../src/solana/checkSolanaSend'
import { encodeSolTransfer } from '../../src/solana/encodeSolTransfer'
import { setupSolanaCluster } from './setupSolanaCluster'
import { funded, SOL } from './solanaRpc.fixture'

// The send form's rent rules (src/solana/checkSolanaSend.ts) against the real SVM in litesvm: the
// cluster refuses SOL that opens an account with less than its rent-exempt minimum and a send
// that leaves the sender some lamports but fewer than that minimum, and takes the boundaries.
// Each case's verdict from the form is the cluster's own.

const cluster = setupSolanaCluster()

/** Whether the cluster takes a transfer of `lamports` from `sender` (its preflight decides). */
async function clusterTakes(sender: KeyPairSigner, to: Address, lamports: bigint) {
  const { value } = await cluster.rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()
  const wire = encodeSolTransfer({ from: sender.address, to, lamports, blockhash: value.blockhash })
  const transaction = await signTransaction([sender.keyPair], getTransactionDecoder().decode(wire))
  try {
    await cluster.rpc
      .sendTransaction(getBase64EncodedWireTransaction(transaction), {
        encoding: 'base64',
        preflightCommitment: 'confirmed',
      })
      .send()
    return true
  } catch {
    return false
  }
}

test('behavior: the form refuses exactly the SOL sends the cluster refuses for rent', async () => {
  const minimum = await cluster.rpc.getMinimumBalanceForRentExemption(0n).send()
  expect(minimum).toBeGreaterThan(0n)
  const balance = SOL
  const cases: { name: string; lamports: bigint; newReceiver: boolean }[] = [
    {
      name: 'opens an account with one lamport too few',
      lamports: minimum - 1n,
      newReceiver: true,
    },
    { name: 'opens an account with its minimum', lamports: minimum, newReceiver: true },
    { name: 'Max: nothing left', lamports: balance - solanaSignatureFee, newReceiver: false },
    {
      name: 'leaves the minimum',
      lamports: balance - solanaSignatureFee - minimum,
      newReceiver: false,
    },
    {
      name: 'leaves one lamport too few',
      lamports: balance - solanaSignatureFee - minimum + 1n,
      newReceiver: false,
    },
    { name: 'leaves one lamport', lamports: balance - solanaSignatureFee - 1n, newReceiver: false },
  ]
  const verdicts: Record<string, { form: boolean; cluster: boolean }> = {}
  for (const { name, lamports, newReceiver } of cases) {
    const sender = await funded(cluster.solana, balance)
    const receiver = await funded(cluster.solana, SOL)
    const to = newReceiver ? (await generateKeyPairSigner()).address : receiver.address
    const form = checkSolanaSend({
      amount: formatUnits(lamports, 9),
      receiver: to,
      balance,
      rentExemptMinimum: minimum,
      receiverHasAccount: !newReceiver,
    })
    verdicts[name] = {
      form: form.rule === undefined,
      cluster: await clusterTakes(sender, to, lamports),
    }
  }
  // both sides of each rule are reached, and the form says what the cluster does
  expect(Object.values(verdicts).filter((v) => v.cluster)).toHaveLength(3)
  for (const [name, { form, cluster }] of Object.entries(verdicts))
    expect({ name, form }).toEqual({ name, form: cluster })
})
