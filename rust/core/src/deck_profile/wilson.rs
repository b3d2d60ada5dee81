//! The Wilson score interval of a simulated rate: 95% coverage, honest near 0 and 1 (where the
//! normal interval is not), and never outside [0, 1].

use serde::Serialize;

/// The normal quantile of a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A rate with its 95% Wilson interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Interval {
    /// The lower bound.
    pub low: f64,
    /// The upper bound.
    pub high: f64,
}

/// The 95% Wilson interval of `hits` successes in `n` trials (`[0, 1]` with no trial).
pub fn wilson(hits: u64, n: u64) -> Interval {
    wilson_z(hits, n, Z95)
}

/// The Wilson interval for quantile `z`.
pub fn wilson_z(hits: u64, n: u64, z: f64) -> Interval {
    if n == 0 {
        return Interval {
            low: 0.0,
            high: 1.0,
        };
    }
    let (n, p) = (n as f64, hits as f64 / n as f64);
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    Interval {
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

/// The two-sided normal quantile for a tail probability `alpha / 2` on each side (Acklam's
/// rational approximation, relative error below 1.2e-9): for Bonferroni-corrected intervals.
pub fn z_for(alpha: f64) -> f64 {
    let p = 1.0 - alpha / 2.0;
    // Acklam's coefficients for the upper region.
    const C: [f64; 6] = [
        -7.784_894_002_430_293e-3,
        -3.223_964_580_411_365e-1,
        -2.400_758_277_161_838,
        -2.549_732_539_343_734,
        4.374_664_141_464_968,
        2.938_163_982_698_783,
    ];
    const D: [f64; 4] = [
        7.784_695_709_041_462e-3,
        3.224_671_290_700_398e-1,
        2.445_134_137_142_996,
        3.754_408_661_907_416,
    ];
    if p < 0.975_75 {
        const A: [f64; 6] = [
            -3.969_683_028_665_376e1,
            2.209_460_984_245_205e2,
            -2.759_285_104_469_687e2,
            1.383_577_518_672_69e2,
            -3.066_479_806_614_716e1,
            2.506_628_277_459_239,
        ];
        const B: [f64; 5] = [
            -5.447_609_879_822_406e1,
            1.615_858_368_580_409e2,
            -1.556_989_798_598_866e2,
            6.680_131_188_771_972e1,
            -1.328_068_155_288_572e1,
        ];
        let q = p - 0.5;
        let r = q * q;
        return (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q
            / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0);
    }
    let q = (-2.0 * (1.0 - p).ln()).sqrt();
    -(((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
        / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_intervals() {
        // 50 of 100: 0.4038 to 0.5962 (Wilson 1927's formula, computed by hand).
        let i = wilson(50, 100);
        assert!(
            (i.low - 0.4038).abs() < 1e-4 && (i.high - 0.5962).abs() < 1e-4,
            "{i:?}"
        );
        let zero = wilson(0, 10);
        assert_eq!(zero.low, 0.0);
        assert!(zero.high > 0.2 && zero.high < 0.35);
        assert!((z_for(0.05) - Z95).abs() < 1e-6);
        assert!((z_for(1e-4) - 3.890_591_886).abs() < 1e-5);
    }
}
