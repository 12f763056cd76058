// route support: the credit ledger of the credit read operations — the composition root's handle.
export { ledger } from '#adapters/composition/stores';
