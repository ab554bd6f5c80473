/** Notices that arrive on any page (issue 27), in English: a namespace loaded when one arrives. */
export const NOTICES_EN = {
  withdrawalSuccess: 'Withdrawal completed successfully.',
  withdrawalFailedOnChain: 'Your withdrawal could not be completed. The amount is back in your balance.',
  withdrawalApproved: 'Your withdrawal was approved. Your withdrawal request is being processed.',
  withdrawalRejected: 'Your withdrawal was rejected: {reason} The amount and fee are back in your balance.',
} as const;
