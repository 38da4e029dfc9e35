/** Solana's brand colour, behind its mark. */
export const solanaColor = '#9945ff'
