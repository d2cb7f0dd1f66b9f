//! The sparse gradient of a batch. A position touches about 30 of the 768 (chess) or 1260
//! (xiangqi) feature rows; the gradient keeps a full-size row buffer but remembers which rows
//! it touched, so adding gradients together, the Adam step and the clearing afterwards visit
//! only those rows. The small dense parts (biases, output weights) are kept whole.
//!
//! Everything is allocated in [`Gradient::new`]; `backward`, `absorb` and `clear` allocate
//! nothing.

use crate::float_net::FloatNet;
use crate::position::{sigmoid, TrainingPosition};
use crate::shape::Shape;

pub struct Gradient {
    pub shape: Shape,
    /// `inputs × hidden`; rows not in `touched` are zero.
    pub ft: Vec<f32>,
    /// Rows with a (possibly) non-zero gradient, in the order first touched.
    pub touched: Vec<u32>,
    marked: Vec<bool>,
    pub ft_bias: Vec<f32>,
    pub out: Vec<f32>,
    pub out_bias: Vec<f32>,
    /// Sum of the squared errors of the positions added.
    pub loss: f64,
    /// Scratch: both accumulators, and the gradient reaching one of them.
    acc: Vec<f32>,
    g_acc: Vec<f32>,
}

impl Gradient {
    pub fn new(shape: Shape) -> Gradient {
        let h = shape.hidden;
        Gradient {
            shape,
            ft: vec![0.0; shape.inputs * h],
            touched: Vec::with_capacity(shape.inputs),
            marked: vec![false; shape.inputs],
            ft_bias: vec![0.0; h],
            out: vec![0.0; shape.buckets * 2 * h],
            out_bias: vec![0.0; shape.buckets],
            loss: 0.0,
            acc: vec![0.0; 2 * h],
            g_acc: vec![0.0; h],
        }
    }

    /// Feature `f`'s gradient row, recorded as touched.
    #[inline]
    fn touch(&mut self, f: usize) -> &mut [f32] {
        mark(&mut self.marked, &mut self.touched, f);
        let start = self.shape.row_start(f);
        &mut self.ft[start..start + self.shape.hidden]
    }

    /// Adds the gradient of one position's squared error `(sigmoid(out) − target)²`.
    pub fn backward(&mut self, net: &FloatNet, p: &TrainingPosition, target: f32) {
        let h = self.shape.hidden;
        let bucket = self.shape.bucket(p.pieces());
        let out = net.forward(p, &mut self.acc);
        let s = sigmoid(out);
        let err = s - target;
        self.loss += f64::from(err * err);
        let g = 2.0 * err * s * (1.0 - s);
        self.out_bias[bucket] += g;
        let weights = net.out_weights(bucket);
        let (us, them) = p.sides();
        for (half, features) in [us, them].into_iter().enumerate() {
            let range = half * h..(half + 1) * h;
            let grad_out = &mut self.out[bucket * 2 * h..][range.clone()];
            for (((go, ga), &x), &w) in grad_out
                .iter_mut()
                .zip(&mut self.g_acc)
                .zip(&self.acc[range.clone()])
                .zip(&weights[range])
            {
                let c = x.clamp(0.0, 1.0);
                *go += g * c * c;
                // d(c²)/dx = 2x inside the clip, 0 outside it.
                *ga = if x > 0.0 && x < 1.0 { g * w * 2.0 * x } else { 0.0 };
            }
            for (b, ga) in self.ft_bias.iter_mut().zip(&self.g_acc) {
                *b += ga;
            }
            for &f in features {
                let f = usize::from(f);
                mark(&mut self.marked, &mut self.touched, f);
                let start = self.shape.row_start(f);
                for (w, ga) in self.ft[start..start + h].iter_mut().zip(&self.g_acc) {
                    *w += ga;
                }
            }
        }
    }

    /// Adds `other` into `self` and clears `other`. Gradients are summed in the order the
    /// caller absorbs them, so a fixed order gives the same sums whatever ran them.
    pub fn absorb(&mut self, other: &mut Gradient) {
        let h = self.shape.hidden;
        for i in 0..other.touched.len() {
            let f = other.touched[i] as usize;
            let start = self.shape.row_start(f);
            let src = &mut other.ft[start..start + h];
            let dst = self.touch(f);
            for (d, s) in dst.iter_mut().zip(src.iter_mut()) {
                *d += *s;
                *s = 0.0;
            }
            other.marked[f] = false;
        }
        other.touched.clear();
        for (dst, src) in [
            (&mut self.ft_bias, &mut other.ft_bias),
            (&mut self.out, &mut other.out),
            (&mut self.out_bias, &mut other.out_bias),
        ] {
            for (d, s) in dst.iter_mut().zip(src.iter_mut()) {
                *d += *s;
                *s = 0.0;
            }
        }
        self.loss += other.loss;
        other.loss = 0.0;
    }

    /// Back to zero, visiting only the touched rows.
    pub fn clear(&mut self) {
        let h = self.shape.hidden;
        for &f in &self.touched {
            let start = self.shape.row_start(f as usize);
            self.ft[start..start + h].fill(0.0);
            self.marked[f as usize] = false;
        }
        self.touched.clear();
        self.ft_bias.fill(0.0);
        self.out.fill(0.0);
        self.out_bias.fill(0.0);
        self.loss = 0.0;
    }
}

/// Records row `f` as touched (once).
#[inline(always)]
fn mark(marked: &mut [bool], touched: &mut Vec<u32>, f: usize) {
    if !marked[f] {
        marked[f] = true;
        touched.push(f as u32);
    }
}
