// docs/decisions/README.md, the index of the decision records, made from the records themselves:
// each `NNN-title.md` opens with `# NNN Title` and a line `Date: YYYY-MM-DD · Status: …`.
// `npm run decisions` writes the index; `--check` (part of `npm run lint`) fails when a record
// lacks its date or status, or the index is not the one the records make.
import fs from 'node:fs';
import path from 'node:path';

const folder = path.resolve(import.meta.dirname, '../docs/decisions');
const indexFile = path.join(folder, 'README.md');
const check = process.argv.includes('--check');

/** @type {string[]} */
const problems = [];
const rows = fs
  .readdirSync(folder)
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .sort()
  .map((name) => {
    const [heading = '', , dated = ''] = fs.readFileSync(path.join(folder, name), 'utf8').split('\n');
    const title = /^# (\d{3}) (.+)$/.exec(heading);
    const line = /^Date: (\d{4}-\d{2}-\d{2}) · Status: (.+)$/.exec(dated);
    if (!title || title[1] !== name.slice(0, 3)) problems.push(`${name}: the first line is not "# ${name.slice(0, 3)} Title"`);
    if (!line) problems.push(`${name}: the third line is not "Date: YYYY-MM-DD · Status: …"`);
    return `| [${name.slice(0, 3)}](${name}) | ${title?.[2] ?? name} | ${line?.[1] ?? ''} | ${line?.[2] ?? ''} |`;
  });

const index = [
  '# Decision records',
  '',
  'Why the code is the way it is: one record per lasting choice, numbered in the order they were made.',
  'A record is never rewritten to say something else: a later one amends or supersedes it, and its status',
  'says so. This index is made from the records by `npm run decisions`; `npm run lint` checks it.',
  '',
  '| # | decision | date | status |',
  '| --- | --- | --- | --- |',
  ...rows,
  '',
].join('\n');

if (problems.length > 0) {
  console.error(`Decision records:\n${problems.map((problem) => `- ${problem}`).join('\n')}`);
  process.exit(1);
}
if (check) {
  if (!fs.existsSync(indexFile) || fs.readFileSync(indexFile, 'utf8') !== index) {
    console.error('docs/decisions/README.md is not the index the records make: run `npm run decisions`.');
    process.exit(1);
  }
} else {
  fs.writeFileSync(indexFile, index);
}
