#!/usr/bin/env bash
# A bounded fuzzing run of the cargo-fuzz (libFuzzer) targets in fuzz/: the deck parser, the
# game-start state machine, the C ABI and the bulk engine's kernels against its general path
# (docs/FUZZING.md says what each checks).
#
#   bash scripts/fuzz.sh                        # the test command's run: a fixed number of inputs per
#                                               # target from a seed fixed per commit (about 20 s each)
#   FUZZ_SEED=123 bash scripts/fuzz.sh          # replay a run: the seed it printed
#   FUZZ_SEED=random bash scripts/fuzz.sh       # explore: a new seed (printed)
#   FUZZ_SECONDS=600 bash scripts/fuzz.sh       # explore for 10 minutes per target (time-bounded)
#   FUZZ_RUNS=2000000 bash scripts/fuzz.sh      # that many inputs per target
#   FUZZ_TARGETS="game simulate" bash scripts/fuzz.sh
#
#   FUZZ_SANITIZER=address bash scripts/fuzz.sh # with AddressSanitizer (about 10x fewer runs a second)
#   FUZZ_CORPUS=keep bash scripts/fuzz.sh       # keep what the run finds in fuzz/corpus/<target>/
#
# Installs cargo-fuzz from crates.io if it is missing, builds every target (release, debug
# assertions and overflow checks on), runs each from its corpus fuzz/corpus/<target>/ (the
# committed seed-* and regression-* files, every one replayed first, plus whatever earlier
# FUZZ_CORPUS=keep runs added there), and exits non-zero when any target finds a crash; the
# crashing input is saved under fuzz/artifacts/<target>/, and the seed and the commands that
# replay the input and the whole run are printed.
#
# Determinism: by default each target runs a fixed number of inputs (RUNS below) from libFuzzer's
# -seed, derived from the commit (the first 8 hex digits of `git rev-parse HEAD`, mod 2^32-1,
# plus 1), so a rerun of the same commit starts from the same seed, corpus and length, and
# (with the fixed memory layout set up below) tries the same inputs in a checkout at the same
# path; each target prints a digest of the inputs it kept, to compare (docs/FUZZING.md,
# "Determinism").
# A time cap (FUZZ_CAP, 300 s per target) only guards against a very slow machine; a run it
# stops says so. FUZZ_SECONDS or FUZZ_SEED=random explore instead: a different run each time.
# By default the inputs a run adds go to fuzz/target/run-corpus/, removed afterwards, so that
# every default run starts from the same corpus.
set -euo pipefail
cd "$(dirname "$0")/.."

FUZZ_SECONDS=${FUZZ_SECONDS:-}
FUZZ_RUNS=${FUZZ_RUNS:-}
FUZZ_SEED=${FUZZ_SEED:-}
FUZZ_CAP=${FUZZ_CAP:-300}
FUZZ_SANITIZER=${FUZZ_SANITIZER:-none}
FUZZ_CORPUS=${FUZZ_CORPUS:-seeds}
read -r -a TARGETS <<<"${FUZZ_TARGETS:-deck_parse game capi simulate}"
CARGO_FUZZ_VERSION=0.13.2
# Inputs per target in the default run: about 20 s of CPU time each without a sanitizer
# (measured: docs/FUZZING.md). Changing a number changes which inputs a commit's run tries.
declare -A RUNS=([deck_parse]=50000 [game]=4000 [capi]=2500 [simulate]=30000)

die() { printf 'scripts/fuzz.sh: %s\n' "$*" >&2; exit 2; }
whole='^[0-9]+$'
[[ -z $FUZZ_SECONDS || ($FUZZ_SECONDS =~ $whole && $FUZZ_SECONDS -gt 0) ]] \
    || die "FUZZ_SECONDS=$FUZZ_SECONDS: a whole number of seconds per target, 1 or more"
[[ -z $FUZZ_RUNS || ($FUZZ_RUNS =~ $whole && $FUZZ_RUNS -gt 0) ]] \
    || die "FUZZ_RUNS=$FUZZ_RUNS: a whole number of inputs per target, 1 or more"
[[ $FUZZ_CAP =~ $whole && $FUZZ_CAP -gt 0 ]] \
    || die "FUZZ_CAP=$FUZZ_CAP: a whole number of seconds per target, 1 or more"
# libFuzzer's -seed is an unsigned 32-bit number, and 0 asks it for a random one: 1 to 2^32-1.
if [[ -z $FUZZ_SEED ]]; then
    if commit=$(git rev-parse --verify --quiet HEAD 2>/dev/null); then
        seed=$((16#${commit:0:8} % 4294967295 + 1))
        seed_from="derived from commit ${commit:0:12}"
    else
        seed=1
        seed_from="fixed: no git commit to derive it from"
    fi
elif [[ $FUZZ_SEED == random ]]; then
    seed=$(((RANDOM << 17 ^ RANDOM << 2 ^ RANDOM ^ $$) % 4294967295 + 1))
    seed_from="random (FUZZ_SEED=random)"
elif [[ $FUZZ_SEED =~ $whole && $FUZZ_SEED -ge 1 && $FUZZ_SEED -le 4294967295 ]]; then
    seed=$FUZZ_SEED
    seed_from="given (FUZZ_SEED)"
else
    die "FUZZ_SEED=$FUZZ_SEED: a number from 1 to 4294967295, or random"
fi

# Without a sanitizer every flag cargo-fuzz passes to rustc is a stable one. A sanitizer
# (-Zsanitizer=...) is unstable: RUSTC_BOOTSTRAP=1 lets the stable compiler accept it.
if [[ $FUZZ_SANITIZER != none ]]; then
    export RUSTC_BOOTSTRAP=1
fi

step() { printf '\n== fuzz: %s\n' "$*"; }
start=$SECONDS

if ! cargo fuzz --version >/dev/null 2>&1; then
    step "installing cargo-fuzz $CARGO_FUZZ_VERSION (cargo install --locked)"
    cargo install cargo-fuzz --locked --version "$CARGO_FUZZ_VERSION"
fi
printf '%s; %s\n' "$(cargo fuzz --version)" "$(rustc --version)"

# The fuzz crate is outside the workspace, so `cargo fmt --all` does not see it.
cargo fmt --manifest-path fuzz/Cargo.toml --check

step "build (cargo fuzz build, sanitizer: $FUZZ_SANITIZER)"
# Cargo caches rustc's answers in fuzz/target/.rustc_info.json, a refusal of -Z flags from a
# run without RUSTC_BOOTSTRAP included; start from a fresh probe (it costs a fraction of a second).
rm -f fuzz/target/.rustc_info.json
# Source paths rewritten to the same text in every checkout (./ for this one, /cargo for
# crates.io's): the panic messages built into the targets then have the same lengths wherever
# the repository is cloned, and so do the targets' memory layouts (see "Determinism" below).
cargo_home=${CARGO_HOME:-$HOME/.cargo}
export RUSTFLAGS="${RUSTFLAGS:+$RUSTFLAGS }--remap-path-prefix=$(pwd -P)=. --remap-path-prefix=$cargo_home=/cargo"
cargo fuzz build -s "$FUZZ_SANITIZER"
printf '(built in %d s)\n' $((SECONDS - start))
host=$(rustc -vV | sed -n 's/^host: //p')
bin_dir=${CARGO_TARGET_DIR:-fuzz/target}/$host/release

# Determinism. libFuzzer steers by the values its targets compare, and some of those are
# addresses (a slice's end, a buffer's alignment): with the address space randomised they
# change from process to process, and so would the inputs a run tries after the first
# thousands. So the targets run with randomisation off for their own process (setarch -R,
# where the system allows it), from relative paths of fixed lengths (the same heap layout in
# every checkout), and on one thread each (the bulk engine spawns no thread for a short run).
if setarch "$(uname -m)" -R true 2>/dev/null; then
    fixed_layout=(setarch "$(uname -m)" -R)
else
    fixed_layout=()
    printf 'note: address-space randomisation cannot be turned off here (setarch -R), so a rerun\n'
    printf 'of this commit replays its first thousands of inputs only (docs/FUZZING.md).\n'
fi

# What a run adds goes to a directory of its own, emptied first, so that every default run
# starts from the committed corpus (a relative path: its length is the same in every checkout).
work=fuzz/target/run-corpus
rm -rf "$work"
trap 'rm -rf "$work"' EXIT

failed=()
for target in "${TARGETS[@]}"; do
    if [[ -n $FUZZ_SECONDS ]]; then
        bound=(-max_total_time="$FUZZ_SECONDS")
        step "$target for ${FUZZ_SECONDS} s, seed $seed ($seed_from)"
    else
        runs=${FUZZ_RUNS:-${RUNS[$target]:-100000}}
        bound=(-runs="$runs" -max_total_time="$FUZZ_CAP")
        step "$target: $runs inputs, seed $seed ($seed_from)"
    fi
    # -reload=0: libFuzzer rereads the corpus directories on a timer by default, which makes
    # what it has seen depend on the clock.
    args=("${bound[@]}" -seed="$seed" -reload=0 -timeout=20 -print_final_stats=1)
    if [[ $target == deck_parse ]]; then
        args+=(-max_len=4096 -dict=fuzz/dict/deck_parse.dict)
    elif [[ $target == simulate ]]; then
        args+=(-max_len=256)
    else
        # Long inputs from the start: a game needs a few hundred bytes of answers to get deep.
        args+=(-max_len=2048 -len_control=0)
    fi
    # The first corpus directory receives what libFuzzer finds; the others are only read.
    corpora=("fuzz/corpus/$target")
    if [[ $FUZZ_CORPUS != keep ]]; then
        corpora=("$work/$target" "fuzz/corpus/$target")
    fi
    mkdir -p "${corpora[@]}" "fuzz/artifacts/$target"
    # The binary cargo fuzz run would start, started directly: its arguments are then the
    # same text in every checkout (cargo fuzz run adds this checkout's absolute path).
    args+=(-artifact_prefix="fuzz/artifacts/$target/")
    if ! "${fixed_layout[@]}" "$bin_dir/$target" "${args[@]}" "${corpora[@]}" 2>"fuzz/$target.log"; then
        # What failed (the panic message or libFuzzer's error), then libFuzzer's report.
        grep -m1 -A3 -e 'panicked at' -e 'ERROR: libFuzzer' "fuzz/$target.log" || true
        printf -- '--- the end of fuzz/%s.log:\n' "$target"
        grep -v -e '^#[0-9]' -e '# Uses: ' "fuzz/$target.log" | tail -n 12 || true
        failed+=("$target")
    else
        grep -E '^(Done|stat::number_of_executed_units|stat::peak_rss_mb)|^#[0-9]+[[:space:]]+DONE' "fuzz/$target.log" || true
        # The inputs the run kept, by name (libFuzzer names each by a hash of its bytes): a
        # rerun of this commit that tried the same inputs prints the same digest.
        digest=$(find "${corpora[0]}" -type f -printf '%f\n' | LC_ALL=C sort | sha256sum | cut -c1-16)
        printf 'corpus digest: %s (%s inputs kept)\n' "$digest" "$(find "${corpora[0]}" -type f | wc -l)"
        done_runs=$(sed -nE 's/^Done ([0-9]+) runs.*/\1/p' "fuzz/$target.log" | tail -n 1)
        if [[ -z $FUZZ_SECONDS && -n $done_runs && $done_runs -lt $runs ]]; then
            printf 'note: the %s s cap stopped %s after %s of %s inputs: this run is shorter than the\n' \
                "$FUZZ_CAP" "$target" "$done_runs" "$runs"
            printf 'same seed on a faster machine, so a rerun elsewhere may try more inputs.\n'
        fi
    fi
done

printf '\n(fuzzing took %d s in all)\n' $((SECONDS - start))
if ((${#failed[@]})); then
    printf '\nFUZZING FOUND A CRASH in: %s\n' "${failed[*]}"
    printf 'seed %s (%s)\n' "$seed" "$seed_from"
    for target in "${failed[@]}"; do
        input=$(sed -nE 's/.*Test unit written to (.*)$/\1/p' "fuzz/$target.log" | tail -n 1)
        printf '%s: the crashing input is %s; replay it with\n' "$target" "${input:-in fuzz/artifacts/$target/}"
        printf '  %s %s\n' "$bin_dir/$target" "${input:-fuzz/artifacts/$target/<file>}"
        printf '(the binary that crashed; after changing the code: cargo fuzz run -s %s %s <input>)\n' \
            "$FUZZ_SANITIZER" "$target"
    done
    rerun="FUZZ_SEED=$seed FUZZ_TARGETS=\"${failed[*]}\""
    [[ -n $FUZZ_SECONDS ]] && rerun+=" FUZZ_SECONDS=$FUZZ_SECONDS"
    [[ -n $FUZZ_RUNS ]] && rerun+=" FUZZ_RUNS=$FUZZ_RUNS"
    printf 'the whole run again (the same inputs, where it was not time-bounded):\n  %s bash scripts/fuzz.sh\n' "$rerun"
    printf 'and see docs/FUZZING.md, "When a target finds something".\n'
fi
# One line per run, in the plain "N passed, N failed" form: a target passes when it ran its
# time without a crash.
printf 'fuzzing: %d passed, %d failed\n' $((${#TARGETS[@]} - ${#failed[@]})) "${#failed[@]}"
((${#failed[@]} == 0))
