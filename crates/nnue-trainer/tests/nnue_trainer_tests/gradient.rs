//! The sparse gradient (only active rows written, summed chunk by chunk) equals a dense
//! reference computed in f64 over every weight, which finite differences confirm in turn.

use game_api::SplitMix64;
use nnue::king_buckets::FeatureSet;
use nnue_trainer::gradient::Gradient;
use nnue_trainer::position::{TrainingPosition, MAX_ACTIVE};
use nnue_trainer::{FloatNet, Shape};

const LAMBDA: f32 = 0.4;

/// Random positions over `inputs` features: distinct features, piece counts across buckets.
fn positions(inputs: usize, n: usize, rng: &mut SplitMix64) -> Vec<TrainingPosition> {
    (0..n)
        .map(|_| {
            let count = 2 + rng.below(MAX_ACTIVE - 1);
            let mut pool: Vec<u16> = (0..inputs as u16).collect();
            rng.shuffle(&mut pool);
            let mut p = TrainingPosition {
                features: [[0; MAX_ACTIVE]; 2],
                count: count as u8,
                result: rng.below(3) as f32 / 2.0,
                score: rng.below(1200) as f32 - 600.0,
                game: 0,
            };
            p.features[0][..count].copy_from_slice(&pool[..count]);
            p.features[1][..count].copy_from_slice(&pool[count..2 * count]);
            p
        })
        .collect()
}

/// Every parameter in one vector, f64: ft, ft_bias, out, out_bias.
fn flat(net: &FloatNet) -> Vec<f64> {
    net.ft
        .iter()
        .chain(&net.ft_bias)
        .chain(&net.out)
        .chain(&net.out_bias)
        .map(|&w| f64::from(w))
        .collect()
}

/// The summed squared error over `ps`, written densely in f64 from the flat parameters: a
/// dense input vector per perspective, every weight visited.
fn dense_loss(shape: Shape, w: &[f64], ps: &[TrainingPosition]) -> f64 {
    let (n, h) = (shape.inputs, shape.hidden);
    let (ft, rest) = w.split_at(n * h);
    let (bias, rest) = rest.split_at(h);
    let (out, out_bias) = rest.split_at(shape.buckets * 2 * h);
    let mut total = 0.0;
    for p in ps {
        let b = shape.bucket(p.pieces());
        let mut y = out_bias[b];
        for (half, features) in [p.sides().0, p.sides().1].into_iter().enumerate() {
            let mut x = vec![0.0f64; n];
            for &f in features {
                x[usize::from(f)] = 1.0;
            }
            for j in 0..h {
                let a: f64 = bias[j] + (0..n).map(|i| x[i] * ft[i * h + j]).sum::<f64>();
                let c = a.clamp(0.0, 1.0);
                y += c * c * out[b * 2 * h + half * h + j];
            }
        }
        let s = 1.0 / (1.0 + (-y).exp());
        let e = s - f64::from(p.target(LAMBDA));
        total += e * e;
    }
    total
}

/// The dense analytic gradient of `dense_loss`, in f64, by the chain rule over every weight.
fn dense_gradient(shape: Shape, w: &[f64], ps: &[TrainingPosition]) -> Vec<f64> {
    let (n, h) = (shape.inputs, shape.hidden);
    let mut g = vec![0.0; w.len()];
    let (ft, rest) = w.split_at(n * h);
    let (bias, rest) = rest.split_at(h);
    let (out, out_bias) = rest.split_at(shape.buckets * 2 * h);
    let (o_bias, o_out, o_ob) = (n * h, n * h + h, n * h + h + shape.buckets * 2 * h);
    for p in ps {
        let b = shape.bucket(p.pieces());
        let sides = [p.sides().0, p.sides().1];
        let mut xs = vec![vec![0.0f64; n]; 2];
        let mut acts = vec![vec![0.0f64; h]; 2];
        let mut y = out_bias[b];
        for half in 0..2 {
            for &f in sides[half] {
                xs[half][usize::from(f)] = 1.0;
            }
            for j in 0..h {
                acts[half][j] = bias[j] + (0..n).map(|i| xs[half][i] * ft[i * h + j]).sum::<f64>();
                let c = acts[half][j].clamp(0.0, 1.0);
                y += c * c * out[b * 2 * h + half * h + j];
            }
        }
        let s = 1.0 / (1.0 + (-y).exp());
        let dy = 2.0 * (s - f64::from(p.target(LAMBDA))) * s * (1.0 - s);
        g[o_ob + b] += dy;
        for half in 0..2 {
            for j in 0..h {
                let a = acts[half][j];
                let c = a.clamp(0.0, 1.0);
                let wo = b * 2 * h + half * h + j;
                g[o_out + wo] += dy * c * c;
                let da = if a > 0.0 && a < 1.0 { dy * out[wo] * 2.0 * a } else { 0.0 };
                g[o_bias + j] += da;
                for i in 0..n {
                    g[i * h + j] += da * xs[half][i];
                }
            }
        }
    }
    g
}

#[test]
fn sparse_gradient_equals_the_dense_reference() {
    let shape = Shape::checked(FeatureSet::Plain, 80, 8, 3).expect("shape");
    let mut rng = SplitMix64::new(5);
    let mut net = FloatNet::random(shape, 9);
    // Larger feature weights, so that accumulators fall below 0, inside, and above 1.
    net.ft.iter_mut().for_each(|w| *w *= 3.0);
    let ps = positions(shape.inputs, 50, &mut rng);

    // As the trainer does it: chunks of positions, summed into a total in order.
    let mut total = Gradient::new(shape);
    for chunk in ps.chunks(16) {
        let mut part = Gradient::new(shape);
        for p in chunk {
            part.backward(&net, p, p.target(LAMBDA));
        }
        total.absorb(&mut part);
        assert!(part.touched.is_empty() && part.ft.iter().all(|&g| g == 0.0), "absorb clears");
    }
    let sparse = flat_gradient(&total);
    let w = flat(&net);
    let dense = dense_gradient(shape, &w, &ps);
    let scale = dense.iter().fold(0.0f64, |m, g| m.max(g.abs()));
    assert!(scale > 1e-3, "a degenerate test: no gradient");
    for (i, (s, d)) in sparse.iter().zip(&dense).enumerate() {
        assert!((s - d).abs() <= 1e-4 * scale, "parameter {i}: sparse {s}, dense {d}");
    }
    // The loss the gradient reports is the dense loss.
    let loss = dense_loss(shape, &w, &ps);
    assert!((total.loss - loss).abs() < 1e-4 * loss, "{} vs {loss}", total.loss);
    // Rows no position uses have no gradient and were never touched.
    let used: std::collections::BTreeSet<u16> =
        ps.iter().flat_map(|p| p.sides().0.iter().chain(p.sides().1).copied()).collect();
    let touched: std::collections::BTreeSet<u16> =
        total.touched.iter().map(|&f| f as u16).collect();
    assert_eq!(used, touched);

    // The dense reference itself against central differences, at a few weights of each kind.
    let eps = 1e-6;
    let ft_len = shape.inputs * shape.hidden;
    for &i in &[0, 5, 8 * 7 + 3, ft_len + 2, ft_len + 8 + 17, w.len() - 2, w.len() - 1] {
        let (mut up, mut down) = (w.clone(), w.clone());
        up[i] += eps;
        down[i] -= eps;
        let numeric = (dense_loss(shape, &up, &ps) - dense_loss(shape, &down, &ps)) / (2.0 * eps);
        assert!(
            (numeric - dense[i]).abs() <= 1e-5 + 1e-3 * dense[i].abs(),
            "weight {i}: {numeric} vs {}",
            dense[i]
        );
    }
}

fn flat_gradient(g: &Gradient) -> Vec<f64> {
    g.ft.iter().chain(&g.ft_bias).chain(&g.out).chain(&g.out_bias).map(|&w| f64::from(w)).collect()
}
