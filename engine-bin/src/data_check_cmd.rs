//! `kientuong data-check --manifest M --dir D`: checks the data files a manifest lists (see
//! `datagen::manifest`) against what `D` holds, prints `missing PATH` / `altered PATH` for each
//! file that is not there with the listed bytes, and fails if any is. With `--write PATH…` it
//! writes the manifest of those files (paths relative to `D`) instead, reading each through so
//! a damaged or truncated file is refused rather than listed.

use crate::stdout::say;
use clap::Args;
use datagen::manifest::{check, entry_for, parse, write};
use std::path::Path;

#[derive(Args)]
pub struct DataCheckArgs {
    /// The manifest file.
    #[arg(long)]
    manifest: String,
    /// The data folder the manifest's paths are relative to.
    #[arg(long)]
    dir: String,
    /// Write the manifest of these files (relative to --dir) instead of checking.
    #[arg(long, num_args = 1..)]
    write: Option<Vec<String>>,
}

pub fn run(args: &DataCheckArgs) -> Result<(), String> {
    let dir = Path::new(&args.dir);
    if let Some(files) = &args.write {
        let entries = files
            .iter()
            .map(|f| entry_for(dir, f).map_err(|e| format!("{f}: {e}")))
            .collect::<Result<Vec<_>, String>>()?;
        write_whole(Path::new(&args.manifest), &write(&entries))
            .map_err(|e| format!("{}: {e}", args.manifest))?;
        say!("wrote {} ({} files)", args.manifest, entries.len());
        return Ok(());
    }
    let text =
        std::fs::read_to_string(&args.manifest).map_err(|e| format!("{}: {e}", args.manifest))?;
    let entries = parse(&text).map_err(|e| format!("{}: {e}", args.manifest))?;
    let problems = check(&entries, dir);
    for p in &problems {
        say!("{p}");
    }
    if problems.is_empty() {
        say!("ok: {} files", entries.len());
        Ok(())
    } else {
        Err(format!("{} of {} files missing or altered", problems.len(), entries.len()))
    }
}

/// Writes `text` to a temporary file beside `path`, flushed to disk, then renames it over `path`:
/// a manifest is either the old one or the new one, never half of the new one.
fn write_whole(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = std::path::PathBuf::from(tmp);
    let mut file = std::fs::File::create(&tmp)?;
    file.write_all(text.as_bytes())?;
    file.sync_all()?;
    std::fs::rename(&tmp, path)
}
