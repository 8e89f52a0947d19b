#!/usr/bin/env bash
# End-to-end tests of the tenscan executable: cli_test.sh TENSCAN CASE.
# Each case builds its inputs in a temporary directory and checks exit status and output.
set -uo pipefail
tenscan=$1
case_name=$2
source "$(dirname "$0")/lib.sh"

clean_script='import torch
x = torch.randn(4, 3)
y = x @ torch.randn(3, 2)
'
buggy_script='import torch
x = torch.randn(4, 3)
y = x @ torch.randn(4, 2)
'

case "$case_name" in
  version)
    run "$tenscan" --version; expect_status 0; expect_out "tenscan 0."
    ;;
  rule-docs)
    # docs/rules.md is what `tenscan rules --markdown` prints (regenerate it with that command)
    run "$tenscan" rules --markdown; expect_status 0
    if ! diff -u "$(dirname "$0")/../../docs/rules.md" "$work/out" > "$work/rules.diff"; then
      fail "docs/rules.md is out of date: run \`tenscan rules --markdown > docs/rules.md\`:
$(head -40 "$work/rules.diff")"
    fi
    run "$tenscan" rules --explain shape/broadcast; expect_status 0
    expect_out "## shape/broadcast"; expect_out "tenscan reports"; expect_out "[shape/broadcast]"; expect_out "### Fix"
    run "$tenscan" rules --explain shape/no-such-rule; expect_status 2; expect_err "no rule is called 'shape/no-such-rule'"
    run "$tenscan" rules --json; expect_status 0; expect_out '"raises": "RuntimeError: mat1 and mat2 shapes cannot be multiplied'
    ;;
  help)
    run "$tenscan" --help; expect_status 0; expect_out "check"; expect_out "rules"
    run "$tenscan" check --help; expect_status 0; expect_out "--format"; expect_out "Exit status"
    ;;
  usage-errors)
    run "$tenscan"; expect_status 2
    run "$tenscan" check; expect_status 2
    run "$tenscan" check --format xml "$work/a.py"; expect_status 2
    run "$tenscan" frobnicate; expect_status 2
    ;;
  exit-codes)
    printf '%s' "$clean_script" >"$work/clean.py"
    printf '%s' "$buggy_script" >"$work/bug.py"
    run "$tenscan" check "$work/clean.py"; expect_status 0; expect_out "no issues found"
    run "$tenscan" check "$work/bug.py"; expect_status 1
    expect_out "bug.py:3:5: error: "; expect_out "[shape/matmul-inner-dim]"; expect_out "^~~~"
    run "$tenscan" check "$work/missing.py"; expect_status 2; expect_err "no such file"
    run "$tenscan" check "$work"; expect_status 2; expect_err "not a regular file"
    ;;
  script-args)
    cat >"$work/train.py" <<'PY'
import argparse
import torch
import torch.nn as nn
p = argparse.ArgumentParser()
p.add_argument("--hidden-size", type=int, default=32)
p.add_argument("--model", choices=["small", "big"], default="small")
args = p.parse_args()
layer = nn.Linear(16, args.hidden_size)
out = nn.Linear(32, 10)(layer(torch.randn(8, 16)))
PY
    run "$tenscan" check "$work/train.py"; expect_status 0
    run "$tenscan" check "$work/train.py" -- --hidden-size 64; expect_status 1; expect_out "train.py:9:7"
    run "$tenscan" check "$work/train.py" -- --hidden-size=64; expect_status 1
    run "$tenscan" check "$work/train.py" -- --hidden 64; expect_status 1   # argparse abbreviation
    run "$tenscan" check "$work/train.py" -- --model huge; expect_status 2; expect_err "invalid choice: 'huge'"
    run "$tenscan" check "$work/train.py" -- --hidden-size many; expect_status 2; expect_err "invalid value: 'many'"
    ;;
  bad-input)
    # a syntax error is a finding at its position; the analysis still completes
    printf 'import torch\ndef f(:\n    pass\n' >"$work/syn.py"
    run "$tenscan" check "$work/syn.py"; expect_status 1; expect_out "syn.py:2:"; expect_out "[python/syntax-error]"
    # a binary file is refused with a message, never analysed
    printf 'x\0\1\2\3' >"$work/bin.py"
    run "$tenscan" check "$work/bin.py"; expect_status 2; expect_err "binary file"
    # an unreadable entry
    printf '%s' "$clean_script" >"$work/locked.py"; chmod 000 "$work/locked.py"
    if [[ $(id -u) -ne 0 ]]; then run "$tenscan" check "$work/locked.py"; expect_status 2; fi
    # deeply nested code and a huge generated file complete without crashing
    python3 -c "print('x = ' + '(' * 3000 + '1' + ')' * 3000)" >"$work/deep.py"
    run "$tenscan" check "$work/deep.py"; [[ $status -le 1 ]] || fail "deep.py: status $status"
    python3 -c "
print('import torch')
for i in range(20000): print(f'v{i} = torch.randn(2, {i % 7 + 1})')
" >"$work/huge.py"
    run "$tenscan" check "$work/huge.py"; expect_status 0
    # unsupported syntax is a note, and the rest is analysed
    printf 'import torch\nmatch 1:\n    case 1+2j:\n        pass\ny = torch.randn(2, 3) @ torch.randn(2, 3)\n' >"$work/match.py"
    run "$tenscan" check "$work/match.py"; expect_status 1; expect_out "is not supported; its case is treated as never matching"
    expect_out "match.py:5:"
    ;;
  imports)
    mkdir -p "$work/proj/.git" "$work/proj/pkg/sub" "$work/proj/scripts"
    printf 'import torch.nn as nn\nclass Head(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.fc = nn.Linear(20, 5)\n    def forward(self, x):\n        return self.fc(x)\n' >"$work/proj/pkg/sub/heads.py"
    printf 'from .sub.heads import Head\nfrom . import sub\n' >"$work/proj/pkg/__init__.py"
    : >"$work/proj/pkg/sub/__init__.py"
    printf 'import torch\nfrom pkg import Head\nout = Head()(torch.randn(3, 10))\n' >"$work/proj/scripts/train.py"
    run "$tenscan" check "$work/proj/scripts/train.py"; expect_status 1
    expect_out "pkg/sub/heads.py:7:16: error:"; expect_out "scripts/train.py"
    # `from . import helper` in the entry script: helper is a sibling module
    printf 'import torch\ndef make():\n    return torch.randn(4, 3)\n' >"$work/proj/scripts/helper.py"
    printf 'import torch\nfrom . import helper\ny = helper.make() @ torch.randn(4, 2)\n' >"$work/proj/scripts/rel.py"
    run "$tenscan" check "$work/proj/scripts/rel.py"; expect_status 1
    expect_out "scripts/rel.py:3:5: error:"; expect_out "scripts/helper.py:3:12: note:"
    ;;
  no-escape)
    # a module reached through a symlink that leaves the project is never read
    mkdir -p "$work/proj/.git" "$work/outside"
    printf 'import torch\nSECRET_SHAPE = torch.randn(3, 3) @ torch.randn(4, 4)\n' >"$work/outside/evil.py"
    ln -s "$work/outside/evil.py" "$work/proj/evil.py"
    printf 'import evil\n' >"$work/proj/main.py"
    run "$tenscan" check "$work/proj/main.py" --format json; expect_status 0
    refute_out "SECRET_SHAPE"; refute_out "outside"
    ;;
  formats)
    printf '%s' "$buggy_script" >"$work/bug.py"
    run "$tenscan" check "$work/bug.py" --format json; expect_status 1
    python3 - "$work/out" <<'PY' || fail "json output"
import json, sys
doc = json.load(open(sys.argv[1]))
assert doc["findings"][0]["rule"] == "shape/matmul-inner-dim", doc
assert doc["findings"][0]["location"]["line"] == 3
assert doc["stats"]["paths_explored"] >= 1
PY
    run "$tenscan" check "$work/bug.py" --format sarif -o "$work/r.sarif"; expect_status 1
    python3 - "$work/r.sarif" <<'PY' || fail "sarif output"
import json, sys
doc = json.load(open(sys.argv[1]))
run = doc["runs"][0]
assert len(doc["runs"]) == 1
r = run["results"][0]
assert r["ruleId"] == "shape/matmul-inner-dim"
assert r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "bug.py"
assert "primaryLocationLineHash" in r["partialFingerprints"]
PY
    run "$tenscan" rules; expect_status 0; expect_out "shape/matmul-inner-dim"
    run "$tenscan" rules --json; expect_status 0; expect_out '"help"'
    ;;
  stats)
    run "$tenscan" check "$src/examples/mnist/train.py" --stats; expect_status 1
    expect_out "paths:"; expect_out "unmodelled calls"; expect_out "operations"
    printf 'import torch\nimport mysterylib\nx = mysterylib.load()\ny = torch.randn(2, 2)\n' >"$work/u.py"
    run "$tenscan" check "$work/u.py" --stats; expect_status 0; expect_out "mysterylib.load"
    ;;
  config-symbolic-args)
    # tenscan.json "symbolic_args": --batch-size (not given after --) becomes a symbol, and the
    # addition works only for some of its values: a warning that names it. The command line wins.
    cat >"$work/train.py" <<'PY'
import argparse
import torch
parser = argparse.ArgumentParser()
parser.add_argument('--batch-size', type=int, default=64)
args = parser.parse_args()
y = torch.randn(args.batch_size, 10) + torch.randn(64, 10)
PY
    run "$tenscan" check "$work/train.py"; expect_status 0; expect_out "no issues found"; refute_out "--batch-size"
    printf '{"symbolic_args": false}\n' >"$work/tenscan.json"
    run "$tenscan" check "$work/train.py"; expect_status 0; expect_out "no issues found"; refute_out "--batch-size"
    run "$tenscan" check --symbolic-args "$work/train.py"; expect_status 0
    expect_out "train.py:6:5: warning: "; expect_out "--batch-size"
    printf '{"symbolic_args": true}\n' >"$work/tenscan.json"
    run "$tenscan" check "$work/train.py"; expect_status 0
    expect_out "train.py:6:5: warning: "; expect_out "--batch-size"
    run "$tenscan" check --format json "$work/train.py"; expect_status 0; expect_out "--batch-size"
    run "$tenscan" check --no-symbolic-args "$work/train.py"; expect_status 0; refute_out "--batch-size"
    # an option given on the script's command line keeps its value
    run "$tenscan" check "$work/train.py" -- --batch-size 64; expect_status 0; refute_out "--batch-size"
    # per-entry symbolic_args is for `tenscan ci`: check uses the global key
    printf '{"entries": [{"path": "train.py", "symbolic_args": true}]}\n' >"$work/tenscan.json"
    run "$tenscan" check "$work/train.py"; expect_status 0; refute_out "--batch-size"
    printf '{"symbolic_args": "yes"}\n' >"$work/tenscan.json"
    run "$tenscan" check "$work/train.py"; expect_status 2
    expect_err 'tenscan.json: symbolic_args: expected boolean, got string "yes"'
    ;;
  library-versions)
    # the TensorFlow version: none said (the latest: the batch broadcasts), a pin in the
    # project's requirements.txt (1.8: MatMul of matrices only), tenscan.json's "versions" over
    # the pin, the command line's over both; a malformed one is a usage error
    # (the project is $work, the script in a directory of it with its own requirements.txt)
    mkdir -p "$work/tagger"
    cat >"$work/tagger/train.py" <<'PY'
import tensorflow as tf
outputs = tf.ones((32, 40, 128))
W = tf.ones((128, 17))
scores = tf.matmul(outputs, W)
PY
    run "$tenscan" check --project-root "$work" "$work/tagger/train.py"; expect_status 0; expect_out "no issues found"
    printf 'numpy==1.14.5\ntensorflow-gpu==1.8.0\n' >"$work/tagger/requirements.txt"
    run "$tenscan" check --project-root "$work" "$work/tagger/train.py"; expect_status 1
    expect_out "train.py:4:10: error: Shape must be rank 2 but is rank 3 for 'MatMul' (op: 'MatMul') with input shapes: [32,40,128], [128,17]. [shape/rank]"
    printf '{"versions": {"tensorflow": "2.4.0"}}\n' >"$work/tenscan.json"
    run "$tenscan" check --project-root "$work" "$work/tagger/train.py"; expect_status 0; expect_out "no issues found"
    run "$tenscan" check --project-root "$work" --library-version tensorflow=1.13.1 "$work/tagger/train.py"; expect_status 1
    expect_out "[shape/rank]"
    run "$tenscan" check --project-root "$work" --library-version tensorflow "$work/tagger/train.py"; expect_status 2
    expect_err 'tenscan: error: --library-version: expected NAME=VERSION, e.g. tensorflow=1.8.0, got "tensorflow"'
    printf '{"versions": {"tensorflow": "latest"}}\n' >"$work/tenscan.json"
    run "$tenscan" check --project-root "$work" "$work/tagger/train.py"; expect_status 2; expect_err "versions.tensorflow"
    ;;
  fix)
    # --diff shows the fixes, --fix writes them; the fixed script analyses clean
    cat >"$work/train.py" <<'PY'
import torch
import torch.nn as nn

features = nn.Conv2d(1, 32, 3)(torch.randn(64, 1, 28, 28)).flatten(1)
logits = nn.Linear(9216, 10)(features)
PY
    cp "$work/train.py" "$work/before.py"
    run "$tenscan" check --diff "$work/train.py"; expect_status 1
    expect_out "--- a/train.py"; expect_out "-logits = nn.Linear(9216, 10)(features)"
    expect_out "+logits = nn.Linear(21632, 10)(features)"; expect_out "1 fix in 1 file (apply with --fix)"
    cmp -s "$work/train.py" "$work/before.py" || fail "--diff changed the file"
    run "$tenscan" check --format sarif --diff "$work/train.py"; expect_status 1
    expect_out '"insertedContent"'; expect_err "+logits = nn.Linear(21632, 10)(features)"
    run "$tenscan" check --fix "$work/train.py"; expect_status 1; expect_out "1 fix in 1 file applied"
    grep -qF "logits = nn.Linear(21632, 10)(features)" "$work/train.py" || fail "--fix did not write the fix"
    run "$tenscan" check --fix "$work/train.py"; expect_status 0; expect_out "no fixes to apply"; expect_out "no issues found in train.py"
    # never a file outside the project, through a link the repository holds
    mkdir "$work/repo" && cp "$work/before.py" "$work/outside.py" && ln -s ../outside.py "$work/repo/linked.py"
    run "$tenscan" check --fix --project-root "$work/repo" "$work/repo/linked.py"; expect_status 2
    cmp -s "$work/outside.py" "$work/before.py" || fail "--fix wrote outside the project"
    ;;
  shape-report)
    # --report DIR: one self-contained page per entry, rendered in headless Chromium: the rows of
    # the layer table, the failing layer highlighted, nothing fetched; a screenshot is taken
    command -v chromium-headless-shell >/dev/null || fail "chromium-headless-shell is not installed (tools/setup.sh --tests)"
    cp "$(dirname "$0")/../fixtures/programs/stl_cnn_bad.py" "$work/train.py"
    run "$tenscan" check --report "$work/report" "$work/train.py"; expect_status 1
    [[ -s "$work/report/train.py.html" ]] || fail "no report written"
    grep -qE '(src|href)="https?:' "$work/report/train.py.html" && fail "the page fetches something"
    browse() { timeout 60 chromium-headless-shell --no-sandbox --disable-gpu --window-size=1400,1000 "$@" 2>/dev/null; }
    browse --dump-dom "file://$work/report/train.py.html" >"$work/dom.html" || fail "Chromium could not render the page"
    [[ $(grep -c '<tr data-depth' "$work/dom.html") -eq 8 ]] || fail "8 layer rows expected: $(grep -c '<tr data-depth' "$work/dom.html")"
    grep -q '<tr data-depth="2" class="failing">.*SmallCNN.block2.conv<div class="failure">shape/channels: Conv2d expects 64 input channels' \
      "$work/dom.html" || fail "the failing layer is not highlighted"
    grep -q 'SmallCNN.block1.conv</td><td>Conv2d</td><td>in_channels=3, out_channels=32' "$work/dom.html" || fail "a layer row is missing"
    grep -q 'id="total">76,362<' "$work/dom.html" || fail "the parameter total is wrong"
    grep -q '<svg id="graph"' "$work/dom.html" || fail "no forward-pass graph"
    browse --screenshot="$work/report/shot.png" "file://$work/report/train.py.html" >/dev/null
    [[ $(head -c 8 "$work/report/shot.png" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]] || fail "no screenshot"
    # a 400-layer model stays one page Chromium renders at once
    cat >"$work/deep.py" <<'PY'
import torch
import torchvision

model = torchvision.models.resnet152(num_classes=10)
out = model(torch.randn(2, 3, 224, 224))
PY
    run "$tenscan" check --report "$work/report" "$work/deep.py"; expect_status 0
    browse --dump-dom "file://$work/report/deep.py.html" >"$work/dom.html" || fail "Chromium could not render the ResNet-152 page"
    [[ $(grep -c '<tr data-depth' "$work/dom.html") -gt 400 ]] || fail "ResNet-152's rows are missing"
    grep -q 'id="total">58,164,298<' "$work/dom.html" || fail "ResNet-152's parameter total is wrong"
    # the forward pass: layer4's output reaches avgpool, drawn with its shape
    grep -qE '<g class="edge" data-from="[0-9]+" data-to="[0-9]+"><title>ResNet.layer4 \(Sequential\) → ResNet.avgpool \(AdaptiveAvgPool2d\): \[2, 2048, 7, 7\]</title>' \
      "$work/dom.html" || fail "no edge from layer4 to avgpool"
    ;;
  module-mode)
    # a file of models: its classes checked on symbolic inputs, their contracts printed; a script
    # that calls its models is run as before unless --modules on
    cat >"$work/models.py" <<'PY'
import torch.nn as nn


class Head(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, 10)

    def forward(self, x):
        return self.fc(x).view(1, 10)
PY
    run "$tenscan" check "$work/models.py"; expect_status 0
    expect_out "models.py:4:1: contract: Head.forward(x: [B, dim]) -> [1, 10]"
    expect_out "  only if B = 1"
    expect_out "models.py:10:16: warning: Head works only if the batch dimension B is 1"
    run "$tenscan" check --format json "$work/models.py"; expect_status 0
    expect_out '"signature": "Head.forward(x: [B, dim]) -> [1, 10]"'
    run "$tenscan" check --modules off "$work/models.py"; expect_status 0
    refute_out "contract:"
    expect_out "no issues found in models.py"
    cat >"$work/train.py" <<'PY'
import torch
from models import Head

model = Head(32)
print(model(torch.randn(1, 32)).shape)
PY
    run "$tenscan" check "$work/train.py"; expect_status 0
    refute_out "contract:"
    cat >>"$work/models.py" <<'PY'


if __name__ == "__main__":
    print(Head(4)(__import__("torch").randn(1, 4)))
PY
    run "$tenscan" check "$work/models.py"; expect_status 0
    refute_out "contract:"
    run "$tenscan" check --modules on "$work/models.py"; expect_status 0
    expect_out "contract: Head.forward(x: [B, dim]) -> [1, 10]"
    run "$tenscan" check --modules sometimes "$work/models.py"; expect_status 2
    ;;
  format-github)
    # GitHub workflow commands: one ::error per finding with its position and rule, the related
    # locations as further lines of the message, the summary as plain text
    printf '%s' "$buggy_script" >"$work/a.py"
    run "$tenscan" check --format github "$work/a.py"; expect_status 1
    expect_out "::error file=a.py,line=3,endLine=3,col=5,endColumn="
    expect_out ",title=tenscan shape/matmul-inner-dim::mat1 and mat2 shapes cannot be multiplied (4x3 and 4x2)%0Aa.py:"
    expect_out "1 error in a.py"
    # text from the repository cannot start a command of its own: its line breaks and '%' are escaped
    cat >"$work/keys.py" <<'PY'
config = {"lr": 0.1}
batch = config["size\n::error file=x.py::pwned 100%"]
PY
    run "$tenscan" check --format github "$work/keys.py"; expect_status 1
    expect_out "::error file=keys.py,line=2,"
    expect_out "KeyError: 'size"
    expect_out "100%25"
    [[ $(grep -c '^::' "$work/out") -eq 1 ]] || fail "one command expected: $(cat "$work/out")"
    # an incomplete analysis is an annotation too, never a bare "no issues found"
    cat >"$work/loop.py" <<'PY'
import torch
x = torch.randn(4, 8)
while x.dim() > 0:
    x = x.unsqueeze(0)
print(x.shape)
PY
    run "$tenscan" check --format github "$work/loop.py"; expect_status 0
    expect_out "::warning title=tenscan%3A analysis incomplete::no issues found so far in loop.py; analysis incomplete"
    refute_out "no issues found in"
    ;;
  problem-matchers)
    # ci-templates' problem matchers read the text output: GitHub's the errors and warnings,
    # VS Code's the notes too; never the indented related notes, the snippets or the summary
    cat >"$work/m.py" <<'PY'
import torch
x = torch.randn(4, 3)
y = x @ torch.randn(4, 2)
z = torch.nn.Dropout(p=1.0)(x)
print(undefined_module.thing)
PY
    run "$tenscan" check "$work/m.py"; expect_status 1
    cp "$work/out" "$work/text.txt"
    root=$(dirname "$0")/../..
    run node "$(dirname "$0")/problem_matchers.js" "$root/ci-templates/github/tenscan-problem-matcher.json" "$work/text.txt"
    expect_status 0
    expect_out "tenscan|m.py|3|5|error|shape/matmul-inner-dim|mat1 and mat2 shapes cannot be multiplied (4x3 and 4x2)"
    expect_out "tenscan|m.py|4|5|warning|hparam/improper-value|"
    expect_out "tenscan|m.py|5|7|error|python/name-error|"
    [[ $(wc -l <"$work/out") -eq $(grep -cE '^[^ ].*:[0-9]+:[0-9]+: (error|warning): ' "$work/text.txt") ]] ||
      fail "GitHub's matcher: $(cat "$work/out")"
    run node "$(dirname "$0")/problem_matchers.js" "$root/ci-templates/vscode/tasks.json" "$work/text.txt"
    expect_status 0
    expect_out "tenscan|m.py|3|5|error|shape/matmul-inner-dim|"
    [[ $(wc -l <"$work/out") -eq $(grep -cE '^[^ ].*:[0-9]+:[0-9]+: (error|warning|note): ' "$work/text.txt") ]] ||
      fail "VS Code's matcher: $(cat "$work/out")"
    ;;
  incomplete)
    # a script whose analysis a budget stops: never "no issues found"; --fail-on-incomplete fails
    cat >"$work/train.py" <<'PY'
import torch
x = torch.randn(4, 8)
while x.dim() > 0:
    x = x.unsqueeze(0)
print(x.shape)
PY
    run "$tenscan" check "$work/train.py"; expect_status 0; refute_out "no issues found in"
    expect_out "no issues found so far in train.py; analysis incomplete: no path reached the end of the program (stopped by the loop unrolling cap at train.py:3); line 5 of train.py was not analysed"
    run "$tenscan" check --fail-on-incomplete "$work/train.py"; expect_status 1
    printf '{"fail_on_incomplete": true}\n' >"$work/tenscan.json"
    run "$tenscan" check "$work/train.py"; expect_status 1
    run "$tenscan" check --format json "$work/train.py"; expect_status 1; expect_out '"complete": false'
    rm "$work/tenscan.json"
    # a complete analysis passes either way
    printf 'import torch\nprint(torch.randn(2, 3).shape)\n' >"$work/ok.py"
    run "$tenscan" check --fail-on-incomplete "$work/ok.py"; expect_status 0; expect_out "no issues found in ok.py"
    ;;
  *) fail "unknown case" ;;
esac
echo "ok [$case_name]"
