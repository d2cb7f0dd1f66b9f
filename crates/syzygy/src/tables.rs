//! Finding and opening the table files of a `SyzygyPath`, and the three probes everything else
//! is made of. Files are memory-mapped, not read: a full 7-piece set is 17 TB.

use game_api::Wdl;
use shakmaty_syzygy::{AmbiguousWdl, Dtz, MaybeRounded, SyzygyError, Tablebase};
use std::fmt;
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The first bytes of a WDL (`.rtbw`) and a DTZ (`.rtbz`) table file.
const WDL_MAGIC: [u8; 4] = [0x71, 0xe8, 0x23, 0x5d];
const DTZ_MAGIC: [u8; 4] = [0xd7, 0x66, 0x0c, 0xa5];

/// The separator of folders in `SyzygyPath`, as Stockfish reads it.
#[cfg(windows)]
pub const PATH_SEPARATOR: char = ';';
#[cfg(not(windows))]
pub const PATH_SEPARATOR: char = ':';

/// Why a `SyzygyPath` gave no tables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadError {
    /// A folder that does not exist, is not a folder, or cannot be listed.
    Folder { path: PathBuf, reason: String },
    /// The folders hold no usable table; `skipped` says what was refused and why.
    NoTables { skipped: Vec<String> },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Folder { path, reason } => write!(f, "{}: {reason}", path.display()),
            LoadError::NoTables { skipped } if skipped.is_empty() => {
                write!(f, "no Syzygy table files (*.rtbw, *.rtbz) found")
            }
            LoadError::NoTables { skipped } => {
                write!(f, "no usable Syzygy table; refused: {}", skipped.join("; "))
            }
        }
    }
}

impl std::error::Error for LoadError {}

/// The tables of one `SyzygyPath`.
pub struct Tables {
    tb: Tablebase<shakmaty::Chess>,
    wdl_files: usize,
    dtz_files: usize,
    /// Files that looked like tables but were refused, each with the reason.
    skipped: Vec<String>,
}

impl fmt::Debug for Tables {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tables {{ {} }}", self.summary())
    }
}

impl Tables {
    /// Opens every table in the folders of `spec` (separated by [`PATH_SEPARATOR`]; empty
    /// parts are ignored). A folder that cannot be listed fails the whole path, so that a typo
    /// is not hidden behind another folder's tables; a damaged file is left out and named in
    /// [`Tables::skipped`].
    pub fn open(spec: &str) -> Result<Tables, LoadError> {
        // SAFETY: the maps are read-only views of the table files, which must not change while
        // the engine runs (the contract of every engine that maps them, Stockfish's too). Why
        // maps: a probe then costs no system call (measured in the crate's README).
        #[allow(unsafe_code)]
        let tb = unsafe { Tablebase::with_mmap_filesystem() };
        let mut tables = Tables { tb, wdl_files: 0, dtz_files: 0, skipped: Vec::new() };
        for folder in spec.split(PATH_SEPARATOR).map(str::trim).filter(|s| !s.is_empty()) {
            tables.add_folder(Path::new(folder))?;
        }
        if tables.wdl_files + tables.dtz_files == 0 {
            return Err(LoadError::NoTables { skipped: tables.skipped });
        }
        Ok(tables)
    }

    fn add_folder(&mut self, folder: &Path) -> Result<(), LoadError> {
        let fail = |reason: String| LoadError::Folder { path: folder.to_path_buf(), reason };
        if !folder.exists() {
            return Err(fail("no such folder".into()));
        }
        if !folder.is_dir() {
            return Err(fail("not a folder".into()));
        }
        let entries = std::fs::read_dir(folder).map_err(|e| fail(format!("cannot list: {e}")))?;
        let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for path in paths {
            let magic = match path.extension().and_then(|e| e.to_str()) {
                Some("rtbw") => WDL_MAGIC,
                Some("rtbz") => DTZ_MAGIC,
                _ => continue,
            };
            let name =
                path.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            match self.add_file(&path, magic) {
                Ok(()) if magic == WDL_MAGIC => self.wdl_files += 1,
                Ok(()) => self.dtz_files += 1,
                Err(reason) => self.skipped.push(format!("{name}: {reason}")),
            }
        }
        Ok(())
    }

    /// Checks the file's magic bytes (a damaged header is refused here, not mid-search), then
    /// hands it to the prober, which checks its name and size.
    fn add_file(&mut self, path: &Path, magic: [u8; 4]) -> Result<(), String> {
        let mut head = [0u8; 4];
        File::open(path)
            .and_then(|mut f| f.read_exact(&mut head))
            .map_err(|e| format!("cannot read: {e}"))?;
        if head != magic {
            return Err("not a Syzygy table (wrong magic bytes)".into());
        }
        self.tb.add_file(path).map_err(|e| match e.kind() {
            std::io::ErrorKind::InvalidInput => "not a table name (like KQvKR.rtbw)".to_string(),
            _ => e.to_string(),
        })
    }

    /// The most pieces, kings included, of any table found.
    pub fn max_pieces(&self) -> u32 {
        self.tb.max_pieces() as u32
    }

    pub fn wdl_files(&self) -> usize {
        self.wdl_files
    }

    pub fn dtz_files(&self) -> usize {
        self.dtz_files
    }

    pub fn skipped(&self) -> &[String] {
        &self.skipped
    }

    /// What was found, for an `info string`.
    pub fn summary(&self) -> String {
        let mut text = format!(
            "{} tables ({} WDL, {} DTZ) up to {} pieces",
            self.wdl_files + self.dtz_files,
            self.wdl_files,
            self.dtz_files,
            self.max_pieces()
        );
        if !self.skipped.is_empty() {
            text.push_str(&format!("; refused: {}", self.skipped.join("; ")));
        }
        text
    }

    /// WDL of a position reached by a capture or pawn move (its fifty-move clock read as 0).
    pub fn wdl_after_zeroing(&self, pos: &shakmaty::Chess) -> Result<Wdl, SyzygyError> {
        self.tb.probe_wdl_after_zeroing(pos).map(wdl_of)
    }

    /// WDL with the position's fifty-move clock counted: needs the DTZ table; `None` inside
    /// the one ply that DTZ rounding leaves ambiguous.
    pub fn wdl(&self, pos: &shakmaty::Chess) -> Result<Option<Wdl>, SyzygyError> {
        self.tb.probe_wdl(pos).map(|w: AmbiguousWdl| w.unambiguous().map(wdl_of))
    }

    /// Distance to zeroing in plies: positive when the side to move wins (counting the zeroing
    /// move), negative when it loses, 0 in a draw; beyond ±100 the fifty-move rule draws.
    pub fn dtz(&self, pos: &shakmaty::Chess) -> Result<i32, SyzygyError> {
        self.tb.probe_dtz(pos).map(|d: MaybeRounded<Dtz>| d.ignore_rounding().0)
    }
}

fn wdl_of(w: shakmaty_syzygy::Wdl) -> Wdl {
    match w {
        shakmaty_syzygy::Wdl::Loss => Wdl::Loss,
        shakmaty_syzygy::Wdl::BlessedLoss => Wdl::BlessedLoss,
        shakmaty_syzygy::Wdl::Draw => Wdl::Draw,
        shakmaty_syzygy::Wdl::CursedWin => Wdl::CursedWin,
        shakmaty_syzygy::Wdl::Win => Wdl::Win,
    }
}
