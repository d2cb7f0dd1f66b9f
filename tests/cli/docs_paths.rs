//! The docs say true things about the tree, in the two ways that rot silently when code moves:
//! - every subcommand `kientuong --help` lists is named in `README.md` and
//!   `docs/ARCHITECTURE.md` (as `` `NAME` `` or a `` `kientuong NAME …` `` span);
//! - every repository path written in backticks in the pages below exists.
//!
//! A backticked word is taken for a repository path when it holds a `/` and starts with a
//! top-level entry of the repository (`crates/`, `lab/`, …) or ends in the extension of a file
//! kind the repository keeps (`.rs`, `.md`, …: a page that writes `session/input.rs` meant a
//! file of this tree). Words of a command line count one by one, and `VAR=path` counts as its
//! path. A `:line` suffix is dropped; `*`, `<placeholder>` and `{a,b}` are patterns that must
//! match at least one entry.

use kientuong_suite::kientuong_bin;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The pages whose backticked paths are checked.
const PAGES: &[&str] = &["README.md", "CONTRIBUTING.md", "lab/README.md"];
/// Every `docs/*.md` is checked too.
const DOCS_DIR: &str = "docs";
/// The pages that must name every subcommand.
const SUBCOMMAND_PAGES: &[&str] = &["README.md", "docs/ARCHITECTURE.md"];
/// The kinds of file the repository keeps: a word ending so is meant as one of its files.
const FILE_KINDS: &[&str] = &[
    "rs", "md", "sh", "py", "toml", "epd", "tsv", "nnue", "manifest", "patch", "state", "pgn",
    "params", "txt", "lock",
];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(page: &str) -> String {
    std::fs::read_to_string(root().join(page)).unwrap_or_else(|e| panic!("cannot read {page}: {e}"))
}

/// The text between each pair of single backticks on a line.
fn backticked(text: &str) -> Vec<&str> {
    text.lines()
        .flat_map(|line| line.split('`').skip(1).step_by(2))
        .filter(|span| !span.is_empty())
        .collect()
}

/// The subcommands `kientuong --help` lists, without `help` itself.
fn subcommands() -> Vec<String> {
    let out = Command::new(kientuong_bin()).arg("--help").output().expect("run kientuong --help");
    assert!(out.status.success(), "kientuong --help failed");
    let help = String::from_utf8_lossy(&out.stdout).into_owned();
    let listed: Vec<String> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_owned)
        .collect();
    assert!(listed.len() > 5, "too few subcommands read from the help:\n{help}");
    listed
}

#[test]
fn every_subcommand_is_named_in_the_readme_and_the_architecture() {
    let names = subcommands();
    let mut missing = Vec::new();
    for page in SUBCOMMAND_PAGES {
        let text = read(page);
        let spans = backticked(&text);
        for name in &names {
            let invoked = format!("kientuong {name}");
            let named = spans.iter().any(|span| {
                *span == name
                    || *span == invoked
                    || span.strip_prefix(&invoked).is_some_and(|rest| rest.starts_with(' '))
            });
            if !named {
                missing.push(format!("{page}: `{name}`"));
            }
        }
    }
    assert!(missing.is_empty(), "subcommands the docs do not name:\n{}", missing.join("\n"));
}

#[test]
fn every_backticked_repository_path_exists() {
    let mut pages: Vec<String> = PAGES.iter().map(|p| p.to_string()).collect();
    let docs = std::fs::read_dir(root().join(DOCS_DIR)).expect("list docs/");
    for entry in docs {
        let path = entry.expect("list docs/").path();
        if path.extension().is_some_and(|e| e == "md") {
            let name = path.file_name().expect("a file name").to_string_lossy();
            pages.push(format!("{DOCS_DIR}/{name}"));
        }
    }
    pages.sort();

    let top_level = top_level_entries();
    let (mut checked, mut broken) = (0, Vec::new());
    for page in &pages {
        for span in backticked(&read(page)) {
            for word in span.split_whitespace() {
                let Some(path) = repository_path(word, &top_level) else { continue };
                checked += 1;
                if !exists(&path) {
                    broken.push(format!("{page}: `{path}` (in `{span}`)"));
                }
            }
        }
    }
    assert!(checked > 50, "only {checked} paths found in {pages:?}: is the reading broken?");
    assert!(broken.is_empty(), "paths that do not exist:\n{}", broken.join("\n"));
}

fn top_level_entries() -> Vec<String> {
    let entries = std::fs::read_dir(root()).expect("list the repository root");
    let mut names: Vec<String> = entries
        .map(|e| e.expect("list the repository root").file_name().to_string_lossy().into_owned())
        .filter(|name| !name.starts_with('.') && name != "target")
        .collect();
    names.sort();
    names
}

/// The repository path a word of a backticked span stands for, if it stands for one.
fn repository_path(word: &str, top_level: &[String]) -> Option<String> {
    let word = word.rsplit('=').next().unwrap_or(word);
    let word = word.split(':').next().unwrap_or(word);
    let word = word.trim_end_matches([',', ';', '.', ')']).trim_start_matches('(');
    // `$VAR/…`, `~/…`, `/…` and `./…` are not paths from the repository's root.
    if word.starts_with(['$', '~', '/', '.']) {
        return None;
    }
    let (first, _) = word.split_once('/')?;
    let extension = word.rsplit_once('.').map(|(_, e)| e).unwrap_or("");
    let is_path = top_level.iter().any(|t| t == first) || FILE_KINDS.contains(&extension);
    is_path.then(|| word.to_owned())
}

/// Whether a path, perhaps a pattern, names at least one entry of the tree.
fn exists(path: &str) -> bool {
    brace_alternatives(path).iter().any(|p| matches_somewhere(root(), p.trim_end_matches('/')))
}

/// `a.{x,y}` as `a.x` and `a.y` (one brace group; a path with none is itself).
fn brace_alternatives(path: &str) -> Vec<String> {
    let (Some(open), Some(close)) = (path.find('{'), path.find('}')) else {
        return vec![path.to_owned()];
    };
    if close < open {
        return vec![path.to_owned()];
    }
    path[open + 1..close]
        .split(',')
        .map(|alt| format!("{}{alt}{}", &path[..open], &path[close + 1..]))
        .collect()
}

fn matches_somewhere(dir: &Path, path: &str) -> bool {
    let (component, rest) = match path.split_once('/') {
        Some((c, r)) => (c, Some(r)),
        None => (path, None),
    };
    let pattern = placeholders_as_stars(component);
    let candidates: Vec<PathBuf> = if pattern.contains('*') {
        match std::fs::read_dir(dir) {
            Ok(entries) => entries
                .filter_map(Result::ok)
                .filter(|e| wildcard_match(&pattern, &e.file_name().to_string_lossy()))
                .map(|e| e.path())
                .collect(),
            Err(_) => Vec::new(),
        }
    } else {
        vec![dir.join(component)]
    };
    candidates.iter().any(|c| match rest {
        Some(rest) if !rest.is_empty() => c.is_dir() && matches_somewhere(c, rest),
        _ => c.exists(),
    })
}

/// `<game>.manifest` as `*.manifest`.
fn placeholders_as_stars(component: &str) -> String {
    let mut out = String::new();
    let mut inside = false;
    for c in component.chars() {
        match c {
            '<' => {
                inside = true;
                out.push('*');
            }
            '>' if inside => inside = false,
            _ if inside => {}
            _ => out.push(c),
        }
    }
    out
}

/// `*` matches any run of characters; everything else matches itself.
fn wildcard_match(pattern: &str, name: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == name,
        Some((head, tail)) => {
            let Some(after) = name.strip_prefix(head) else { return false };
            (0..=after.len())
                .filter(|&i| after.is_char_boundary(i))
                .any(|i| wildcard_match(tail, &after[i..]))
        }
    }
}

#[test]
fn the_path_reader_sees_paths_and_patterns_as_meant() {
    let top = top_level_entries();
    assert_eq!(repository_path("INIT=lab/nets/x.nnue", &top).as_deref(), Some("lab/nets/x.nnue"));
    assert_eq!(repository_path("crates/a/src/b.rs:17", &top).as_deref(), Some("crates/a/src/b.rs"));
    assert_eq!(repository_path("session/input.rs", &top).as_deref(), Some("session/input.rs"));
    assert_eq!(repository_path("~/.cache/kientuong", &top), None);
    assert_eq!(repository_path("--game", &top), None);
    assert!(exists("crates/nnue/nets/<game>.nnue"));
    assert!(exists("tests/protocol/*.rs"));
    assert!(exists("lab/matches/chess-net6b-vs-net5.{state,pgn}"));
    assert!(!exists("crates/nnue/nets/<game>.nosuchkind"));
    assert!(!exists("session/input.rs"));
    assert!(wildcard_match("a*b*c", "aXbYc") && !wildcard_match("a*b", "ab_"));
}
