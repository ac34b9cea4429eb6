"""The site's icon: an open book under a star, drawn from a few shapes and rasterised to PNG
with the standard library only.

``assets/icons/grimoire.svg``, ``grimoire-192.png`` and ``grimoire-512.png`` are committed files
of the theme (``theme/assets/icons/``), which MkDocs copies. After a change of the drawing,
rewrite them with
``python -c "from generator.offline import write_icon_files; write_icon_files()"``.
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

__all__ = [
    "BACKGROUND_COLOR",
    "ICON_DIR",
    "ICON_FILES",
    "ICON_SIZES",
    "THEME_COLOR",
    "icon_png",
    "icon_svg",
    "write_icon_files",
]

ICON_DIR = "assets/icons"
ICON_FILES = Path(__file__).parent.parent / "theme" / ICON_DIR  # committed; MkDocs copies the theme
ICON_SIZES = (192, 512)
THEME_COLOR = "#7e56c2"  # mkdocs-material's « deep purple » header
BACKGROUND_COLOR = "#673ab6"  # the icon's background: the splash screen matches it

# The drawing, on a 512 × 512 canvas, painted in order. A maskable icon keeps what matters inside
# the central circle of radius 40 % (204.8 px): every shape here stays within it.
_PARCHMENT = "#fbf3df"
_PAGE_SHADE = "#e8dcbc"
_COVER = "#3b1f70"
_STAR = "#ffaa00"
_INK = THEME_COLOR

ICON_SHAPES: tuple[tuple[str, str, tuple], ...] = (
    # the cover, behind the pages
    ("polygon", _COVER, ((100, 214), (256, 236), (412, 214), (412, 372), (256, 396), (100, 372))),
    # left and right pages
    ("polygon", _PARCHMENT, ((112, 200), (250, 222), (250, 378), (112, 356))),
    ("polygon", _PARCHMENT, ((262, 222), (400, 200), (400, 356), (262, 378))),
    # the gutter's shade
    ("polygon", _PAGE_SHADE, ((238, 220), (250, 222), (250, 378), (238, 376))),
    ("polygon", _PAGE_SHADE, ((262, 222), (274, 220), (274, 376), (262, 378))),
    # lines of writing
    ("polygon", _INK, ((132, 238), (226, 252), (226, 262), (132, 248))),
    ("polygon", _INK, ((132, 270), (226, 284), (226, 294), (132, 280))),
    ("polygon", _INK, ((132, 302), (200, 312), (200, 322), (132, 312))),
    ("polygon", _INK, ((286, 252), (380, 238), (380, 248), (286, 262))),
    ("polygon", _INK, ((286, 284), (380, 270), (380, 280), (286, 294))),
    ("polygon", _INK, ((286, 316), (352, 306), (352, 316), (286, 326))),
    # the star rising from the book, and two sparks
    (
        "polygon",
        _STAR,
        (
            (256, 66),
            (274, 132),
            (336, 150),
            (274, 168),
            (256, 234),
            (238, 168),
            (176, 150),
            (238, 132),
        ),
    ),
    ("circle", _STAR, (176, 96, 12)),
    ("circle", _STAR, (340, 92, 9)),
)


def _rgb(color: str) -> tuple[int, int, int]:
    return int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16)


def icon_svg() -> str:
    """The icon as SVG (rounded corners; the PNGs are full-bleed squares for maskable use)."""
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" role="img" '
        'aria-label="Grimoire">',
        f'<rect width="512" height="512" rx="112" fill="{BACKGROUND_COLOR}"/>',
    ]
    for kind, color, data in ICON_SHAPES:
        if kind == "polygon":
            points = " ".join(f"{x},{y}" for x, y in data)
            parts.append(f'<polygon points="{points}" fill="{color}"/>')
        else:
            cx, cy, r = data
            parts.append(f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{color}"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


_SUB = 4  # sub-scanlines per pixel row (vertical anti-aliasing); horizontal coverage is exact


def _spans(kind: str, data: tuple, y: float) -> list[tuple[float, float]]:
    """The [x0, x1) intervals of a shape on the horizontal line at height ``y`` (canvas units)."""
    if kind == "circle":
        cx, cy, r = data
        dy = y - cy
        if abs(dy) >= r:
            return []
        half = math.sqrt(r * r - dy * dy)
        return [(cx - half, cx + half)]
    crossings = []
    points = list(data)
    for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True):
        if (y0 <= y < y1) or (y1 <= y < y0):
            crossings.append(x0 + (y - y0) * (x1 - x0) / (y1 - y0))
    crossings.sort()
    return list(zip(crossings[0::2], crossings[1::2], strict=False))


def icon_png(size: int) -> bytes:
    """The icon as a ``size`` × ``size`` RGB PNG, anti-aliased, deterministic."""
    scale = size / 512
    background = _rgb(BACKGROUND_COLOR)
    rows = []
    for py in range(size):
        pixels: list[list[float]] = [list(map(float, background)) for _ in range(size)]
        for kind, color, data in ICON_SHAPES:
            coverage = _coverage(kind, data, py, scale, size)
            if coverage is not None:
                _paint(pixels, coverage, _rgb(color))
        rows.append(b"\x00" + bytes(int(round(v)) for pixel in pixels for v in pixel))
    return _png(size, size, b"".join(rows))


def _coverage(kind: str, data: tuple, py: int, scale: float, size: int) -> list[float] | None:
    """How much of each pixel of the row ``py`` the shape covers (0 to 1 and more where
    sub-scanlines overlap), or None when it covers none."""
    coverage = [0.0] * size
    touched = False
    for sub in range(_SUB):
        y = (py + (sub + 0.5) / _SUB) / scale
        for x0, x1 in _spans(kind, data, y):
            a, b = max(x0 * scale, 0.0), min(x1 * scale, float(size))
            if b <= a:
                continue
            touched = True
            first, last = int(a), min(int(b), size - 1)
            if first == last:
                coverage[first] += (b - a) / _SUB
                continue
            coverage[first] += (first + 1 - a) / _SUB
            for px in range(first + 1, last):
                coverage[px] += 1 / _SUB
            coverage[last] += (b - last) / _SUB
    return coverage if touched else None


def _paint(pixels: list[list[float]], coverage: list[float], rgb: tuple[int, int, int]) -> None:
    """Blend the colour ``rgb`` over the row's ``pixels`` as much as ``coverage`` says."""
    for px, alpha in enumerate(coverage):
        if alpha > 0:
            pixel = pixels[px]
            for channel in range(3):
                pixel[channel] += (rgb[channel] - pixel[channel]) * min(alpha, 1.0)


def _png(width: int, height: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data))
            + kind
            + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def _icon_files() -> dict[str, bytes]:
    """The icon files, by path in the site."""
    files = {f"{ICON_DIR}/grimoire.svg": icon_svg().encode("utf-8")}
    for size in ICON_SIZES:
        files[f"{ICON_DIR}/grimoire-{size}.png"] = icon_png(size)
    return files


def write_icon_files(directory: Path = ICON_FILES) -> None:
    """Redraw the committed icon files (run by hand after a change of the drawing)."""
    for relative, data in _icon_files().items():
        path = Path(directory) / relative.rsplit("/", 1)[-1]
        if not path.exists() or path.read_bytes() != data:
            path.write_bytes(data)
