//! `kientuong bench [--threads T] [--hash MB] [--depth D]` (the search issue fills this in).

use clap::Args;

#[derive(Args)]
pub struct BenchArgs {
    #[arg(long, default_value_t = 1)]
    threads: usize,
    #[arg(long, default_value_t = 16)]
    hash: usize,
    #[arg(long)]
    depth: Option<u32>,
}

pub fn run(args: &BenchArgs) -> Result<(), String> {
    let _ = (args.threads, args.hash, args.depth);
    Err("bench is not available yet: the search is not built".to_owned())
}
