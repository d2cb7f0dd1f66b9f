//! `kientuong datagen-convert --in FILE --out FILE`: a position file (the datagen format before
//! game records) converted into game records (`datagen::convert`: consecutive positions a quiet
//! move links are chained into one record, so every position is kept, in order). The output is
//! written as `OUT.part` and renamed when complete, like datagen's.

use clap::Args;
use datagen::convert::{convert, ConvertStats};
use datagen::data_file::{open, DataFile};
use datagen::{DataError, Reader, RecordWriter};
use game_api::{Game, GameKind};
use std::fs::File;
use std::io::{BufReader, BufWriter};
use std::path::Path;

#[derive(Args)]
pub struct ConvertArgs {
    /// A position file ("KTDG").
    #[arg(long = "in")]
    input: String,
    /// The game-record file to write.
    #[arg(long)]
    out: String,
}

fn convert_as<G: Game>(
    reader: &mut Reader<BufReader<File>>,
    game: GameKind,
    input: &str,
    part: &str,
) -> Result<ConvertStats, DataError> {
    let out = BufWriter::new(File::create(part)?);
    let recipe = format!("kientuong datagen-convert from={input}");
    let mut w = RecordWriter::new(out, game, &recipe)?;
    let stats = convert::<G, _, _>(reader, &mut w)?;
    w.finish()?;
    Ok(stats)
}

pub fn run(args: &ConvertArgs) -> Result<(), String> {
    let input = &args.input;
    let mut reader = match open(Path::new(input)).map_err(|e| format!("{input}: {e}"))? {
        DataFile::Positions(r) => r,
        DataFile::Games(_) => return Err(format!("{input} holds game records already")),
    };
    let part = format!("{}.part", args.out);
    let name = Path::new(input).file_name().map_or(input.as_str(), |n| n.to_str().unwrap_or(""));
    let game = reader.game;
    let stats = match game {
        GameKind::Chess => convert_as::<movegen_chess::Chess>(&mut reader, game, name, &part),
        GameKind::Xiangqi => convert_as::<movegen_xiangqi::Xiangqi>(&mut reader, game, name, &part),
    }
    .map_err(|e| format!("{input}: {e}"))?;
    std::fs::rename(&part, &args.out).map_err(|e| format!("{part} -> {}: {e}", args.out))?;
    eprintln!(
        "datagen-convert: {} positions in {} game records -> {}",
        stats.positions, stats.records, args.out
    );
    Ok(())
}
