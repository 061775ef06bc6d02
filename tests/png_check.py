#!/usr/bin/env python3
"""Whether a screenshot shows something: a PNG of the given size whose top
rows hold more than a few colours and not only white.

usage: png_check.py FILE WIDTH HEIGHT [--crop TOP ROWS OUT]

Python's standard library only: the chunks are read by hand, the image data
inflated with zlib and its rows unfiltered (PNG's five filters). Only the
top ROWS rows are decoded, enough to see a page's heading, text and first
boards: each row depends only on those above it, so they decode alone.
Exits 0 when the image shows something, 1 (with the reason) otherwise.
With --crop, the ROWS rows from TOP are decoded and checked instead, and
written to OUT as a PNG of their own (8-bit RGB, unfiltered rows).
"""

import os
import struct
import sys
import zlib

ROWS = 300
MIN_COLOURS = 16
MIN_NOT_WHITE = 0.01


def chunks(data):
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    at = 8
    while at + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        yield kind, data[at + 8:at + 8 + length]
        at += 12 + length


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def unfilter(kind, row, prev, bpp):
    out = bytearray(row)
    if kind == 0:
        return out
    for i in range(len(out)):
        a = out[i - bpp] if i >= bpp else 0
        b = prev[i]
        if kind == 1:
            out[i] = (out[i] + a) & 0xFF
        elif kind == 2:
            out[i] = (out[i] + b) & 0xFF
        elif kind == 3:
            out[i] = (out[i] + ((a + b) >> 1)) & 0xFF
        elif kind == 4:
            c = prev[i - bpp] if i >= bpp else 0
            out[i] = (out[i] + paeth(a, b, c)) & 0xFF
        else:
            raise ValueError(f"unknown filter type {kind}")
    return out


def decode_rows(path, top, count):
    """The rows top..top+count of the image, RGB, and its size."""
    data = open(path, "rb").read()
    header, idat = None, b""
    for kind, body in chunks(data):
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
    if header is None:
        raise ValueError("no IHDR chunk")
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace != 0:
        raise ValueError(f"unexpected format: depth {depth}, colour type {colour}, "
                         f"interlace {interlace}")
    bpp = 3 if colour == 2 else 4
    stride = 1 + width * bpp
    end = min(top + count, height)
    raw = zlib.decompressobj().decompress(idat, end * stride)
    rows = []
    prev = bytearray(width * bpp)
    for r in range(end):
        line = raw[r * stride:(r + 1) * stride]
        prev = unfilter(line[0], line[1:], prev, bpp)
        if r >= top:
            rows.append(bytes(prev) if bpp == 3 else
                        b"".join(prev[i:i + 3] for i in range(0, len(prev), 4)))
    return width, height, rows


def write_png(path, width, rows):
    """`rows` (RGB) as a PNG file, written whole under a temporary name first."""
    def chunk(kind, body):
        return (struct.pack(">I", len(body)) + kind + body +
                struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))
    data = zlib.compress(b"".join(b"\0" + r for r in rows), 9)
    header = struct.pack(">IIBBBBB", width, len(rows), 8, 2, 0, 0, 0)
    with open(path + ".part", "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) +
                  chunk(b"IEND", b""))
    os.replace(path + ".part", path)


def main():
    path, width, height = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    top, count, out = 0, ROWS, None
    if len(sys.argv) == 8 and sys.argv[4] == "--crop":
        top, count, out = int(sys.argv[5]), int(sys.argv[6]), sys.argv[7]
    elif len(sys.argv) != 4:
        print(__doc__)
        return 2
    try:
        w, h, rows = decode_rows(path, top, count)
    except (OSError, ValueError, zlib.error) as e:
        print(f"{path}: {e}")
        return 1
    if (w, h) != (width, height):
        print(f"{path}: {w}x{h}, expected {width}x{height}")
        return 1
    if not rows:
        print(f"{path}: no rows from {top}")
        return 1
    pixels = [r[i:i + 3] for r in rows for i in range(0, len(r), 3)]
    colours = len(set(pixels))
    not_white = sum(1 for p in pixels if p != b"\xff\xff\xff") / len(pixels)
    print(f"{path}: {colours} colours, {not_white:.1%} not white in rows {top} to "
          f"{top + len(rows)}")
    if colours < MIN_COLOURS or not_white < MIN_NOT_WHITE:
        print(f"{path}: blank (fewer than {MIN_COLOURS} colours or under "
              f"{MIN_NOT_WHITE:.0%} not white)")
        return 1
    if out:
        write_png(out, w, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
