//! The tuned parameters in OpenBench's SPSA input format, one per line:
//! `name, int|float, value, min, max, c_end, r_end`. The same format is printed at the end so the
//! result can be pasted back (into a new run, or by hand into the engine's constants); the state
//! file embeds these lines too, so a resumed run can check it tunes the same thing.

use super::error::SpsaError;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Sent to the engine rounded to the nearest integer.
    Int,
    Float,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// The engine's option name (`setoption name <name> value …`).
    pub name: String,
    pub kind: Kind,
    /// The starting value.
    pub start: f64,
    pub min: f64,
    pub max: f64,
    /// Perturbation size at the last iteration.
    pub c_end: f64,
    /// Learning rate at the last iteration (OpenBench's `r_end`; `a_end = r_end * c_end²`).
    pub r_end: f64,
}

impl Param {
    pub fn clamp(&self, v: f64) -> f64 {
        v.clamp(self.min, self.max)
    }

    /// The value as the engine receives it.
    pub fn option_value(&self, v: f64) -> String {
        match self.kind {
            Kind::Int => format!("{}", self.clamp(v).round() as i64),
            Kind::Float => format!("{}", self.clamp(v)),
        }
    }

    /// This parameter as a params-file line, with `value` in place of the start.
    pub fn line_with(&self, value: f64) -> String {
        let kind = match self.kind {
            Kind::Int => "int",
            Kind::Float => "float",
        };
        format!(
            "{}, {kind}, {}, {}, {}, {}, {}",
            self.name,
            self.option_value(value),
            number_text(self.min),
            number_text(self.max),
            number_text(self.c_end),
            number_text(self.r_end)
        )
    }
}

/// Whole numbers without a fraction, others in Rust's shortest round-trip form.
fn number_text(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{v}")
    }
}

/// Parses params text; `source` names it in errors (a path, or "the state file").
pub fn parse(text: &str, source: &str) -> Result<Vec<Param>, SpsaError> {
    let mut out: Vec<Param> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |why: String| SpsaError::Params(format!("{source}: line {}: {why}", i + 1));
        let p = parse_line(line).map_err(at)?;
        if out.iter().any(|q| q.name == p.name) {
            return Err(at(format!("'{}' is listed twice", p.name)));
        }
        out.push(p);
    }
    if out.is_empty() {
        return Err(SpsaError::Params(format!("{source}: no parameters")));
    }
    Ok(out)
}

fn parse_line(line: &str) -> Result<Param, String> {
    let fields: Vec<&str> = line.split(',').map(str::trim).collect();
    let [name, kind, value, min, max, c_end, r_end] = fields.as_slice() else {
        return Err(format!(
            "'{line}' has {} fields; expected name, int|float, value, min, max, c_end, r_end",
            fields.len()
        ));
    };
    if name.is_empty() {
        return Err("the name is empty".into());
    }
    let kind = match *kind {
        "int" => Kind::Int,
        "float" => Kind::Float,
        other => return Err(format!("type '{other}' is not int or float")),
    };
    let num = |what: &str, text: &str| -> Result<f64, String> {
        match text.parse::<f64>() {
            Ok(v) if v.is_finite() => Ok(v),
            _ => Err(format!("{what} '{text}' is not a number")),
        }
    };
    let p = Param {
        name: (*name).to_owned(),
        kind,
        start: num("value", value)?,
        min: num("min", min)?,
        max: num("max", max)?,
        c_end: num("c_end", c_end)?,
        r_end: num("r_end", r_end)?,
    };
    if p.min >= p.max {
        return Err(format!("min {} is not below max {}", p.min, p.max));
    }
    if !(p.min..=p.max).contains(&p.start) {
        return Err(format!("value {} is outside [{}, {}]", p.start, p.min, p.max));
    }
    if p.c_end <= 0.0 || p.r_end <= 0.0 {
        return Err("c_end and r_end must be positive".into());
    }
    Ok(p)
}

/// Reads and parses a params file.
pub fn read(path: &std::path::Path) -> Result<Vec<Param>, SpsaError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| SpsaError::Params(format!("cannot read {}: {e}", path.display())))?;
    parse(&text, &path.display().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_int_and_float_lines_and_prints_them_back() {
        let ps = parse("# comment\nRFP_MARGIN, int, 75, 20, 200, 8, 0.002\n\nX, float, 0.5, 0, 1, 0.05, 0.002\n", "t")
            .unwrap();
        assert_eq!(ps.len(), 2);
        assert_eq!((ps[0].name.as_str(), ps[0].kind, ps[0].start), ("RFP_MARGIN", Kind::Int, 75.0));
        assert_eq!(ps[0].line_with(81.6), "RFP_MARGIN, int, 82, 20, 200, 8, 0.002");
        assert_eq!(ps[1].line_with(0.25), "X, float, 0.25, 0, 1, 0.05, 0.002");
        assert_eq!(parse(&ps[0].line_with(81.6), "t").unwrap()[0].start, 82.0);
        assert_eq!(ps[0].option_value(500.0), "200");
    }

    #[test]
    fn bad_lines_are_refused_with_the_line_number() {
        for (text, needle) in [
            ("A, int, 1, 0, 10, 1", "6 fields"),
            ("A, long, 1, 0, 10, 1, 0.1", "'long'"),
            ("A, int, x, 0, 10, 1, 0.1", "value 'x'"),
            ("A, int, 11, 0, 10, 1, 0.1", "outside"),
            ("A, int, 1, 10, 0, 1, 0.1", "not below"),
            ("A, int, 1, 0, 10, 0, 0.1", "positive"),
            ("A, int, 1, 0, 10, 1, 0.1\nA, int, 1, 0, 10, 1, 0.1", "line 2: 'A' is listed twice"),
            ("# nothing", "no parameters"),
        ] {
            let e = parse(text, "p.txt").unwrap_err().to_string();
            assert!(e.contains(needle) && e.contains("p.txt"), "{text}: {e}");
        }
    }
}
