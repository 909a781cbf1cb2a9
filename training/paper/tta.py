"""Test-time augmentation of the written-digit model, measured by puzzle on a CV run's fold models.

    nice /usr/bin/python3 training/paper/tta.py [RUN]      (default: pen+wicht+synth)

Each held-out 80x80 image is also read moved, turned or scaled a little (warp80, the same
arithmetic as written-digits.ts's warpCell: output pixel centres mapped back about the image
centre, bilinear, paper beyond the edges), and the probabilities are averaged. Prints entries and
givens right for each set of views, alone and times the cell model's out-of-fold digit head.
"""
import math
import os
import sys

import numpy as np
import torch

import train_digits as td
from digits_report import blank_images, cell_digit_probs, combine, figures
from train import CACHE, FOLDS

SIDE = 80


def warp80(img, angle=0.0, scale=1.0, dx=0.0, dy=0.0):
    """uint8 [N,80,80] -> float [N,80,80] grey: the image turned by `angle` (radians, clockwise on
    screen), scaled about its centre and moved by (dx, dy) px; bilinear, 255 outside."""
    c = SIDE / 2
    cos, sin = math.cos(angle) / scale, math.sin(angle) / scale
    ys, xs = np.mgrid[0:SIDE, 0:SIDE].astype(np.float64)
    px, py = xs + 0.5 - c - dx, ys + 0.5 - c - dy
    # Inverse of p' = c + scale * R(angle) (s - c) + t, in pixel-index coordinates.
    sx = c + cos * px + sin * py - 0.5
    sy = c - sin * px + cos * py - 0.5
    x0, y0 = np.floor(sx).astype(int), np.floor(sy).astype(int)
    fx, fy = sx - x0, sy - y0
    pad = np.pad(img.astype(np.float64), ((0, 0), (1, 1), (1, 1)), constant_values=255)

    def at(yy, xx):
        inside = (xx >= -1) & (xx <= SIDE) & (yy >= -1) & (yy <= SIDE)
        v = pad[:, np.clip(yy, -1, SIDE) + 1, np.clip(xx, -1, SIDE) + 1]
        return np.where(inside, v, 255.0)

    return ((1 - fy) * ((1 - fx) * at(y0, x0) + fx * at(y0, x0 + 1))
            + fy * ((1 - fx) * at(y0 + 1, x0) + fx * at(y0 + 1, x0 + 1)))


def views(name):
    """Named sets of (angle, scale, dx, dy) views, the identity first."""
    rad = math.radians
    sets = {
        'none': [(0, 1, 0, 0)],
        'shift1.5': [(0, 1, 0, 0)] + [(0, 1, dx, dy) for dx, dy in [(-1.5, 0), (1.5, 0), (0, -1.5), (0, 1.5)]],
        'shift3': [(0, 1, 0, 0)] + [(0, 1, dx, dy) for dx, dy in [(-3, 0), (3, 0), (0, -3), (0, 3)]],
        'rot6': [(0, 1, 0, 0), (rad(-6), 1, 0, 0), (rad(6), 1, 0, 0)],
        'rot10': [(0, 1, 0, 0), (rad(-10), 1, 0, 0), (rad(10), 1, 0, 0)],
        'scale10': [(0, 1, 0, 0), (0, 0.9, 0, 0), (0, 1.1, 0, 0)],
        'mix7': [(0, 1, 0, 0), (0, 1, -1.5, 0), (0, 1, 1.5, 0), (rad(-6), 1, 0, 0), (rad(6), 1, 0, 0), (0, 0.9, 0, 0), (0, 1.1, 0, 0)],
    }
    return sets[name]


def net_input(grey):
    """float grey [N,80,80] -> network input (the crop's block means as ink), as td.net_input."""
    f, off = td.CROP // td.INPUT, (SIDE - td.CROP) // 2
    x = grey[:, off:off + td.CROP, off:off + td.CROP].reshape(-1, td.INPUT, f, td.INPUT, f).mean(axis=(2, 4))
    return (1 - x / 255).astype(np.float32)


@torch.no_grad()
def main():
    run = sys.argv[1] if len(sys.argv) > 1 else 'pen+wicht+synth'
    names = sys.argv[2].split(',') if len(sys.argv) > 2 else ['none', 'shift1.5', 'shift3', 'rot6', 'rot10', 'scale10', 'mix7']
    base = os.path.join(CACHE, 'pen')
    meta = np.fromfile(base + '.meta.bin', dtype='<i2').reshape(-1, 8).astype(np.int64)
    idx = np.fromfile(base + '.img80.idx', dtype='<i4').astype(np.int64)
    img = np.fromfile(base + '.img80.bin', dtype=np.uint8).reshape(-1, SIDE, SIDE)
    d = np.load(os.path.join(CACHE, f'cv-digits-{run}-pred.npz'))
    meta, kind = d['meta'], d['kind']
    assert (meta == np.fromfile(base + '.meta.bin', dtype='<i2').reshape(-1, 8)[idx]).all()
    nets = []
    for fold in range(FOLDS):
        saved = torch.load(os.path.join(CACHE, 'folds', f'digits-{run}-fold-{fold}.pt'))
        assert (saved.get('input', 20), saved.get('crop', 60)) == (td.INPUT, td.CROP), 'set DIGIT_INPUT and DIGIT_CROP as the run had them'
        net = td.DigitNet(tuple(saved['widths']))
        net.load_state_dict(saved['state'])
        nets.append(net.eval())
    cell = cell_digit_probs(meta)
    for name in names:
        probs = np.zeros((len(img), 9))
        for fold in range(FOLDS):
            held = np.nonzero(meta[:, 2] == fold)[0]
            for view in views(name):
                x = torch.from_numpy(net_input(warp80(img[held], *view))).unsqueeze(1)
                probs[held] += torch.softmax(nets[fold](x), 1).numpy()
        probs /= len(views(name))
        e, g, folds = figures(probs, meta, kind)
        text = f"{run} TTA {name} ({len(views(name))} views): entries {100 * e:.2f}% givens {100 * g:.2f}% (folds {' '.join(f'{100 * v:.1f}' for v in folds)})"
        if cell is not None:
            e2, g2, _ = figures(combine(probs, cell, blank_images()), meta, kind)
            text += f"; x cell head: entries {100 * e2:.2f}% givens {100 * g2:.2f}%"
        print(text, flush=True)


if __name__ == '__main__':
    main()
