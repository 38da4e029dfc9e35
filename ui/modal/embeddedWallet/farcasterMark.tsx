/**
 * Farcaster's mark (24×24, drawn by us): an arch, white on Farcaster's purple. Inline: nothing is
 * fetched from Farcaster.
 */
export const farcasterMark = (
  <>
    <rect width="24" height="24" rx="5.5" fill="#855DCD" />
    <path
      fill="#ffffff"
      d="M6 5.5h12v2.3h-1v10h.9v1.2h-3.6v-1.2h.8v-4.6a3.1 3.1 0 0 0-6.2 0v4.6h.8v1.2H6.1v-1.2H7v-10H6Z"
    />
  </>
)
