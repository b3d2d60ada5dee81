//! Whether this compiler has the AVX-512 intrinsics (stable since Rust 1.89): with them the
//! counter verdicts get their AVX-512 twin (`cfg(avx512_kernels)`,
//! `src/simulate/backends/avx512_verdicts.rs`); an older compiler, down to the workspace's
//! `rust-version`, builds the AVX2 twin alone. The results are the same either way.

use std::process::Command;

fn main() {
    println!("cargo:rustc-check-cfg=cfg(avx512_kernels)");
    println!("cargo:rerun-if-env-changed=RUSTC");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let version = Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .and_then(|out| String::from_utf8(out.stdout).ok())
        .unwrap_or_default();
    // "rustc 1.95.0 (59807616e 2026-04-14)": the minor version of Rust 1.
    let minor = version
        .split_whitespace()
        .nth(1)
        .and_then(|v| v.strip_prefix("1."))
        .and_then(|v| v.split('.').next())
        .and_then(|m| m.parse::<u32>().ok());
    if minor.is_some_and(|m| m >= 89) {
        println!("cargo:rustc-cfg=avx512_kernels");
    }
}
