// The bench's "without Latchkey" twin of the Next fixture's `app/page.tsx`: a plain button.
export default function Home() {
  return <button type="button">Connect Wallet</button>
}
