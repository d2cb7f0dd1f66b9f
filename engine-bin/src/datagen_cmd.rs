//! `kientuong datagen --game G --games N --nodes K --seed S [--net hand|embedded|FILE]
//! [--format records|ktdg] [--tb DIR [--tb-pieces N]] --out FILE`: self-play training data (see
//! the `datagen` crate for the games and the file formats), played with a net (the game's
//! embedded one by default) or the hand-written evaluation. Progress and the final
//! positions/s/thread go to stderr. With `--tb` (chess), a game ends at the first position the
//! Syzygy tables know, with their result.
//!
//! The file is written as `FILE.part` and renamed to `FILE` only once complete, so a file under
//! its final name is always whole and a stopped run of a recipe (`scripts/train-net.sh`) resumes
//! by making the files that are not there. Game records carry the recipe in their header
//! (`recipe_text`): every setting that changes the bytes, and the playing net's hash.

use crate::dispatch::{game_arg, GameKind};
use clap::{Args, ValueEnum};
use datagen::{Config, DrawRule, GameSettings, GameSink, RecordWriter, Summary, Writer};
use eval_chess::ChessEval;
use eval_xiangqi::XiangqiEval;
use game_api::{Evaluator, Game, Outcome, Wdl};
use movegen_chess::Chess;
use movegen_xiangqi::Xiangqi;
use nnue::{EvalSwitch, LoadError, Net, NnueGame};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::sync::Arc;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Game records: start FEN and 4 bytes a ply, filtered when read (the default).
    Records,
    /// Position files: a FEN per kept position (the format before records).
    Ktdg,
}

/// Which start positions a chess run's random plies begin from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Variant {
    /// The game's start position (the default).
    Standard,
    /// Chess960: one of the 960 start positions, the same for both sides.
    Fischerandom,
    /// Double Fischer Random: each side's back rank drawn on its own (960 × 960 starts).
    Dfrc,
}

impl Variant {
    /// The start FEN drawn from a random number, for [`GameSettings::start_fen`].
    fn start_fen(self) -> Option<fn(u64) -> Option<String>> {
        const STARTS: u64 = 960;
        match self {
            Variant::Standard => None,
            Variant::Fischerandom => {
                Some(|r| movegen_chess::chess960_start_fen((r % STARTS) as usize))
            }
            Variant::Dfrc => Some(|r| {
                let (white, black) = (r % STARTS, r / STARTS % STARTS);
                movegen_chess::dfrc_start_fen(white as usize, black as usize)
            }),
        }
    }
}

#[derive(Args)]
pub struct DatagenArgs {
    #[arg(long, value_parser = game_arg())]
    game: GameKind,
    /// Number of games to play.
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Node budget of every search.
    #[arg(long, default_value_t = 5000)]
    nodes: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (each plays its own games, one search thread each).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Hash per game's engine, MB.
    #[arg(long, default_value_t = 8)]
    hash: usize,
    /// Random plies from the start position (plus 0 or 1 more).
    #[arg(long, default_value_t = 8)]
    random_plies: usize,
    /// Openings scored beyond this many centipawns are drawn again.
    #[arg(long, default_value_t = 200)]
    opening_cp: i32,
    /// Adjudicate a win when both searches see this advantage for 6 plies; 0 disables.
    #[arg(long, default_value_t = 2000)]
    adjudicate_cp: i32,
    /// Score a game still going after this many plies a draw.
    #[arg(long, default_value_t = 600)]
    max_plies: usize,
    /// Draw adjudication: from this ply of the game on ...
    #[arg(long, default_value_t = DrawRule::DEFAULT.after)]
    draw_after: usize,
    /// ... this many searches in a row ... (0 turns draw adjudication off)
    #[arg(long, default_value_t = DrawRule::DEFAULT.plies)]
    draw_plies: usize,
    /// ... scoring within this many centipawns of level end the game drawn.
    #[arg(long, default_value_t = DrawRule::DEFAULT.cp)]
    draw_cp: i32,
    /// Start positions (chess only): standard, Chess960 or Double Fischer Random starts,
    /// followed by the random plies.
    #[arg(long, value_enum, default_value_t = Variant::Standard)]
    variant: Variant,
    /// File format.
    #[arg(long, value_enum, default_value_t = Format::Records)]
    format: Format,
    /// Output file (written as FILE.part, renamed when complete).
    #[arg(long)]
    out: String,
    /// The evaluation the games are played with: `hand` (the hand-written one), `embedded`
    /// (the game's embedded net, the default) or the path of a net file for this game.
    #[arg(long, default_value = "embedded")]
    net: String,
    /// Syzygy tablebases (chess): a game ends at the first position the tables know, with their
    /// result, its fifty-move clock counted (folders separated by ':', ';' on Windows).
    #[arg(long, value_name = "DIR")]
    tb: Option<String>,
    /// With --tb: only positions of at most this many pieces, kings included (default: as many
    /// as the largest tables have).
    #[arg(long, value_name = "N", requires = "tb", value_parser = clap::value_parser!(u32).range(3..))]
    tb_pieces: Option<u32>,
}

/// The tables of `--tb` and the most pieces of a position they end a game at.
struct TbTables {
    tables: syzygy::Tables,
    pieces: u32,
}

impl TbTables {
    fn open(args: &DatagenArgs) -> Result<Option<TbTables>, String> {
        let Some(path) = &args.tb else { return Ok(None) };
        if args.game != GameKind::Chess {
            return Err("--tb: Syzygy tablebases are for chess only".into());
        }
        let tables = syzygy::Tables::open(path).map_err(|e| match e {
            // It names the folder.
            syzygy::LoadError::Folder { .. } => format!("--tb: {e}"),
            syzygy::LoadError::NoTables { .. } => format!("--tb {path}: {e}"),
        })?;
        let pieces = args.tb_pieces.map_or(tables.max_pieces(), |n| n.min(tables.max_pieces()));
        eprintln!(
            "datagen: tablebases: {}; games end at positions of at most {pieces} pieces",
            tables.summary()
        );
        if tables.dtz_files() == 0 {
            eprintln!(
                "datagen: no DTZ tables, so only positions right after a capture or pawn move \
                 (fifty-move clock 0) end a game"
            );
        }
        Ok(Some(TbTables { tables, pieces }))
    }

    /// The game's outcome at `pos` as the tables know it: a cursed win or a blessed loss is a
    /// draw under the fifty-move rule.
    fn outcome(&self, pos: &Chess) -> Option<Outcome> {
        let side = pos.side_to_move();
        Some(match syzygy::game_result(&self.tables, pos, self.pieces)? {
            Wdl::Win => Outcome::Win(side),
            Wdl::Loss => Outcome::Win(!side),
            Wdl::Draw | Wdl::CursedWin | Wdl::BlessedLoss => Outcome::Draw,
        })
    }
}

/// The playing evaluation: `None` is the hand-written one; the name is what the recipe says
/// (`hand`, or the first 12 hex digits of the net file's SHA-256).
pub(crate) struct Player {
    pub(crate) net: Option<Arc<Net>>,
    pub(crate) name: String,
}

fn short_hash(bytes: &[u8]) -> String {
    let mut h = datagen::sha256::Sha256::new();
    h.update(bytes);
    h.hex()[..12].to_string()
}

/// The `--net` choice resolved for game `G`.
pub(crate) fn player_for<G: NnueGame>(
    choice: &str,
    embedded: fn() -> Result<Net, LoadError>,
    embedded_bytes: &[u8],
) -> Result<Player, String> {
    let (net, bytes) = match choice {
        "hand" => return Ok(Player { net: None, name: "hand".into() }),
        "embedded" => (
            embedded().map_err(|e| format!("embedded {} net: {e}", G::NAME))?,
            embedded_bytes.to_vec(),
        ),
        path => (
            Net::load::<G>(Path::new(path)).map_err(|e| format!("--net {path}: {e}"))?,
            std::fs::read(path).map_err(|e| format!("--net {path}: {e}"))?,
        ),
    };
    Ok(Player { net: Some(Arc::new(net)), name: short_hash(&bytes) })
}

/// The evaluator every datagen search starts from.
pub(crate) fn evaluator<G: NnueGame, H: Evaluator<G>>(net: Option<Arc<Net>>) -> EvalSwitch<G, H> {
    net.map_or_else(EvalSwitch::hand_written, EvalSwitch::nnue)
}

/// The settings that decide a file's bytes, as the header of a game-record file states them.
fn recipe_text(args: &DatagenArgs, config: &Config, net: &str, tb: Option<&TbTables>) -> String {
    let s = &config.settings;
    format!(
        "kientuong datagen game={} games={} seed={} nodes={} net={} random_plies={} \
         opening_cp={} adjudicate_cp={} max_plies={} draw={}/{}/{}",
        args.game.name(),
        config.games,
        config.seed,
        s.nodes,
        net,
        s.random_plies,
        s.opening_cp,
        s.adjudicate_cp,
        s.max_plies,
        s.draw.after,
        s.draw.plies,
        s.draw.cp,
    ) + match args.variant {
        // Standard runs keep the recipe text (and so the bytes) of the files made before.
        Variant::Standard => "",
        Variant::Fischerandom => " variant=fischerandom",
        Variant::Dfrc => " variant=dfrc",
    } + &tb.map_or(String::new(), |tb| format!(" tb={}", tb.pieces))
}

fn config_of(args: &DatagenArgs) -> Config {
    Config {
        games: args.games,
        threads: args.threads.max(1),
        seed: args.seed,
        hash_mb: args.hash.max(1),
        settings: GameSettings {
            nodes: args.nodes.max(1),
            random_plies: args.random_plies,
            opening_cp: args.opening_cp,
            adjudicate_cp: args.adjudicate_cp,
            max_plies: args.max_plies.max(1),
            draw: DrawRule { after: args.draw_after, cp: args.draw_cp, plies: args.draw_plies },
            start_fen: args.variant.start_fen(),
        },
    }
}

/// Plays the games of `config` with `player` into `sink`.
fn play(
    args: &DatagenArgs,
    config: &Config,
    player: &Player,
    tb: Option<&TbTables>,
    sink: &mut impl GameSink,
) -> Result<Summary, String> {
    match args.game {
        GameKind::Chess => {
            let eval = evaluator::<Chess, ChessEval>(player.net.clone());
            let probe = tb.map(|tb| move |pos: &Chess| tb.outcome(pos));
            let tablebase = probe.as_ref().map(|p| p as datagen::Tablebase<'_, Chess>);
            datagen::run_with(config, &eval, tablebase, sink)
        }
        GameKind::Xiangqi => {
            datagen::run(config, &evaluator::<Xiangqi, XiangqiEval>(player.net.clone()), sink)
        }
    }
}

pub fn run(args: &DatagenArgs) -> Result<(), String> {
    let config = config_of(args);
    let game = args.game;
    if game != GameKind::Chess && args.variant != Variant::Standard {
        return Err(format!("--variant {:?} is a chess variant", args.variant).to_lowercase());
    }
    let player = match game {
        GameKind::Chess => player_for::<Chess>(
            &args.net,
            nnue::games::chess::embedded,
            nnue::games::chess::EMBEDDED,
        )?,
        GameKind::Xiangqi => player_for::<Xiangqi>(
            &args.net,
            nnue::games::xiangqi::embedded,
            nnue::games::xiangqi::EMBEDDED,
        )?,
    };
    let tb = TbTables::open(args)?;
    let part = format!("{}.part", args.out);
    let file = File::create(&part).map_err(|e| format!("cannot create {part}: {e}"))?;
    let out = BufWriter::new(file);
    let fail = |e: std::io::Error| format!("{part}: {e}");
    let summary = match args.format {
        Format::Records => {
            let recipe = recipe_text(args, &config, &player.name, tb.as_ref());
            let mut w = RecordWriter::new(out, game, &recipe).map_err(fail)?;
            let summary = play(args, &config, &player, tb.as_ref(), &mut w)?;
            w.finish().map_err(fail)?;
            summary
        }
        Format::Ktdg => {
            let mut w = Writer::new(out, game).map_err(fail)?;
            let summary = play(args, &config, &player, tb.as_ref(), &mut w)?;
            w.into_inner().flush().map_err(fail)?;
            summary
        }
    };
    std::fs::rename(&part, &args.out).map_err(|e| format!("{part} -> {}: {e}", args.out))?;
    eprintln!(
        "datagen done: {} games, {} plies, {} positions in {:.1} s, {:.1} positions/s/thread ({} threads)",
        summary.games,
        summary.plies,
        summary.positions,
        summary.seconds,
        summary.positions_per_second_per_thread(config.threads),
        config.threads
    );
    if tb.is_some() {
        eprintln!(
            "datagen: {} of {} games ended by the tablebase",
            summary.tablebase_games, summary.games
        );
    }
    Ok(())
}
