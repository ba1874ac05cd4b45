//! Small numeric helpers of the probability models: the normal and Poisson distributions and a
//! deterministic hash for quote noise.

/// The standard normal CDF, from the Abramowitz–Stegun approximation of erf (error < 1.5e-7).
pub(crate) fn normal_cdf(z: f64) -> f64 {
    0.5 * (1.0 + erf(z / std::f64::consts::SQRT_2))
}

fn erf(x: f64) -> f64 {
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t * (0.254_829_592 + t * (-0.284_496_736 + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    sign * (1.0 - poly * (-x * x).exp())
}

/// P(a ≤ X < b) for integer-valued X approximated by a normal with continuity correction.
pub(crate) fn normal_range(mean: f64, sd: f64, a: f64, b: f64) -> f64 {
    let sd = sd.max(0.3);
    (normal_cdf((b - 0.5 - mean) / sd) - normal_cdf((a - 0.5 - mean) / sd)).clamp(0.0, 1.0)
}

/// Poisson probabilities P(N = 0..n) with mean `mu`; the last entry holds the whole tail.
pub(crate) fn poisson(mu: f64, n: usize) -> Vec<f64> {
    let mut out = Vec::with_capacity(n + 1);
    let mut term = (-mu).exp();
    let mut total = 0.0;
    for k in 0..n {
        out.push(term);
        total += term;
        term *= mu / (k + 1) as f64;
    }
    out.push((1.0 - total).max(0.0));
    out
}

/// P(N ≤ k) for N Poisson with mean `mu`.
pub(crate) fn poisson_cdf(mu: f64, k: u32) -> f64 {
    let mut term = (-mu).exp();
    let mut total = term;
    for i in 1..=k {
        term *= mu / f64::from(i);
        total += term;
    }
    total.min(1.0)
}

/// SplitMix64: a fixed, well-mixed hash of a word, for noise that is a pure function of its
/// inputs (the same quote epoch always shows the same sizes).
pub(crate) fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Hashes several words into one.
pub(crate) fn mix_all(words: &[u64]) -> u64 {
    words.iter().fold(0x5EED, |acc, w| mix(acc ^ mix(*w)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normal_cdf_matches_known_values() {
        assert!((normal_cdf(0.0) - 0.5).abs() < 1e-7);
        assert!((normal_cdf(1.96) - 0.975).abs() < 1e-4);
        assert!((normal_cdf(-1.0) - 0.158_655).abs() < 1e-5);
    }

    #[test]
    fn poisson_probabilities_sum_to_one() {
        let p = poisson(2.7, 12);
        assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!((poisson_cdf(2.7, 1) - (p[0] + p[1])).abs() < 1e-12);
    }
}
