# shellcheck shell=bash
# Shared by the bench scripts that time a tenscan binary (defaults.sh, examples.sh,
# synthetic.sh). Source it; it defines functions only.

# bench_tenscan REPO BUILD_DIR: prints the absolute path of the tenscan to time: $TENSCAN when
# set, else BUILD_DIR/cmd/tenscan (relative to REPO unless absolute), configured as a Release
# build when it has no build yet, and brought up to date with the sources first (a stale
# binary would time old code without a word). Exits 2 with a message when that fails, so call
# it as `tenscan=$(bench_tenscan "$repo" "$build_dir") || exit 2`.
bench_tenscan() {
    local repo=$1 build_dir=$2 tenscan me
    me=$(basename "$0")
    if [[ -n ${TENSCAN:-} ]]; then
        tenscan=$TENSCAN
    else
        [[ $build_dir = /* ]] || build_dir=$repo/$build_dir
        tenscan=$build_dir/cmd/tenscan
        echo "building $tenscan (up to date with the sources) ..." >&2
        if [[ ! -f $build_dir/CMakeCache.txt ]]; then
            cmake -S "$repo" -B "$build_dir" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF >&2 ||
                { echo "$me: cmake configure failed" >&2; exit 2; }
        fi
        cmake --build "$build_dir" -j2 --target tenscan >/dev/null 2>&1 ||
            cmake --build "$build_dir" -j2 --target tenscan >&2 || { echo "$me: build failed" >&2; exit 2; }
    fi
    [[ -x $tenscan ]] || { echo "$me: $tenscan: not executable" >&2; exit 2; }
    echo "$(cd "$(dirname "$tenscan")" && pwd)/$(basename "$tenscan")"
}
