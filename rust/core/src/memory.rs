//! How much memory a request may ask for: bulk outputs (one record per game, one row per
//! shuffle, one byte per table) are refused before anything is allocated when they cannot fit,
//! with an error naming the argument and the limit. The limit is derived from the machine, not
//! fixed: its physical memory, and the address space this process may still take when it runs
//! under a limit (`ulimit -v`, `RLIMIT_AS`).

use crate::error::{Error, Result};

/// The bytes this process can hope to allocate: the machine's physical memory, or less when
/// the process runs under an address-space limit (what is left of it). `u64::MAX` where
/// neither is known (then only the allocation itself can fail).
pub fn limit() -> u64 {
    let physical = physical_memory().unwrap_or(u64::MAX);
    let left = address_space_left().unwrap_or(u64::MAX);
    physical.min(left)
}

/// Refuses, before anything is allocated, a request for `count` items of `bytes_each` bytes
/// (plus `fixed` bytes of working memory) that cannot fit in [`limit`]; `argument` names what
/// was asked, as the caller spells it (e.g. `"games"`).
pub fn check(argument: &str, count: u64, bytes_each: u64, fixed: u64) -> Result<()> {
    let limit = limit();
    let need = count
        .checked_mul(bytes_each)
        .and_then(|b| b.checked_add(fixed));
    match need {
        Some(need) if need <= limit => Ok(()),
        _ => Err(Error::config(format!(
            "{argument} = {count} needs {} of memory, more than this process can have ({})",
            need.map_or_else(|| "more than 2^64 bytes".to_string(), human),
            human(limit)
        ))),
    }
}

/// `bytes` in binary units, e.g. `"23.4 GiB"`.
fn human(bytes: u64) -> String {
    const UNITS: [&str; 7] = ["bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    match unit {
        0 => format!("{bytes} bytes"),
        _ => format!("{value:.1} {}", UNITS[unit]),
    }
}

/// `MemTotal` of `/proc/meminfo` (Linux).
fn physical_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    kib_field(&text, "MemTotal:")
}

/// The soft `RLIMIT_AS` (`/proc/self/limits`, "Max address space") less the address space
/// already mapped (`VmSize` of `/proc/self/status`), when the limit is finite (Linux).
fn address_space_left() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max address space"))?;
    let soft: u64 = line
        .trim_start_matches("Max address space")
        .split_whitespace()
        .next()?
        .parse()
        .ok()?; // "unlimited" does not parse: no limit
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let used = kib_field(&status, "VmSize:").unwrap_or(0);
    Some(soft.saturating_sub(used))
}

/// The value of a `Name:   1234 kB` line, in bytes.
fn kib_field(text: &str, name: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with(name))?;
    let kib: u64 = line[name.len()..].split_whitespace().next()?.parse().ok()?;
    kib.checked_mul(1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_beyond_the_machine_is_refused_naming_argument_and_limit() {
        let err = check("games", 1 << 62, 8, 0).unwrap_err().to_string();
        assert!(
            err.starts_with("games = 4611686018427387904 needs"),
            "{err}"
        );
        assert!(err.contains("more than this process can have"), "{err}");
        assert!(check("games", 1000, 8, 0).is_ok());
        assert!(check("count", u64::MAX, 2, 0).is_err());
    }

    #[test]
    fn the_limit_is_the_machines_memory_here() {
        if cfg!(target_os = "linux") {
            let physical = physical_memory().expect("/proc/meminfo");
            assert!(physical > 1 << 20 && limit() <= physical);
        }
        assert_eq!(human(512), "512 bytes");
        assert_eq!(human(3 << 30), "3.0 GiB");
    }
}
