//! Writes tuned values into a `weights.rs` source text: each listed field's line of the
//! `WEIGHTS` literal is replaced, everything else (comments, integer weights, layout) is kept.

use game_api::S;

fn pair(s: S) -> String {
    format!("S({}, {})", s.0, s.1)
}

/// `source` with the fields of `fields` (in flat order, `values` likewise) and `tempo`
/// replaced inside `pub const WEIGHTS: Weights = Weights { … };`. Each field must sit on one
/// line there, as `    name: value,`.
pub fn write_weights(
    source: &str,
    fields: &[(&str, usize)],
    values: &[S],
    tempo: i32,
) -> Result<String, String> {
    let start = source
        .find("pub const WEIGHTS: Weights = Weights {")
        .ok_or("no `pub const WEIGHTS` literal")?;
    let (head, body) = source.split_at(start);
    let mut found = vec![false; fields.len()];
    let mut tempo_found = false;
    let mut out = String::from(head);
    let mut offsets = Vec::with_capacity(fields.len());
    let mut at = 0;
    for (_, n) in fields {
        offsets.push(at);
        at += n;
    }
    if at != values.len() {
        return Err(format!("{} values for {} weights", values.len(), at));
    }
    for line in body.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let indent = &line[..line.len() - trimmed.len()];
        let name = trimmed.split(':').next().unwrap_or("");
        if let Some(i) = fields.iter().position(|(f, _)| *f == name) {
            let (_, n) = fields[i];
            let vals = &values[offsets[i]..offsets[i] + n];
            let text = if trimmed.starts_with(&format!("{name}: [")) {
                format!("[{}]", vals.iter().map(|&s| pair(s)).collect::<Vec<_>>().join(", "))
            } else if n == 1 {
                pair(vals[0])
            } else {
                return Err(format!("field {name} is not a one-line array"));
            };
            out.push_str(&format!("{indent}{name}: {text},\n"));
            found[i] = true;
        } else if name == "tempo" {
            out.push_str(&format!("{indent}tempo: {tempo},\n"));
            tempo_found = true;
        } else {
            out.push_str(line);
        }
    }
    if let Some(i) = found.iter().position(|f| !f) {
        return Err(format!("field {} not found in the WEIGHTS literal", fields[i].0));
    }
    if !tempo_found {
        return Err("field tempo not found in the WEIGHTS literal".into());
    }
    Ok(out)
}
