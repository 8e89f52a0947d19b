// JSON inspection for validate_sarif.sh (node stdlib, plus the pinned npm `jsonschema`):
//   multitool VALIDATION.sarif FILE  fail on error/warning results in Sarif.Multitool's output log
//   schema SCHEMA FILE               upload-sarif's schema check (research ci-sarif.md Appendix A)
//   strip FILE OUT                   copy of FILE without primaryLocationLineHash values
//   compare FILE ORACLE              FILE's primaryLocationLineHash values equal the oracle's
"use strict";
const fs = require("fs");

const readJson = (path) => JSON.parse(fs.readFileSync(path, "utf8"));
const where = (r) => {
  const pl = ((r.locations || [])[0] || {}).physicalLocation || {};
  const region = pl.region || {};
  return `${(pl.artifactLocation || {}).uri || "?"}:${region.startLine || "?"}:${region.startColumn || "?"}`;
};
const results = (log) => (log.runs || []).flatMap((run) => run.results || []);
// The multitool writes messages as id + arguments into its rules' messageStrings (SARIF §3.11.7).
const messageText = (run, r) => {
  const m = r.message || {};
  if (m.text) return m.text;
  const rule = ((run.tool || {}).driver || {}).rules?.find((d) => d.id === r.ruleId) || {};
  const template = ((rule.messageStrings || {})[m.id] || {}).text || m.id || "";
  return template.replace(/\{(\d+)\}/g, (_, i) => (m.arguments || [])[i] ?? "");
};

function multitool(validationPath, file) {
  let log;
  try {
    log = readJson(validationPath);
  } catch (e) {
    console.log(`${file}: multitool produced no readable output log (${e.message})`);
    return 1;
  }
  // SARIF §3.27.10: a result without `level` is a warning (unless its kind says otherwise).
  const levelOf = (r) => r.level || (r.kind && r.kind !== "fail" ? "none" : "warning");
  const counts = { error: 0, warning: 0, note: 0, none: 0 };
  const bad = [];
  for (const run of log.runs || []) {
    for (const r of run.results || []) {
      const level = levelOf(r);
      counts[level] = (counts[level] || 0) + 1;
      if (level === "error" || level === "warning") bad.push(`${level} ${r.ruleId}: ${messageText(run, r)}`);
    }
  }
  const failed = (log.runs || []).flatMap((run) =>
    (run.invocations || []).flatMap((inv) => (inv.toolExecutionNotifications || []).filter((n) => n.level === "error")));
  for (const line of bad) console.log(`${file}: ${line}`);
  for (const n of failed) console.log(`${file}: validator failure: ${(n.message || {}).text || ""}`);
  console.log(`${file}: multitool (Ghas;Sarif): ${counts.error} error(s), ${counts.warning} warning(s), ` +
              `${counts.note} note(s)`);
  return bad.length || failed.length ? 1 : 0;
}

// Mimics github/codeql-action upload-lib.ts validateSarifFileSchema(): npm jsonschema 1.5.0 and
// the SARIF schema; only `format: uri / uri-reference` failures are warnings.
function schema(schemaPath, file) {
  const jsonschema = require("jsonschema");
  let log;
  try {
    log = readJson(file);
  } catch (e) {
    console.log(`${file}: Invalid SARIF. JSON syntax error: ${e.message}`);
    return 1;
  }
  if (!Array.isArray(log.runs)) {
    console.log(`${file}: Invalid SARIF. Missing 'runs' array.`);
    return 1;
  }
  if (log.runs.some((r) => !Array.isArray(r.results))) {
    console.log(`${file}: Invalid SARIF. Missing 'results' array in run.`);
    return 1;
  }
  const res = new jsonschema.Validator().validate(log, readJson(schemaPath));
  const isUriFormat = (e) => e.name === "format" && ["uri", "uri-reference"].includes(e.argument);
  const errors = res.errors.filter((e) => !isUriFormat(e));
  for (const w of res.errors.filter(isUriFormat)) console.log(`${file}: warning: '${w.instance}' is not a valid URI in '${w.property}'`);
  for (const e of errors) console.log(`${file}: error: ${e.stack}`);
  console.log(`${file}: jsonschema (upload-sarif): ${errors.length} error(s)`);
  return errors.length ? 1 : 0;
}

function strip(file, out) {
  const log = readJson(file);
  for (const r of results(log)) if (r.partialFingerprints) delete r.partialFingerprints.primaryLocationLineHash;
  fs.writeFileSync(out, JSON.stringify(log));
  return 0;
}

function compare(file, oraclePath) {
  const ours = results(readJson(file));
  if (!fs.existsSync(oraclePath)) {
    console.log(`${file}: fingerprints: the multitool could not compute any (see the errors above)`);
    return 1;
  }
  const oracle = results(readJson(oraclePath));
  let bad = 0, checked = 0;
  ours.forEach((r, i) => {
    const mine = (r.partialFingerprints || {}).primaryLocationLineHash;
    const theirs = ((oracle[i] || {}).partialFingerprints || {}).primaryLocationLineHash;
    if (mine === undefined && theirs === undefined) return;
    checked++;
    if (mine !== theirs) {
      bad++;
      console.log(`${file}: ${where(r)}: primaryLocationLineHash ${mine} but the multitool computes ${theirs}`);
    }
  });
  console.log(`${file}: fingerprints: ${checked} checked against the multitool, ${bad} mismatch(es)`);
  return bad ? 1 : 0;
}

const [mode, ...args] = process.argv.slice(2);
const modes = { multitool, schema, strip, compare };
if (!modes[mode] || args.length !== 2) {
  console.error("usage: check_sarif.js multitool|schema|strip|compare ARG ARG");
  process.exit(2);
}
try {
  process.exit(modes[mode](...args));
} catch (e) {
  console.log(`${mode === "strip" || mode === "compare" ? args[0] : args[1]}: ${mode}: ${e.message}`);
  process.exit(1);
}
