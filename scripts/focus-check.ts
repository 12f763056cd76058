// scripts: `npx tsx scripts/focus-check.ts [--export] <file.csv|file.jsonl>…` — checks FOCUS 1.3 Cost and
// Usage files against our conformance checker and prints each rule that applied (pass/fail, violations,
// examples). `--export` also requires every conditional column our export writes. Exit 1 on a failure.
import { checkFile } from './focus-check-input.ts';

const args = process.argv.slice(2);
const asOurExport = args.includes('--export');
const files = args.filter((arg) => arg !== '--export');
if (files.length === 0) {
  console.error('usage: npx tsx scripts/focus-check.ts [--export] <file.csv|file.jsonl>…');
  process.exit(2);
}
let failed = false;
for (const file of files) {
  const report = await checkFile(file, { asOurExport });
  console.log(`${file}: ${report.rows} rows, ${report.rules.length} rules applied, ${report.failures.length} failed`);
  for (const rule of report.rules) {
    console.log(
      `  ${rule.violations === 0 ? 'pass' : 'FAIL'} ${rule.id}${rule.violations ? ` (${rule.violations})` : ''}`,
    );
    for (const example of rule.examples) console.log(`       ${example}`);
  }
  failed ||= !report.ok;
}
process.exit(failed ? 1 : 0);
