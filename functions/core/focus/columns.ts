// core: the FOCUS 1.3 Cost and Usage columns, defined once. The row mapper fills them, the JSONL and CSV
// writers order and encode them, the metadata's Schema describes them and the conformance checker
// validates against them (see /work/shared/reference/focus-1.3.md §1–§3 for where each rule comes from).
//
// FOCUS_COLUMNS is the whole 1.3 catalogue (65 columns; the checker reads any conformant file with it);
// EXPORT_COLUMNS is what our export writes: every mandatory column, the conditional and recommended ones
// a credit ledger can fill, then our `x_` custom columns, in this order.
//
// This module is the registry the rest of the FOCUS core imports from: the spec's allowed values
// (allowed-values.ts), its column catalogue (catalogue.ts) and our export's columns (export-columns.ts).

export * from './allowed-values.ts';
export * from './catalogue.ts';
export * from './export-columns.ts';
