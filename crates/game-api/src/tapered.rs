//! The (middlegame, endgame) pair that both hand-written evaluations are built from, and the
//! coefficient trace they expose to the tuner.
//!
//! A tapered evaluation is linear in its pair weights: each term adds `n` times a weight to the
//! side's sum, and the game phase blends the two halves. [`EvalTrace`] records those `n` per
//! weight, so a tuner can compute the evaluation as a dot product and its gradient exactly.

/// A middlegame / endgame pair of centipawn values, blended by the game phase.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct S(pub i32, pub i32);

impl S {
    /// The blend `(mg * phase + eg * (total - phase)) / total`, rounding toward zero; `phase`
    /// is clamped to `0..=total`.
    #[inline]
    pub const fn blend(self, phase: i32, total: i32) -> i32 {
        let phase = if phase > total {
            total
        } else if phase < 0 {
            0
        } else {
            phase
        };
        (self.0 * phase + self.1 * (total - phase)) / total
    }
}

impl std::ops::Add for S {
    type Output = S;
    #[inline]
    fn add(self, o: S) -> S {
        S(self.0 + o.0, self.1 + o.1)
    }
}
impl std::ops::Sub for S {
    type Output = S;
    #[inline]
    fn sub(self, o: S) -> S {
        S(self.0 - o.0, self.1 - o.1)
    }
}
impl std::ops::AddAssign for S {
    #[inline]
    fn add_assign(&mut self, o: S) {
        *self = *self + o;
    }
}
impl std::ops::SubAssign for S {
    #[inline]
    fn sub_assign(&mut self, o: S) {
        *self = *self - o;
    }
}
impl std::ops::Mul<i32> for S {
    type Output = S;
    #[inline]
    fn mul(self, k: i32) -> S {
        S(self.0 * k, self.1 * k)
    }
}

/// A weights field as its pairs: one [`S`], or an array of them. What [`weight_list!`] reads.
pub trait Pairs {
    /// The field's pairs, in order.
    fn pairs(&self) -> &[S];
}

impl Pairs for S {
    fn pairs(&self) -> &[S] {
        std::slice::from_ref(self)
    }
}

impl<const N: usize> Pairs for [S; N] {
    fn pairs(&self) -> &[S] {
        self
    }
}

/// Declares an evaluation's flat weight list from one line per field of its `Weights` struct:
/// `OFFSET_CONST: field_name, pairs;`. It defines `FIELDS` (`(field name, number of pairs)` in
/// flat order: the index a term reports to a [`TermSink`], and the names the tuner writes back),
/// `COUNT`, one `pub const OFFSET_CONST: usize` per field (its first index), `field(w, name)`
/// (the pairs of the field called `name`) and `values(w)` (every pair in flat order).
#[macro_export]
macro_rules! weight_list {
    ($weights:ty { $($offset:ident: $field:ident, $pairs:expr;)* }) => {
        /// `(field of Weights, number of pairs)`, in flat order.
        pub const FIELDS: &[(&str, usize)] = &[$((stringify!($field), $pairs)),*];

        /// The number of pair weights in the list.
        pub const COUNT: usize = $crate::weight_count(FIELDS);

        $(
            #[doc = concat!("The first index of `", stringify!($field), "`.")]
            pub const $offset: usize = $crate::weight_offset(FIELDS, stringify!($field));
        )*

        /// The pairs of one field of `w`, by name (empty for an unknown name).
        pub fn field<'a>(w: &'a $weights, name: &str) -> &'a [$crate::S] {
            match name {
                $(stringify!($field) => $crate::Pairs::pairs(&w.$field),)*
                _ => &[],
            }
        }

        /// The current pair weights in flat order.
        pub fn values(w: &$weights) -> Vec<$crate::S> {
            FIELDS.iter().flat_map(|(name, _)| field(w, name).iter().copied()).collect()
        }
    };
}

/// The index of the first weight of the field `name` in a flat weight list given as
/// `(field name, number of pairs)` in order. Evaluated at compile time, so a misspelt name is a
/// build error (a panic in const evaluation).
pub const fn weight_offset(list: &[(&str, usize)], name: &str) -> usize {
    let mut offset = 0;
    let mut i = 0;
    while i < list.len() {
        if str_eq(list[i].0, name) {
            return offset;
        }
        offset += list[i].1;
        i += 1;
    }
    panic!("no such weight field")
}

/// The number of pairs in a flat weight list.
pub const fn weight_count(list: &[(&str, usize)]) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < list.len() {
        n += list[i].1;
        i += 1;
    }
    n
}

const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Where an evaluation's terms go. The evaluation calls `add` with the weight's index in the
/// game's flat weight list and its current value; the summing sink uses the value, the tracing
/// sink the index. One code path therefore serves the engine and the tuner.
pub trait TermSink {
    /// `n` times the pair weight number `id`, whose current value is `value`.
    fn add(&mut self, id: usize, value: S, n: i32);
    /// A term that is not linear in a pair weight (chess king danger), already valued.
    fn fixed(&mut self, value: S);
}

/// Sums the terms: what the engine's evaluation uses.
#[derive(Clone, Copy, Debug, Default)]
pub struct TermSum(pub S);

impl TermSink for TermSum {
    #[inline(always)]
    fn add(&mut self, _id: usize, value: S, n: i32) {
        self.0 += value * n;
    }
    #[inline(always)]
    fn fixed(&mut self, value: S) {
        self.0 += value;
    }
}

/// The coefficients of one position's evaluation, White's (Red's) point of view:
/// `mg = Σ coef[i] * weight[i].mg + fixed.mg` (likewise eg), blended by `phase` out of
/// `phase_total`, plus `tempo` times `stm_sign` (+1 White to move, -1 Black).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EvalTrace {
    /// How many times each weight (by its index in the flat weight list) was added, net of
    /// the two sides.
    pub coef: Vec<i32>,
    /// The sum of the terms that are not tuned (structural constants, quadratic terms).
    pub fixed: S,
    /// The game phase the halves are blended by.
    pub phase: i32,
    /// The phase of a full board (`phase` is clamped to `0..=phase_total`).
    pub phase_total: i32,
    /// +1 when White (Red) is to move, -1 otherwise: the sign of the tempo term.
    pub stm_sign: i32,
    /// Sign applied by the sink to the side whose terms are being added (+1 White, -1 Black).
    pub side_sign: i32,
}

impl EvalTrace {
    /// An empty trace for an evaluation with `weights` pair weights.
    pub fn new(weights: usize) -> EvalTrace {
        EvalTrace { coef: vec![0; weights], side_sign: 1, ..EvalTrace::default() }
    }

    /// The evaluation, White's point of view, for the given pair weights and tempo, with the
    /// engine's integer arithmetic: equal to the engine's evaluation when `weights` are its own.
    pub fn white_eval(&self, weights: &[S], tempo: i32) -> i32 {
        let mut s = self.fixed;
        for (c, w) in self.coef.iter().zip(weights) {
            s += *w * *c;
        }
        s.blend(self.phase, self.phase_total) + tempo * self.stm_sign
    }
}

impl TermSink for EvalTrace {
    fn add(&mut self, id: usize, _value: S, n: i32) {
        if let Some(c) = self.coef.get_mut(id) {
            *c += self.side_sign * n;
        }
    }
    fn fixed(&mut self, value: S) {
        self.fixed += value * self.side_sign;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blend_clamps_and_rounds_toward_zero() {
        assert_eq!(S(100, 0).blend(12, 24), 50);
        assert_eq!(S(100, 0).blend(30, 24), 100);
        assert_eq!(S(-7, 0).blend(1, 2), -3);
    }

    #[test]
    fn offsets_follow_the_list() {
        const LIST: &[(&str, usize)] = &[("a", 3), ("bb", 1), ("c", 2)];
        assert_eq!(weight_offset(LIST, "a"), 0);
        assert_eq!(weight_offset(LIST, "bb"), 3);
        assert_eq!(weight_offset(LIST, "c"), 4);
        assert_eq!(weight_count(LIST), 6);
    }

    #[test]
    fn trace_and_sum_agree() {
        let weights = [S(10, 20), S(-3, 5)];
        let mut sum = TermSum::default();
        let mut trace = EvalTrace::new(2);
        for sink in [&mut sum as &mut dyn TermSink, &mut trace] {
            sink.add(0, weights[0], 3);
            sink.add(1, weights[1], -2);
            sink.fixed(S(4, -4));
        }
        trace.phase = 5;
        trace.phase_total = 8;
        trace.stm_sign = -1;
        assert_eq!(trace.white_eval(&weights, 7), sum.0.blend(5, 8) - 7);
    }
}
