# OpenBench builds an engine with `make -j EXE=<Name>-<sha8>` in the engine's build directory
# (here, the repository root), adding `EVALFILE=<absolute path>` when a test uses a network, and
# then expects the binary at exactly $(EXE). This makefile is that entry point; everything else
# is cargo. It needs only cargo (>= 1.87) and make, and works from a clean clone.
#
#   make                       release engine at ./kientuong, for this machine's CPU
#   make EXE=kientuong-1a2b3c4d
#   make EXE=... EVALFILE=/abs/path/net.bin

EXE ?= kientuong

# Built for the CPU it runs on, like C engines' ARCH=native. `.cargo/config.toml` says the same,
# but a RUSTFLAGS in the environment replaces the config's flags, so it is set here too (and a
# RUSTFLAGS given on the command line or in the environment still wins).
RUSTFLAGS ?= -C target-cpu=native
export RUSTFLAGS

# EVALFILE: accepted and exported to the build, so that OpenBench's command line works. The
# nets are embedded by `include_bytes!` from crates/nnue/nets/ and no build script reads
# EVALFILE, so it changes nothing: a test's own net reaches the engine as the EvalFile option.
EVALFILE ?=
export EVALFILE

CARGO ?= cargo
# Where cargo puts its output: `target/` unless the environment moves it.
TARGET_DIR := $(or $(CARGO_TARGET_DIR),target)

.PHONY: all clean

all:
	$(CARGO) build --release -p engine-bin
	cp -f $(TARGET_DIR)/release/kientuong $(EXE)

# Removes the copied binary only; `cargo clean` removes the build itself.
clean:
	rm -f $(EXE)
