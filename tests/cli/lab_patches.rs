//! Every patch the lab keeps (`lab/candidates/*.patch`, `lab/ablations/*.patch`) still applies
//! to the commit its first line names (`base: <commit>`, the rule of `lab/candidates/README.md`).
//! A patch without a base, with a base the history lacks, or that no longer applies to its base
//! fails here, naming the file: a patch is only worth keeping if a later session can apply it.
//!
//! Each check reads the base commit's tree into a throwaway index (`GIT_INDEX_FILE`) and runs
//! `git apply --cached --check` against it: no work tree, no checkout, so the whole folder takes
//! well under a second. Without git or the history (a shallow clone, an exported tree) nothing
//! can be checked: under CI (`CI` set) that is a failure, elsewhere a loud skip.

use std::path::{Path, PathBuf};
use std::process::Command;

const PATCH_DIRS: &[&str] = &["lab/candidates", "lab/ablations"];

#[test]
fn every_lab_patch_applies_to_its_base_commit() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    if let Err(why) = history_available(root) {
        let message = format!("lab patches not checked: {why}");
        assert!(std::env::var_os("CI").is_none(), "{message} (CI is set, so this fails)");
        eprintln!("SKIPPED: {message}");
        return;
    }
    let patches = lab_patches(root);
    assert!(!patches.is_empty(), "no patch found under {PATCH_DIRS:?}");

    let failures: Vec<String> = patches
        .iter()
        .enumerate()
        .filter_map(|(i, patch)| check_patch(root, patch, i).err())
        .collect();
    let listed = failures.join("\n");
    assert!(failures.is_empty(), "{} of {} patches:\n{listed}", failures.len(), patches.len());
}

/// Whether this checkout can answer "does the patch apply to commit C": git runs, the root is
/// a repository, and its history is whole.
fn history_available(root: &Path) -> Result<(), String> {
    let shallow = git(root, &["rev-parse", "--is-shallow-repository"], None)
        .map_err(|e| format!("git does not answer in {} ({e})", root.display()))?;
    match shallow.trim() {
        "false" => Ok(()),
        "true" => {
            Err("the clone is shallow; fetch its whole history (`git fetch --unshallow`)".into())
        }
        other => Err(format!("unexpected `git rev-parse --is-shallow-repository`: {other}")),
    }
}

fn lab_patches(root: &Path) -> Vec<PathBuf> {
    let mut patches = Vec::new();
    for dir in PATCH_DIRS {
        let entries =
            std::fs::read_dir(root.join(dir)).unwrap_or_else(|e| panic!("cannot list {dir}: {e}"));
        for entry in entries {
            let path = entry.unwrap_or_else(|e| panic!("cannot list {dir}: {e}")).path();
            if path.extension().is_some_and(|e| e == "patch") {
                patches.push(path);
            }
        }
    }
    patches.sort();
    patches
}

/// Checks one patch; the error names the file and says what is wrong.
fn check_patch(root: &Path, patch: &Path, serial: usize) -> Result<(), String> {
    let name = patch.strip_prefix(root).unwrap_or(patch).display().to_string();
    let text = std::fs::read_to_string(patch).map_err(|e| format!("{name}: cannot read: {e}"))?;
    let base = base_of(&text).map_err(|e| format!("{name}: {e}"))?;
    let commit =
        git(root, &["rev-parse", "--verify", "--quiet", &format!("{base}^{{commit}}")], None)
            .map_err(|_| format!("{name}: base {base} is not a commit of this repository"))?;

    let index = std::env::temp_dir()
        .join(format!("kientuong-lab-patch-{}-{serial}.index", std::process::id()));
    let checked = git(root, &["read-tree", commit.trim()], Some(&index))
        .and_then(|_| {
            let patch = patch.to_string_lossy();
            git(root, &["apply", "--cached", "--check", &patch], Some(&index))
        })
        .map_err(|e| format!("{name}: does not apply to its base {base}: {e}"));
    let _ = std::fs::remove_file(&index);
    checked.map(|_| ())
}

/// The commit of a patch's first line, `base: <7 to 40 hex digits>`.
fn base_of(text: &str) -> Result<&str, String> {
    let first = text.lines().next().unwrap_or("");
    let base = first
        .strip_prefix("base:")
        .map(str::trim)
        .ok_or_else(|| format!("first line is `{first}`, not `base: <commit>`"))?;
    let hex = base.len() >= 7 && base.len() <= 40 && base.chars().all(|c| c.is_ascii_hexdigit());
    if hex {
        Ok(base)
    } else {
        Err(format!("`{base}` is not a commit hash (7 to 40 hex digits)"))
    }
}

/// Runs git in `root` (with its own index file when `index` is given); stdout, or stderr as
/// the error.
fn git(root: &Path, args: &[&str], index: Option<&Path>) -> Result<String, String> {
    let mut command = Command::new("git");
    command.arg("-C").arg(root).args(args);
    if let Some(index) = index {
        command.env("GIT_INDEX_FILE", index);
    }
    let output = command.output().map_err(|e| format!("cannot run git: {e}"))?;
    if output.status.success() {
        Ok(String::from_utf8_lossy(&output.stdout).into_owned())
    } else {
        Err(String::from_utf8_lossy(&output.stderr).trim().to_owned())
    }
}

#[test]
fn a_base_line_must_name_a_commit_hash() {
    assert_eq!(base_of("base: e4e5430\ndiff --git a/x b/x\n"), Ok("e4e5430"));
    assert!(base_of("diff --git a/x b/x\n").is_err());
    assert!(base_of("base: main\n").is_err());
    assert!(base_of("base: e4e54\n").is_err());
}
