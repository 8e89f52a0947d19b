# Sourced by the validate_*.sh scripts: installs the pinned npm validators (package-lock.json:
# Sarif.Multitool and jsonschema) once per lock file, under a lock so concurrent tests share it.
# install_validators NAME  -> 0 when ready; a message on stderr and 1 otherwise.
install_validators() {
  local name=$1 here
  here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
  local tool
  for tool in node npm; do
    command -v "$tool" >/dev/null || { echo "$name: $tool is required" >&2; return 1; }
  done
  # npm's --ignore-scripts skips the package's own chmod, so the binary is made executable here
  # (research §2.1).
  local multitool="$here/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool"
  local marker="$here/node_modules/.tenscan-package-lock.json"
  if ! (
    flock 9
    if ! cmp -s "$here/package-lock.json" "$marker" || [[ ! -f $multitool || ! -d $here/node_modules/jsonschema ]]; then
      echo "$name: installing the pinned validators (npm ci)" >&2
      (cd "$here" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >&2)
      cp "$here/package-lock.json" "$marker"
    fi
    chmod u+x "$multitool"
  ) 9>"${TMPDIR:-/tmp}/tenscan-validate-sarif.lock"; then
    echo "$name: could not install the validators" >&2
    return 1
  fi
}
