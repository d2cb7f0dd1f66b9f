//! Self-play and engine-vs-engine matches over UCI/UCCI with our rules layers as referee (under construction).
