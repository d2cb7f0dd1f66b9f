#!/usr/bin/env python3
"""Peak resident memory of named processes: every half second, reads VmHWM (the kernel's own
high-water mark of the process's RSS, so short peaks between samples are not missed) of every
process whose executable name is one of NAMES, and keeps the largest per name in TABLE
(`name<TAB>peak_kib`, rewritten whole; peaks already in it are kept).

    rss_sampler.py TABLE NAME…
"""
import os
import sys
import time


def read_table(path):
    peaks = {}
    try:
        with open(path) as f:
            for line in f:
                name, _, kib = line.strip().partition("\t")
                if kib.isdigit():
                    peaks[name] = int(kib)
    except FileNotFoundError:
        pass
    return peaks


def write_table(path, peaks):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        for name in sorted(peaks):
            f.write(f"{name}\t{peaks[name]}\n")
    os.replace(tmp, path)


def sample(names):
    seen = {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/status") as f:
                status = f.read()
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        name = fields.get("Name", "").strip()
        hwm = fields.get("VmHWM", "").split()
        if name in names and hwm and hwm[0].isdigit():
            seen[name] = max(seen.get(name, 0), int(hwm[0]))
    return seen


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    path, names = sys.argv[1], set(n[:15] for n in sys.argv[2:])  # /proc Name is 15 bytes
    peaks = read_table(path)
    while True:
        changed = False
        for name, kib in sample(names).items():
            if kib > peaks.get(name, 0):
                peaks[name] = kib
                changed = True
        if changed:
            write_table(path, peaks)
        time.sleep(0.5)


if __name__ == "__main__":
    main()
