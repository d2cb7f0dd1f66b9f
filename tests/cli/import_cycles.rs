//! No import cycles between the files of one crate.
//!
//! Reads every `.rs` file under `crates/*/src`, `engine-bin/src` and `src`, builds each crate's
//! module tree from its `mod x;` lines, and maps every `use` (`crate::…`, `super::…`, `self::…`,
//! or a child module's name) to the file that defines the module it names. Two files that reach
//! each other through such edges form a cycle, and the test names them.
//!
//! What counts as an edge, and why:
//! - a `use` of a module that is not inside the using file's own module (a parent's `pub use
//!   child::X` is how Rust re-exports, so parent → descendant edges are left out; a child's
//!   `use super::X` counts);
//! - not the `use` lines of `#[cfg(test)]` items: a unit test may borrow a sibling's helper;
//! - not paths written inside expressions (`crate::a::f()`): only `use` lines.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Cycles known to exist, each as its files (relative to the repository root, sorted). Expected
/// to be empty: an entry is a debt, listed so that the test guards every other file meanwhile.
const KNOWN_CYCLES: &[&[&str]] = &[];

#[test]
fn no_import_cycle_between_the_files_of_a_crate() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut roots = Vec::new();
    for src in source_dirs(root) {
        for name in ["lib.rs", "main.rs"] {
            let file = src.join(name);
            if file.is_file() {
                roots.push(file);
            }
        }
    }
    assert!(roots.len() > 10, "found only {} crate roots under {}", roots.len(), root.display());

    let known: BTreeSet<Vec<String>> =
        KNOWN_CYCLES.iter().map(|c| c.iter().map(|f| f.to_string()).collect()).collect();
    let mut found = BTreeSet::new();
    let mut failures = Vec::new();
    for crate_root in &roots {
        let graph = Graph::of_crate(crate_root);
        for cycle in graph.cycles() {
            let files: Vec<String> = cycle.iter().map(|f| relative(root, f)).collect();
            if known.contains(&files) {
                found.insert(files);
                continue;
            }
            let mut text = format!("import cycle between {}:", files.join(", "));
            for from in &cycle {
                for to in graph.edges.get(from).into_iter().flatten() {
                    if cycle.contains(to) {
                        text +=
                            &format!("\n    {} uses {}", relative(root, from), relative(root, to));
                    }
                }
            }
            failures.push(text);
        }
    }
    for stale in known.difference(&found) {
        // Not a failure, so that the branch that removes a cycle need not edit this file.
        eprintln!("note: the known cycle {stale:?} is gone; remove it from KNOWN_CYCLES");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A cycle the test must see, so that a broken reader cannot pass by finding nothing.
#[test]
fn the_reader_finds_a_planted_cycle() {
    let dir = std::env::temp_dir().join(format!("kientuong-cycles-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("a")).unwrap();
    let write = |name: &str, text: &str| fs::write(dir.join(name), text).unwrap();
    write("lib.rs", "mod a;\nmod b;\npub use a::X;\n");
    write("a.rs", "mod inner;\nuse crate::b::{self, Y as Z};\npub struct X;\n");
    write("a/inner.rs", "use super::super::b::Y;\n#[cfg(test)]\nmod tests { use crate::b::Y; }\n");
    write(
        "b.rs",
        "// use crate::a; in a comment\nconst S: &str = \"use crate::a;\";\npub struct Y;\n\
         #[cfg(test)]\nmod tests {\n    use super::*;\n    use crate::a::X;\n}\n",
    );
    let graph = Graph::of_crate(&dir.join("lib.rs"));
    assert!(graph.cycles().is_empty(), "{:?}", graph.edges);
    write("b.rs", "use crate::a::inner::*;\npub struct Y;\n");
    let cycles = Graph::of_crate(&dir.join("lib.rs")).cycles();
    let _ = fs::remove_dir_all(&dir);
    assert_eq!(cycles.len(), 1, "{cycles:?}");
    assert_eq!(cycles[0], BTreeSet::from([dir.join("a/inner.rs"), dir.join("b.rs")]));
}

fn source_dirs(root: &Path) -> Vec<PathBuf> {
    let mut dirs = vec![root.join("src"), root.join("engine-bin/src")];
    let mut crates: Vec<PathBuf> = fs::read_dir(root.join("crates"))
        .expect("crates/")
        .map(|e| e.expect("dir entry").path().join("src"))
        .filter(|p| p.is_dir())
        .collect();
    crates.sort();
    dirs.extend(crates);
    dirs
}

fn relative(root: &Path, file: &Path) -> String {
    file.strip_prefix(root).unwrap_or(file).to_string_lossy().replace('\\', "/")
}

/// One crate's files and the `use` edges between them.
struct Graph {
    /// Module path (from the crate root) → the file that defines it.
    modules: BTreeMap<Vec<String>, PathBuf>,
    /// File → the files its `use` lines reach.
    edges: BTreeMap<PathBuf, BTreeSet<PathBuf>>,
}

/// A `use` path, absolute from the crate root, seen in `file`.
struct UsePath {
    file: PathBuf,
    path: Vec<String>,
}

impl Graph {
    fn of_crate(root_file: &Path) -> Graph {
        let mut modules = BTreeMap::new();
        let mut uses = Vec::new();
        let mut todo = vec![(root_file.to_path_buf(), Vec::<String>::new())];
        while let Some((file, module)) = todo.pop() {
            let Ok(text) = fs::read_to_string(&file) else { continue };
            modules.insert(module.clone(), file.clone());
            let dir = child_dir(&file);
            let items = read_items(&strip(&text));
            for m in &items.file_mods {
                let (mut path, mut at) = (module.clone(), dir.clone());
                for part in m {
                    path.push(part.clone());
                    at = at.join(part);
                }
                let flat = at.with_extension("rs");
                let nested = at.join("mod.rs");
                let child = if flat.is_file() { flat } else { nested };
                todo.push((child, path));
            }
            for (scope, path) in items.uses {
                let mut scope_path = module.clone();
                scope_path.extend(scope);
                uses.push((file.clone(), scope_path, path));
            }
        }
        // Resolve once every module is known (a relative `use` names a child module).
        let mut resolved = Vec::new();
        for (file, scope, path) in uses {
            if let Some(abs) = absolute(&scope, &path, &modules) {
                resolved.push(UsePath { file, path: abs });
            }
        }
        let file_module: BTreeMap<PathBuf, Vec<String>> =
            modules.iter().map(|(m, f)| (f.clone(), m.clone())).collect();
        let mut edges: BTreeMap<PathBuf, BTreeSet<PathBuf>> = BTreeMap::new();
        for u in resolved {
            let target_module =
                (0..=u.path.len()).rev().map(|n| &u.path[..n]).find(|p| modules.contains_key(*p));
            let Some(target_module) = target_module else { continue };
            let own = &file_module[&u.file];
            if target_module.starts_with(own) {
                continue; // itself, or a descendant: ownership and re-exports, not a cycle
            }
            edges.entry(u.file).or_default().insert(modules[target_module].clone());
        }
        Graph { modules, edges }
    }

    /// Every strongly connected set of more than one file.
    fn cycles(&self) -> Vec<BTreeSet<PathBuf>> {
        let files: Vec<&PathBuf> = self.modules.values().collect();
        let reach = |from: &PathBuf| -> BTreeSet<PathBuf> {
            let mut seen = BTreeSet::new();
            let mut stack = vec![from.clone()];
            while let Some(f) = stack.pop() {
                for to in self.edges.get(&f).into_iter().flatten() {
                    if seen.insert(to.clone()) {
                        stack.push(to.clone());
                    }
                }
            }
            seen
        };
        let reaches: BTreeMap<&PathBuf, BTreeSet<PathBuf>> =
            files.iter().map(|f| (*f, reach(f))).collect();
        let mut out: Vec<BTreeSet<PathBuf>> = Vec::new();
        for f in &files {
            let scc: BTreeSet<PathBuf> = files
                .iter()
                .filter(|g| reaches[*f].contains(**g) && reaches[**g].contains(*f))
                .map(|g| (*g).clone())
                .collect();
            if scc.len() > 1 && !out.contains(&scc) {
                out.push(scc);
            }
        }
        out
    }
}

/// Where the files of `file`'s child modules live.
fn child_dir(file: &Path) -> PathBuf {
    let dir = file.parent().expect("a file has a directory").to_path_buf();
    match file.file_name().and_then(|n| n.to_str()) {
        Some("lib.rs" | "main.rs" | "mod.rs") => dir,
        _ => dir.join(file.file_stem().expect("a file has a stem")),
    }
}

/// `path` as written in a `use` in module `scope`, made absolute; `None` for another crate's.
fn absolute(
    scope: &[String],
    path: &[String],
    modules: &BTreeMap<Vec<String>, PathBuf>,
) -> Option<Vec<String>> {
    let first = path.first()?;
    let mut out = match first.as_str() {
        "crate" => return Some(path[1..].to_vec()),
        "self" | "super" => scope.to_vec(),
        _ => {
            let mut local = scope.to_vec();
            local.push(first.clone());
            if !modules.contains_key(&local) {
                return None; // another crate (or an item of std)
            }
            scope.to_vec()
        }
    };
    let mut rest = path;
    while let Some(seg) = rest.first() {
        match seg.as_str() {
            "self" => {}
            "super" => {
                out.pop();
            }
            _ => break,
        }
        rest = &rest[1..];
    }
    out.extend(rest.iter().cloned());
    Some(out)
}

/// Rust source with comments, string and char literals blanked out (so braces and `use` in them
/// are not read), lifetimes kept.
fn strip(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < c.len() {
        let at = |k: usize| c.get(k).copied().unwrap_or('\0');
        if c[i] == '/' && at(i + 1) == '/' {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if c[i] == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c[i] == 'r'
            && (at(i + 1) == '"' || (at(i + 1) == '#' && matches!(at(i + 2), '"' | '#')))
            && !(i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_'))
        {
            let mut hashes = 0;
            i += 1;
            while at(i) == '#' {
                hashes += 1;
                i += 1;
            }
            i += 1; // the opening quote
            while i < c.len() {
                if c[i] == '"' && (1..=hashes).all(|k| at(i + k) == '#') {
                    i += 1 + hashes;
                    break;
                }
                i += 1;
            }
            out.push_str("\"\"");
        } else if c[i] == '"' {
            i += 1;
            while i < c.len() && c[i] != '"' {
                i += if c[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if c[i] == '\'' && (at(i + 1) == '\\' || at(i + 2) == '\'') {
            i += 1;
            while i < c.len() && c[i] != '\'' {
                i += if c[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("' '");
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

/// What a file declares: its `mod x;` (as paths, for `mod x;` inside an inline `mod a { … }`)
/// and its `use` paths, each with the inline module it is written in.
#[derive(Default)]
struct Items {
    file_mods: Vec<Vec<String>>,
    uses: Vec<(Vec<String>, Vec<String>)>,
}

fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let c: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < c.len() {
        if c[i].is_alphanumeric() || c[i] == '_' {
            let start = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            out.push(c[start..i].iter().collect());
        } else if c[i] == ':' && c.get(i + 1) == Some(&':') {
            out.push("::".into());
            i += 2;
        } else {
            if !c[i].is_whitespace() {
                out.push(c[i].to_string());
            }
            i += 1;
        }
    }
    out
}

fn read_items(text: &str) -> Items {
    let t = tokens(text);
    let mut items = Items::default();
    // Inline modules we are in: (name, brace depth inside it, is it test-only).
    let mut inline: Vec<(String, usize, bool)> = Vec::new();
    let mut depth = 0usize;
    let mut test_attr = false;
    let mut i = 0;
    while i < t.len() {
        match t[i].as_str() {
            "#" if t.get(i + 1).map(String::as_str) == Some("[") => {
                let mut level = 0;
                let start = i;
                while i < t.len() {
                    match t[i].as_str() {
                        "[" => level += 1,
                        "]" => {
                            level -= 1;
                            if level == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    i += 1;
                }
                let attr = t[start..i].concat();
                if attr.starts_with("#[cfg(test)") || attr.starts_with("#[cfg(all(test") {
                    test_attr = true;
                }
            }
            "{" => {
                depth += 1;
                test_attr = false;
            }
            "}" => {
                if inline.last().is_some_and(|m| m.1 == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
                test_attr = false;
            }
            ";" => test_attr = false,
            "mod"
                if t.get(i + 1)
                    .is_some_and(|n| n.chars().all(|c| c.is_alphanumeric() || c == '_')) =>
            {
                let name = t[i + 1].clone();
                match t.get(i + 2).map(String::as_str) {
                    Some(";") => {
                        let mut path: Vec<String> = inline.iter().map(|m| m.0.clone()).collect();
                        path.push(name);
                        items.file_mods.push(path);
                        test_attr = false;
                        i += 2;
                    }
                    Some("{") => {
                        let test = test_attr || inline.last().is_some_and(|m| m.2);
                        depth += 1;
                        inline.push((name, depth, test));
                        test_attr = false;
                        i += 2;
                    }
                    _ => {}
                }
            }
            "use" => {
                let end = (i..t.len()).find(|&k| t[k] == ";").unwrap_or(t.len());
                let in_test = test_attr || inline.last().is_some_and(|m| m.2);
                if !in_test {
                    let scope: Vec<String> = inline.iter().map(|m| m.0.clone()).collect();
                    let mut paths = Vec::new();
                    use_tree(&t[i + 1..end], &[], &mut paths);
                    for p in paths {
                        items.uses.push((scope.clone(), p));
                    }
                }
                test_attr = false;
                i = end;
            }
            _ => {}
        }
        i += 1;
    }
    items
}

/// Expands a use tree (`a::b::{c, d::e as f, self}`) into its paths, prefixed by `prefix`.
fn use_tree(t: &[String], prefix: &[String], out: &mut Vec<Vec<String>>) {
    let mut path = prefix.to_vec();
    let mut i = 0;
    while i < t.len() {
        match t[i].as_str() {
            "::" => {}
            "{" => {
                // Split the group at top-level commas.
                let mut level = 0;
                let mut start = i + 1;
                for k in i..t.len() {
                    match t[k].as_str() {
                        "{" => level += 1,
                        "}" => {
                            level -= 1;
                            if level == 0 {
                                use_tree(&t[start..k], &path, out);
                                return;
                            }
                        }
                        "," if level == 1 => {
                            use_tree(&t[start..k], &path, out);
                            start = k + 1;
                        }
                        _ => {}
                    }
                }
                return;
            }
            "as" | "*" => break,
            "self" if !path.is_empty() => {}
            seg => path.push(seg.to_string()),
        }
        i += 1;
    }
    if !path.is_empty() {
        out.push(path);
    }
}
