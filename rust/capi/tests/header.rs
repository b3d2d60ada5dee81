//! The committed C header, include/mulligan.h, must equal a fresh cbindgen generation from this
//! crate's sources. Regenerate it with:
//!
//!     MULLIGAN_BLESS_HEADER=1 cargo test -p mulligan-capi --test header

use std::path::PathBuf;

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn generate() -> String {
    let dir = crate_dir();
    let config = cbindgen::Config::from_file(dir.join("cbindgen.toml")).expect("cbindgen.toml");
    let bindings = cbindgen::Builder::new()
        .with_config(config)
        .with_src(dir.join("src/lib.rs"))
        .generate()
        .expect("cbindgen could not generate the header");
    let mut out = Vec::new();
    bindings.write(&mut out);
    String::from_utf8(out).expect("the header is UTF-8")
}

#[test]
fn committed_header_is_up_to_date() {
    let path = crate_dir().join("../../include/mulligan.h");
    let fresh = generate();
    if std::env::var_os("MULLIGAN_BLESS_HEADER").is_some() {
        std::fs::write(&path, &fresh).expect("write include/mulligan.h");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "include/mulligan.h is stale (or missing): it differs from what cbindgen generates from \
         rust/capi/src. Regenerate it with\n\n    \
         MULLIGAN_BLESS_HEADER=1 cargo test -p mulligan-capi --test header\n\nand commit it."
    );
}

#[test]
fn header_declares_every_export() {
    let header = generate();
    for name in [
        "mulligan_last_error",
        "mulligan_seed_from_hex",
        "mulligan_library_shuffle_simultaneously",
        "mulligan_game_new",
        "MULLIGAN_ERR_INTERNAL = -9",
        "typedef uint64_t MulliganGame;",
    ] {
        assert!(header.contains(name), "{name} is missing from the header");
    }
}
