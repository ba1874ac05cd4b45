/** The longest remark the ledger records with an operator's action (ledger `REMARK_CHARS_MAX`). */
export const REMARK_CHARS_MAX = 200;
