// Applies the problem matchers of ci-templates (GitHub's and VS Code's) to tenscan's text output,
// as the runner and the editor do (JavaScript regular expressions, line by line), and prints
// what each matched: "owner|file|line|column|severity|code|message".
// node problem_matchers.js MATCHER.json OUTPUT.txt
const fs = require("fs");
const [matcherFile, outputFile] = process.argv.slice(2);
const config = JSON.parse(fs.readFileSync(matcherFile, "utf8"));
const matchers = config.problemMatcher || config.tasks.flatMap((t) => t.problemMatcher);
const lines = fs.readFileSync(outputFile, "utf8").split("\n");
for (const line of lines) {
  for (const m of matchers) {
    const p = Array.isArray(m.pattern) ? m.pattern[0] : m.pattern;
    const g = new RegExp(p.regexp).exec(line);
    if (!g) continue;
    const severity = p.severity ? g[p.severity] : m.severity || "error";
    console.log([m.owner, g[p.file], g[p.line], g[p.column], severity, g[p.code], g[p.message]].join("|"));
    break;
  }
}
