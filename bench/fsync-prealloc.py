#!/usr/bin/env python3
"""What a small append + `fdatasync` costs on this disk, per way of growing the file (issue 13).

Usage: python3 bench/fsync-prealloc.py DIR [ROUNDS]   (DIR on the disk to measure)

Six cases, each 1,500 appends of a 120-byte record, each followed by one `fdatasync`, in ROUNDS
interleaved rounds (median printed): the file grows with each append; the file was first filled
with 4 MiB of zeros (what the segment log does); or `posix_fallocate`d; each with and without a
48-byte head record rewritten at offset 0 or 512 in turn before the sync (the segment log's).
"""
import os
import statistics
import sys
import time

APPENDS = 1500


def run(directory, prealloc, head):
    path = os.path.join(directory, "fsync-prealloc-test")
    if os.path.exists(path):
        os.remove(path)
    fd = os.open(path, os.O_RDWR | os.O_CREAT)
    if prealloc == "zeros":
        os.pwrite(fd, b"\0" * (4 << 20), 0)
        os.fsync(fd)
    elif prealloc == "fallocate":
        os.posix_fallocate(fd, 0, 4 << 20)
        os.fsync(fd)
    record, at = b"x" * 120, 4096
    started = time.time()
    for i in range(APPENDS):
        os.pwrite(fd, record, at)
        at += len(record)
        if head:
            os.pwrite(fd, i.to_bytes(8, "little") * 6, (i % 2) * 512)
        os.fdatasync(fd)
    elapsed = time.time() - started
    os.close(fd)
    os.remove(path)
    return APPENDS / elapsed


def main():
    directory, rounds = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 5
    cases = [(f"{name}{' + head record' if head else ''}", prealloc, head) for name, prealloc in [("grows", None), ("zeros first", "zeros"), ("fallocate", "fallocate")] for head in (False, True)]
    results = {name: [] for name, _, _ in cases}
    for _ in range(rounds):
        for name, prealloc, head in cases:
            results[name].append(run(directory, prealloc, head))
    print("| file | appends + fdatasync per second (median) | rounds |\n|---|---:|---|")
    for name, rates in results.items():
        print(f"| {name} | {statistics.median(rates):,.0f} | {', '.join(f'{r:,.0f}' for r in rates)} |")


if __name__ == "__main__":
    main()
