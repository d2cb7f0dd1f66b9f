//! One generic search: iterative deepening PVS, transposition table, Lazy SMP, time management (under construction).
