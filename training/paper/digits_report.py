"""The by-puzzle CV figures of written-digit model runs, alone and as paper/cell-judge.ts combines them.

    /usr/bin/python3 training/paper/digits_report.py [RUN ...]      (default: pen+wicht+synth)

RUN names a `train_digits.py cv` run (cv-digits-RUN-pred.npz: out-of-fold probabilities of every
pen given and entry cell). Prints entries and givens read right by the model alone, by fold, and
times the cell model's out-of-fold digit head (cv-pen+wicht-pred.npz of `train.py cv --no-synth`)
at CELL_DIGIT_WEIGHT = 1 as paper/cell-judge.ts does (the head alone where cells.ts found no blob), and
the commonest entry confusions. Many entries read wrong have a blank image (cells.ts found no blob on
that photo; 25 of 52 with the shipped set-up, x cell head), which no written-digit model can read.
"""
import os
import sys

import numpy as np

from train import CACHE

CELL_DIGIT_WEIGHT = 1.0


def cell_digit_probs(meta):
    """The cell model's out-of-fold digit probabilities for the rows of `meta` (by page, cell, cut)."""
    path = os.path.join(CACHE, 'cv-pen+wicht-pred.npz')
    if not os.path.exists(path):
        return None
    c = np.load(path)
    at = {(int(m[1]), int(m[3]), int(m[6])): i for i, m in enumerate(c['meta'])}
    return c['digit_p'][[at[(int(m[1]), int(m[3]), int(m[6]))] for m in meta]]


def blank_images(n=None):
    """Which pen digit cells have a blank 80x80 image (cells.ts found no digit blob: not `filled`)."""
    img = np.fromfile(os.path.join(CACHE, 'pen.img80.bin'), dtype=np.uint8).reshape(-1, 80 * 80)
    return (img == 255).all(1)


def combine(p, q, blank, weight=CELL_DIGIT_WEIGHT):
    """paper/cell-judge.ts's reading of a written digit: max(p, 1e-4) * max(q, 1e-4)^weight, normalised;
    the cell model's digit head q alone where cells.ts found no blob (blank image)."""
    out = np.maximum(p, 1e-4) * np.maximum(q, 1e-4) ** weight
    out = out / out.sum(1, keepdims=True)
    return np.where(blank[:, None], q, out)


def figures(probs, meta, kind):
    """(entries right, givens right, entries right by fold) of probabilities for the pen digit cells."""
    right = probs.argmax(1) + 1 == meta[:, 5]
    entry, given = kind == 2, kind == 1
    folds = [right[entry & (meta[:, 2] == f)].mean() for f in range(5)]
    return right[entry].mean(), right[given].mean(), folds


def line(name, probs, meta, kind):
    e, g, folds = figures(probs, meta, kind)
    return f"{name}: entries {100 * e:.2f}% givens {100 * g:.2f}% (entry folds {' '.join(f'{100 * v:.1f}' for v in folds)})"


def confusions(probs, meta, kind, top=10):
    pred = probs.argmax(1) + 1
    wrong = (kind == 2) & (pred != meta[:, 5])
    pairs = {}
    for t, p in zip(meta[wrong, 5], pred[wrong]):
        pairs[(int(t), int(p))] = pairs.get((int(t), int(p)), 0) + 1
    return ', '.join(f'{t}->{p} {n}' for (t, p), n in sorted(pairs.items(), key=lambda kv: -kv[1])[:top])


def main():
    runs = sys.argv[1:] or ['pen+wicht+synth']
    for run in runs:
        d = np.load(os.path.join(CACHE, f'cv-digits-{run}-pred.npz'))
        meta, kind, probs = d['meta'], d['kind'], d['probs']
        print(line(f'{run} alone', probs, meta, kind))
        cell = cell_digit_probs(meta)
        if cell is not None:
            both = combine(probs, cell, blank_images())
            print(line(f'{run} x cell head', both, meta, kind))
            print(f'  entry confusions x cell head: {confusions(both, meta, kind)}')


if __name__ == '__main__':
    main()
