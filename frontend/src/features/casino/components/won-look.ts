/** How a bet that won the round just resulted is lit on every board: a gold ring and glow. */
export const WON_LOOK = { outline: '3px solid #f5b700', outlineOffset: -1, boxShadow: '0 0 12px rgba(245,183,0,0.7)' } as const;
