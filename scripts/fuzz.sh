#!/usr/bin/env bash
# Builds the libFuzzer targets of Sources/Fuzz with the fuzzer and address sanitizers and runs them,
# one after another, seeded from the fixtures and, when CI has placed it beside the checkout, the test
# corpus in ../shared/corpus. See docs/testing.md.
set -euo pipefail
cd "$(dirname "$0")/.."

targets_all="graphql yaml schema pipeline"
usage() {
    cat <<USAGE
usage: scripts/fuzz.sh [--runs N] [--time SECONDS] [--no-build] [TARGET...] [-- LIBFUZZER-FLAG...]

Builds sdkgen-fuzz with -sanitize=fuzzer,address (into .build-fuzz) and fuzzes each TARGET in turn
until it has run N inputs or for SECONDS, whichever comes first.

  TARGET            $targets_all (default: all four)
  --runs N          inputs to run per target (default: no limit)
  --time SECONDS    time limit per target; 0 for none (default: 60)
  --no-build        use the binary already built
  -h, --help        this text

An input that crashes, fails an assertion, takes more than 1 s (also when run again alone) or leaks
memory stops the run; it is saved in .build-fuzz/fuzz/artifacts/ and can be replayed under a
debugger with a plain build:
  swift run sdkgen-fuzz TARGET FILE
Inputs that found new code paths are kept in .build-fuzz/fuzz/corpus/TARGET for the next run.
USAGE
}

runs=-1
seconds=60
build=1
targets=()
extra=()
while (($#)); do
    case "$1" in
        --runs) runs=${2:?--runs needs a number}; shift 2 ;;
        --time) seconds=${2:?--time needs a number of seconds}; shift 2 ;;
        --no-build) build=0; shift ;;
        -h|--help) usage; exit 0 ;;
        --) shift; extra=("$@"); break ;;
        graphql|yaml|schema|pipeline) targets+=("$1"); shift ;;
        *) echo "fuzz.sh: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
    esac
done
[[ $runs =~ ^-?[0-9]+$ && $seconds =~ ^[0-9]+$ ]] || { echo "fuzz.sh: --runs and --time take whole numbers" >&2; exit 2; }
((${#targets[@]})) || read -r -a targets <<<"$targets_all"

scratch=.build-fuzz
work=$scratch/fuzz
build_flags=(-c release --scratch-path "$scratch")
if ((build)); then
    # Linked by lld: gold fails with an internal error on the libFuzzer executable.
    mkdir -p "$scratch"
    lld=$(dirname "$(command -v swift)")/ld.lld
    [[ -x $lld ]] || { echo "fuzz.sh: $lld not found; the Swift toolchain's lld is needed" >&2; exit 1; }
    printf '{"schemaVersion": "1.0", "linker": {"path": "%s"}}\n' "$lld" >"$scratch/lld-toolset.json"
    swift build "${build_flags[@]}" --toolset "$scratch/lld-toolset.json" --product sdkgen-fuzz \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -DSDKGEN_FUZZ
fi
binary=$(swift build "${build_flags[@]}" --show-bin-path)/sdkgen-fuzz
[[ -x $binary ]] || { echo "fuzz.sh: $binary not built; run without --no-build" >&2; exit 1; }

# Seeds are copied (flattened) out of the read-only corpus: libFuzzer adds inputs to its first
# folder only, which is the target's own corpus under .build-fuzz.
shared=../shared/corpus
[[ -d $shared ]] || { echo "fuzz.sh: $shared not found; seeding from the fixtures only" >&2; shared=; }
seed() {
    local target=$1 folder=$work/seeds/$1
    rm -rf "$folder"
    mkdir -p "$folder"
    local files
    case "$target" in
        graphql) files=$(find Fixtures $shared -type f \( -name '*.gql' -o -name '*.graphql' \)) ;;
        yaml) files=$(find Fixtures $shared -type f -name '*.yaml') ;;
        schema) files=$(find Fixtures $shared -type f \( -name '*.gql' -o -name '*.graphql' \) \
                    \( -path '*/schema/*' -o -name 'schema-kitchen-sink.graphql' \) -not -path '*/.dataconnect/*') ;;
        pipeline) files=$(find Fixtures $shared -type f -name '*.gql' -not -path '*/schema/*' -not -path '*/.dataconnect/*') ;;
    esac
    local file
    while IFS= read -r file; do
        [[ -n $file ]] && cp "$file" "$folder/$(tr '/' '_' <<<"${file#../}")"
    done <<<"$files"
}

# A lazy global's value lives as long as the process. LeakSanitizer cannot always see that it is
# still referenced (Swift keeps enum tags in a pointer's spare bits), so memory allocated while one
# is initialized is not a leak of the input that happened to initialize it first.
mkdir -p "$work"
printf 'leak:swift::threading_impl::once_slow\n' >"$work/lsan.supp"

export SDKGEN_PROCESSORS=1 ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$work/lsan.supp

# libFuzzer's flags for TARGET, then any further arguments.
# Inputs up to 8 KB (a large operation file) keep the fuzzers fast; -max_len after -- overrides it.
# One processor (SDKGEN_PROCESSORS): libFuzzer's leak check counts the allocations of the input's own thread.
fuzz() {
    local target=$1
    shift
    SDKGEN_FUZZ_TARGET=$target "$binary" -timeout=1 -detect_leaks=1 -rss_limit_mb=2048 -max_len=8192 \
        -artifact_prefix="$work/artifacts/$target-" ${extra[@]+"${extra[@]}"} "$@"
}

for target in "${targets[@]}"; do
    seed "$target"
    mkdir -p "$work/corpus/$target" "$work/artifacts"
    echo "== $target: $([[ $runs == -1 ]] && echo "no limit on inputs" || echo "up to $runs inputs"), $([[ $seconds == 0 ]] && echo "no time limit" || echo "up to $seconds s")"
    left_runs=$runs left_seconds=$seconds total=0 started=$SECONDS
    while true; do
        log=$work/$target.log
        status=0
        fuzz "$target" -print_final_stats=1 -runs="$left_runs" -max_total_time="$left_seconds" \
            "$work/corpus/$target" "$work/seeds/$target" 2>&1 | tee "$log" || status=${PIPESTATUS[0]}
        executed=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
        total=$((total + ${executed:-0}))
        # The timeout is wall-clock time: on a busy machine an input can be descheduled for a second.
        # A timeout that does not happen again when the input runs alone is not a hang.
        artifact=$(sed -n 's/.*Test unit written to \(.*timeout-.*\)$/\1/p' "$log")
        if ((status != 0)) && [[ -n $artifact ]] && fuzz "$target" "$artifact" >/dev/null 2>&1; then
            echo "== $target: $artifact ran within 1 s alone; the timeout was the machine's load, fuzzing on"
            rm -f "$artifact"
            ((runs == -1)) || left_runs=$((runs - total))
            ((seconds == 0)) || left_seconds=$((seconds - (SECONDS - started)))
            ((left_runs != 0 && (seconds == 0 || left_seconds > 0))) && continue
            status=0
        fi
        echo "== $target: $total inputs in $((SECONDS - started)) s, exit status $status"
        ((status == 0)) || exit "$status"
        break
    done
done
