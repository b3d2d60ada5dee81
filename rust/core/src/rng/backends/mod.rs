//! The ChaCha12 block function on each kind of hardware, in the shape of the `chacha20`
//! crate's `backends/`: [`portable`] for any CPU, [`avx2`] for x86-64 CPUs with AVX2 (entered
//! only after [`crate::cpu::has_avx2`]). Every backend is bit for bit the scalar block (tests pin
//! it). The quarter-round and the double round are written once, here, as macros that each
//! backend expands over its own words (a `u32`, eight lanes of `u32`, an AVX2 register) with its
//! own `add`, `xor` and `rotl`, inside its own `target_feature` context so that they inline.

/// The ChaCha quarter-round (RFC 7539 §2.1) on words `$a`, `$b`, `$c`, `$d` (places), with the
/// backend's operations: `$add!(x, y)` (wrapping), `$xor!(x, y)`, `$rotl!(x, bits)`.
macro_rules! quarter_round {
    ($add:ident, $xor:ident, $rotl:ident; $a:expr, $b:expr, $c:expr, $d:expr) => {
        $a = $add!($a, $b);
        $d = $rotl!($xor!($d, $a), 16);
        $c = $add!($c, $d);
        $b = $rotl!($xor!($b, $c), 12);
        $a = $add!($a, $b);
        $d = $rotl!($xor!($d, $a), 8);
        $c = $add!($c, $d);
        $b = $rotl!($xor!($b, $c), 7);
    };
}

/// One double round (four column quarter-rounds, then four diagonal ones) on a state of
/// sixteen words `$s`, word `w` at `$s[w]`.
macro_rules! double_round {
    ($add:ident, $xor:ident, $rotl:ident; $s:ident) => {
        quarter_round!($add, $xor, $rotl; $s[0], $s[4], $s[8], $s[12]);
        quarter_round!($add, $xor, $rotl; $s[1], $s[5], $s[9], $s[13]);
        quarter_round!($add, $xor, $rotl; $s[2], $s[6], $s[10], $s[14]);
        quarter_round!($add, $xor, $rotl; $s[3], $s[7], $s[11], $s[15]);
        quarter_round!($add, $xor, $rotl; $s[0], $s[5], $s[10], $s[15]);
        quarter_round!($add, $xor, $rotl; $s[1], $s[6], $s[11], $s[12]);
        quarter_round!($add, $xor, $rotl; $s[2], $s[7], $s[8], $s[13]);
        quarter_round!($add, $xor, $rotl; $s[3], $s[4], $s[9], $s[14]);
    };
}

/// ChaCha12: the rounds of every stream of this crate.
pub(crate) const ROUNDS: usize = 12;
/// "expand 32-byte k", state words 0..4.
pub(crate) const CONSTANTS: [u32; 4] = [0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574];
/// Lanes of [`crate::rng::chacha_blocks`]: eight independent streams at once.
pub const LANES: usize = 8;

#[cfg(target_arch = "x86_64")]
pub mod avx2;
pub mod portable;
