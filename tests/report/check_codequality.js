// Checks GitLab Code Quality reports (node stdlib plus the pinned npm `jsonschema`):
//   check_codequality.js SCHEMA FILE...
// UTF-8 without BOM, a JSON array valid against SCHEMA, unique fingerprints (GitLab keeps one
// entry per fingerprint), lines.end >= lines.begin (research ci-sarif.md §3.1, §9).
"use strict";
const fs = require("fs");
const jsonschema = require("jsonschema");

function check(schema, file) {
  const raw = fs.readFileSync(file);
  if (raw[0] === 0xef && raw[1] === 0xbb && raw[2] === 0xbf) {
    console.log(`${file}: starts with a byte order mark (GitLab's parser rejects it)`);
    return 1;
  }
  let doc;
  try {
    doc = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(raw));
  } catch (e) {
    console.log(`${file}: not UTF-8 JSON: ${e.message}`);
    return 1;
  }
  const problems = new jsonschema.Validator().validate(doc, schema).errors.map((e) => e.stack);
  if (Array.isArray(doc)) {
    const seen = new Map();
    doc.forEach((issue, i) => {
      const fp = issue && issue.fingerprint;
      if (seen.has(fp)) problems.push(`instance[${i}].fingerprint ${fp} repeats instance[${seen.get(fp)}]`);
      seen.set(fp, i);
      const lines = ((issue || {}).location || {}).lines || {};
      if (lines.end !== undefined && lines.end < lines.begin) problems.push(`instance[${i}]: lines.end < lines.begin`);
    });
  }
  for (const p of problems) console.log(`${file}: ${p}`);
  console.log(`${file}: ${problems.length ? "FAIL" : "OK"} (${Array.isArray(doc) ? doc.length : "?"} issue(s))`);
  return problems.length ? 1 : 0;
}

const [schemaPath, ...files] = process.argv.slice(2);
if (!schemaPath || files.length === 0) {
  console.error("usage: check_codequality.js SCHEMA FILE...");
  process.exit(2);
}
const schema = JSON.parse(fs.readFileSync(schemaPath, "utf8"));
let status = 0;
for (const f of files) {
  try {
    status |= check(schema, f);
  } catch (e) {
    console.log(`${f}: ${e.message}`);
    status = 1;
  }
}
process.exit(status);
