# The UCI_Elo anchors of one game from scripts/calibrate-elo.sh's measured pairs (used by it,
# not run alone). Input rows: level, rung (the peer's UCI_Elo, or @M for our level M),
# Elo difference, its error. Output rows: level, Elo, rising in both.
# - A level's Elo is its rung plus its difference, or level M's Elo plus it.
# - A pair with an infinite error (0 % or 100 %) measures nothing and is left out.
# - Levels measured out of order within their error bars are pooled (pool-adjacent-violators,
#   equal weights): their mean Elo at their mean level, rounded down, until the scale rises.
$4 == "inf" || $4 ~ /nan/ {
  print "calibrate-elo: level " $1 " against " $2 " measured nothing (an infinite error: a score at or near 0 % or 100 %); left out" > "/dev/stderr"
  next
}
{ n++; level[n] = $1; rung[n] = $2; diff[n] = $3 }
END {
  # Self-play rows lean on levels measured against the peer, maybe through other self-play rows.
  for (pass = 0; pass < n; pass++)
    for (i = 1; i <= n; i++) {
      if (i in elo) continue
      if (rung[i] !~ /^@/) { elo[i] = rung[i] + diff[i]; continue }
      m = substr(rung[i], 2)
      for (j = 1; j <= n; j++) if (level[j] == m && (j in elo)) elo[i] = elo[j] + diff[i]
    }
  k = 0
  for (i = 1; i <= n; i++) if (i in elo) { k++; lv[k] = level[i]; el[k] = elo[i] }
  for (i = 2; i <= k; i++)
    for (j = i; j > 1 && lv[j - 1] > lv[j]; j--) {
      t = lv[j]; lv[j] = lv[j - 1]; lv[j - 1] = t
      t = el[j]; el[j] = el[j - 1]; el[j - 1] = t
    }
  # Blocks of (sum of levels, sum of Elo, count), merged while the Elo does not rise.
  b = 0
  for (i = 1; i <= k; i++) {
    b++; sl[b] = lv[i]; se[b] = el[i]; c[b] = 1
    while (b > 1 && se[b - 1] / c[b - 1] >= se[b] / c[b]) {
      sl[b - 1] += sl[b]; se[b - 1] += se[b]; c[b - 1] += c[b]; b--
    }
  }
  for (i = 1; i <= b; i++) printf "%d %d\n", int(sl[i] / c[i]), int(se[i] / c[i] + 0.5)
}
