#!/usr/bin/env bash
# The configuration examples (config/examples/*.json and the ```json blocks of README.md)
# against config/tenscan.schema.json, twice: with the pinned npm `jsonschema` (the validator
# editors and other tools use) and with tenscan itself (`tenscan ci --config FILE`, whose
# validator is driven by the same schema). Broken variants must be rejected by both.
#   validate_config_examples.sh TENSCAN
set -uo pipefail
tenscan=$(realpath "$1")
src=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source "$src/tests/report/install_validators.sh"
install_validators config-examples || exit 1
fail() { echo "FAIL: $*" >&2; exit 1; }

cp "$src"/config/examples/*.json "$work/"
# the README's examples
awk '/^```json$/{n++; f=1; next} /^```$/{f=0} f{print > (dir "/readme-" n ".json")}' dir="$work" "$src/README.md"
ls "$work"/readme-*.json >/dev/null 2>&1 || fail "README.md has no json example"
# broken variants: each must be rejected
printf '{"entries": [{"path": "train.py", "timout": 3}]}\n' >"$work/bad-unknown-key.json"
printf '{"jobs": "4"}\n' >"$work/bad-type.json"
printf '{"symbolic_args": "yes"}\n' >"$work/bad-type-symbolic-args.json"
printf '{"rules": {"shape/broadcast": "loud"}}\n' >"$work/bad-enum.json"

repo=$work/repo
mkdir -p "$repo" && git -C "$repo" init -q
node_check() {
  node -e '
    const fs = require("fs"), { Validator } = require(process.argv[1] + "/node_modules/jsonschema");
    const schema = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
    const doc = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
    const r = new Validator().validate(doc, schema);
    r.errors.forEach((e) => console.log(e.stack));
    process.exit(r.errors.length ? 1 : 0);' "$src/tests/report" "$src/config/tenscan.schema.json" "$1"
}
for f in "$work"/*.json; do
  name=$(basename "$f")
  node_check "$f" >"$work/node.out" 2>&1; node_rc=$?
  # the stub directories an example names exist in the repository it describes
  python3 -c 'import json,sys,os; [os.makedirs(os.path.join(sys.argv[2], d), exist_ok=True) for d in json.load(open(sys.argv[1])).get("stub_dirs", []) if isinstance(d, str)]' "$f" "$repo" 2>/dev/null
  "$tenscan" ci --repo "$repo" --config "$f" --list-entries >/dev/null 2>"$work/tenscan.out"; ts_rc=$?
  if [[ $name == bad-* ]]; then
    [[ $node_rc -ne 0 ]] || fail "$name: jsonschema accepted it"
    [[ $ts_rc -eq 2 ]] && grep -q "invalid configuration" "$work/tenscan.out" || { cat "$work/tenscan.out"; fail "$name: tenscan accepted it"; }
  else
    [[ $node_rc -eq 0 ]] || { cat "$work/node.out"; fail "$name: not valid against the schema"; }
    [[ $ts_rc -eq 0 ]] || { cat "$work/tenscan.out"; fail "$name: tenscan rejected it"; }
  fi
  echo "ok $name"
done
