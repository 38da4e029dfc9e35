// A dapp page that uses Solana only through Latchkey's public entries (`latchkey/solana` for the
// adapter, `latchkey/react` for the hooks), built by esbuild for test/e2e/solanaAdapter.test.ts.
// The RPC URL and the receiver come in the query string; `?only=status` renders the account's
// status alone (no wallet list, no balance: nothing that needs the adapter's session).
import {
  type Address,
  appendTransactionMessageInstruction,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { createSolanaAdapter, type SolanaAdapter } from '../../../connectors/solana/index'
import {
  SolanaProvider,
  useSolanaAccount,
  useSolanaBalance,
  useSolanaConnect,
  useSolanaDisconnect,
  useSolanaSendTransaction,
  useSolanaSignMessage,
} from '../../../ui/index'

const params = new URLSearchParams(location.search)
const rpcUrl = params.get('rpc') ?? ''
const receiver = params.get('to') ?? ''
const adapter = createSolanaAdapter({ clusters: [{ id: 'localnet', name: 'Loopback', rpcUrl }] })

async function transfer(solana: SolanaAdapter, from: string, lamports: bigint) {
  const { blockhash, lastValidBlockHeight } = await solana.getLatestBlockhash()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (tx) => setTransactionMessageFeePayer(from as Address, tx),
    (tx) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash as Blockhash, lastValidBlockHeight },
        tx,
      ),
    (tx) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({
          source: createNoopSigner(from as Address),
          destination: receiver as Address,
          amount: lamports,
        }),
        tx,
      ),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}

function App() {
  const { status, address, wallet, cluster } = useSolanaAccount()
  const { wallets, connect, error: connectError } = useSolanaConnect()
  const { disconnect } = useSolanaDisconnect()
  const balance = useSolanaBalance()
  const receiverBalance = useSolanaBalance({ address: receiver })
  const signing = useSolanaSignMessage()
  const sending = useSolanaSendTransaction()
  return (
    <main>
      <p>
        Status <output data-testid="status">{status}</output> on{' '}
        <output data-testid="cluster">{cluster.name}</output>
      </p>
      <p>
        Wallet <output data-testid="wallet">{wallet}</output> account{' '}
        <output data-testid="address">{address}</output>
      </p>
      <p>
        Balance <output data-testid="balance">{balance.data?.formatted}</output> SOL; receiver{' '}
        <output data-testid="receiver-balance">{receiverBalance.data?.formatted}</output> SOL
      </p>
      <ul>
        {wallets.map((item) => (
          <li key={item.name}>
            <button
              type="button"
              data-ready={item.readyState}
              onClick={() => connect({ wallet: item.name })}
            >
              {item.name}
            </button>
          </li>
        ))}
      </ul>
      <output data-testid="connect-error">{connectError?.name}</output>
      <button type="button" onClick={() => signing.signMessage({ message: 'Sign in to the dapp' })}>
        Sign message
      </button>
      <output data-testid="signature">
        {signing.data ? JSON.stringify(Array.from(signing.data.signature)) : ''}
      </output>
      <button
        type="button"
        onClick={async () => {
          if (!address) return
          sending.sendTransaction({ transaction: await transfer(adapter, address, 250_000_000n) })
        }}
      >
        Send 0.25 SOL
      </button>
      <output data-testid="sent">{sending.data}</output>
      <output data-testid="send-error">{sending.error?.message}</output>
      <button type="button" onClick={() => disconnect()}>
        Disconnect
      </button>
    </main>
  )
}

function Status() {
  const { status, address } = useSolanaAccount()
  return (
    <p>
      Status <output data-testid="status">{status}</output> account{' '}
      <output data-testid="address">{address}</output>
    </p>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <QueryClientProvider client={new QueryClient()}>
    <SolanaProvider adapter={adapter}>
      {params.get('only') === 'status' ? <Status /> : <App />}
    </SolanaProvider>
  </QueryClientProvider>,
)
