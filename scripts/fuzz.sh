#!/usr/bin/env bash
# A bounded fuzzing run of the cargo-fuzz (libFuzzer) targets in fuzz/: the deck parser, the
# game-start state machine, the C ABI and the bulk engine's kernels against its general path
# (docs/FUZZING.md says what each checks).
#
#   bash scripts/fuzz.sh                        # about 90 s once built: 20 s per target (scripts/test.sh runs this)
#   FUZZ_SECONDS=600 bash scripts/fuzz.sh       # 10 minutes per target
#   FUZZ_TARGETS="game simulate" bash scripts/fuzz.sh
#
#   FUZZ_SANITIZER=address bash scripts/fuzz.sh # with AddressSanitizer (about 10x fewer runs a second)
#   FUZZ_CORPUS=keep bash scripts/fuzz.sh       # keep what the run finds in fuzz/corpus/<target>/
#
# Installs cargo-fuzz from crates.io if it is missing, builds every target (release, debug
# assertions and overflow checks on), runs each for FUZZ_SECONDS starting from its corpus
# fuzz/corpus/<target>/ (the committed seed-* files, plus whatever earlier FUZZ_CORPUS=keep
# runs added there), and exits non-zero when any target finds a crash; the crashing input is
# saved under fuzz/artifacts/<target>/ and the command that replays it is printed. By default
# the inputs a run adds go to a temporary directory, removed afterwards, so that every default
# run starts from the same corpus and takes the same time.
set -euo pipefail
cd "$(dirname "$0")/.."

FUZZ_SECONDS=${FUZZ_SECONDS:-20}
FUZZ_SANITIZER=${FUZZ_SANITIZER:-none}
FUZZ_CORPUS=${FUZZ_CORPUS:-seeds}
read -r -a TARGETS <<<"${FUZZ_TARGETS:-deck_parse game capi simulate}"
CARGO_FUZZ_VERSION=0.13.2

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
cargo fuzz build -s "$FUZZ_SANITIZER"
printf '(built in %d s)\n' $((SECONDS - start))

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

failed=()
for target in "${TARGETS[@]}"; do
    step "$target for ${FUZZ_SECONDS} s"
    args=(-max_total_time="$FUZZ_SECONDS" -timeout=20 -print_final_stats=1)
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
    mkdir -p "${corpora[@]}"
    if ! cargo fuzz run -s "$FUZZ_SANITIZER" "$target" "${corpora[@]}" -- "${args[@]}" 2>"fuzz/$target.log"; then
        # What failed (the panic message or libFuzzer's error), then libFuzzer's report.
        grep -m1 -A3 -e 'panicked at' -e 'ERROR: libFuzzer' "fuzz/$target.log" || true
        printf -- '--- the end of fuzz/%s.log:\n' "$target"
        grep -v -e '^#[0-9]' -e '# Uses: ' "fuzz/$target.log" | tail -n 12 || true
        failed+=("$target")
    else
        grep -E '^(Done|stat::number_of_executed_units|stat::peak_rss_mb)|^#[0-9]+ +DONE' "fuzz/$target.log" || true
    fi
done

printf '\n(fuzzing took %d s in all)\n' $((SECONDS - start))
if ((${#failed[@]})); then
    printf '\nFUZZING FOUND A CRASH in: %s\n' "${failed[*]}"
    printf 'The inputs are in fuzz/artifacts/<target>/; replay one with\n'
    printf '  cargo fuzz run -s %s <target> fuzz/artifacts/<target>/<file>\n' "$FUZZ_SANITIZER"
    printf 'and see docs/FUZZING.md, "When a target finds something".\n'
fi
# One line per run, in the plain "N passed, N failed" form: a target passes when it ran its
# time without a crash.
printf 'fuzzing: %d passed, %d failed\n' $((${#TARGETS[@]} - ${#failed[@]})) "${#failed[@]}"
((${#failed[@]} == 0))
