//! UCI and UCCI command parsing and output formatting; no threads, no game logic (under construction).
