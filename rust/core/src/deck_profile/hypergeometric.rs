//! The hypergeometric distribution: the chance of `k` successes among `n` cards drawn without
//! replacement from `N` cards holding `K` successes (a shuffled library, 701.24a: every order
//! equally likely), and the binomial coefficients it is made of, in `f64`.

/// `C(n, k)` as a float (exact up to 2^53, then to the last bit or so).
pub fn binomial(n: usize, k: usize) -> f64 {
    if k > n {
        return 0.0;
    }
    let k = k.min(n - k);
    let mut out = 1.0f64;
    for i in 0..k {
        out = out * (n - i) as f64 / (i + 1) as f64;
    }
    out.round_if_small()
}

trait RoundIfSmall {
    fn round_if_small(self) -> Self;
}

impl RoundIfSmall for f64 {
    /// Below 2^53 a binomial is an integer: drop the division's rounding error.
    fn round_if_small(self) -> f64 {
        if self < 9.0e15 {
            self.round()
        } else {
            self
        }
    }
}

/// `P(X = k)`: `k` successes among `n` cards drawn from `population` cards holding `successes`.
pub fn pmf(population: usize, successes: usize, n: usize, k: usize) -> f64 {
    if n > population || successes > population || k > n || k > successes {
        return 0.0;
    }
    if n - k > population - successes {
        return 0.0;
    }
    binomial(successes, k) * binomial(population - successes, n - k) / binomial(population, n)
}

/// The whole distribution of `X`: index `k` for `k` in `0..=min(n, successes)`.
pub fn distribution(population: usize, successes: usize, n: usize) -> Vec<f64> {
    let n = n.min(population);
    (0..=n.min(successes))
        .map(|k| pmf(population, successes, n, k))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials_and_a_known_hand() {
        assert_eq!(binomial(60, 7), 386_206_920.0);
        assert_eq!(binomial(5, 6), 0.0);
        // 24 lands in 60, 7 cards: P(3 lands) = C(24,3) C(36,4) / C(60,7).
        let p = pmf(60, 24, 7, 3);
        assert!((p - 2024.0 * 58905.0 / 386_206_920.0).abs() < 1e-15);
        let d = distribution(60, 24, 7);
        assert!((d.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert_eq!(d.len(), 8);
    }

    #[test]
    fn frank_karstens_published_hypergeometric_examples() {
        // Frank Karsten, "#SomeoneCallFrankKarsten" (ChannelFireball, read on 2026-12-03 at
        // strategy.channelfireball.com/all-strategy/mtg/channelmagic-articles/
        // someonecallfrankkarsten/), both as printed, rounded as he rounds them:
        // "a 53-card deck with 22 lands remaining ... Their top 3 cards contain 0 lands, which
        // occurs with probability 19.2%";
        let top3 = pmf(53, 22, 3, 0);
        assert_eq!(format!("{:.1}", 100.0 * top3), "19.2");
        // "drawing three Hollow Ones straight away, which occurs with probability
        // 3/50*2/49*1/48, i.e., 0.0051%" (three of three in the top three of 50).
        let three = pmf(50, 3, 3, 3);
        assert_eq!(format!("{:.4}", 100.0 * three), "0.0051");
        assert!((three - 3.0 / 50.0 * 2.0 / 49.0 / 48.0).abs() < 1e-18);
    }
}
