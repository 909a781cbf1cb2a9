"""The page reading the models make together, on held-out puzzles: the cell model's kind (train.py
cv --no-synth), settled by print height (paper/print-height.ts's rule), and the written-digit model's
digit (train_digits.py cv) for givens and entries. Both CV runs are by puzzle with the same folds,
so every figure is on puzzles neither model saw.

    /usr/bin/python3 training/paper/combine.py     (after both CV runs and boxes.ts)
"""
import json
import os

import numpy as np

from train import CACHE

SURE_GIVEN, MIN_SURE_GIVENS = 0.9, 4  # paper/print-height.ts


def main():
    d = np.load(os.path.join(CACHE, 'cv-pen+wicht-pred.npz'))
    meta, kind, kp, dp = d['meta'], d['kind'], d['kind_p'], d['digit_p']
    w = np.load(os.path.join(CACHE, 'cv-digits-pen+wicht+synth-pred.npz'))
    written = {(m[1], m[6], m[3]): p for m, p in zip(w['meta'], w['probs'])}
    with open(os.path.join(CACHE, 'boxes.json')) as f:
        heights = {(r[0], r[1], r[2]): r[3] for r in json.load(f)}
    h = np.array([heights[(m[1], m[6], m[3])] for m in meta])
    pk = kp.argmax(1)
    wd = np.array([written[(m[1], m[6], m[3])].argmax() + 1 if (m[1], m[6], m[3]) in written else 0 for m in meta])
    rel = np.ones(len(meta))
    for key in set(zip(meta[:, 1], meta[:, 6])):
        m = (meta[:, 1] == key[0]) & (meta[:, 6] == key[1])
        sure = m & (kp[:, 1] >= SURE_GIVEN) & (h > 0)
        if sure.sum() >= MIN_SURE_GIVENS:
            rel[m] = h[m] / np.median(h[sure])
    for tolerance in [None, 0.12, 0.15, 0.2]:
        k = pk.copy()
        if tolerance is not None:
            k[(pk == 1) & (h > 0) & (np.abs(rel - 1) > tolerance)] = 2
        ok = (k == kind) & np.where((kind == 1) | (kind == 2), wd == meta[:, 5], True)
        pages = {}
        for key, o in zip(zip(meta[:, 1], meta[:, 6]), ok):
            pages.setdefault(key, []).append(o)
        exact = np.mean([all(v) for key, v in pages.items() if key[1] == 0])
        print(f'tolerance {tolerance}: kinds {100 * (k == kind).mean():.2f}%, cells {100 * ok.mean():.2f}% '
              f'(exact corners {100 * ok[meta[:, 6] == 0].mean():.2f}%), pages all right '
              f'{100 * np.mean([all(v) for v in pages.values()]):.1f}% (exact {100 * exact:.1f}%), '
              f'folds {[round(100 * ok[meta[:, 2] == f].mean(), 2) for f in range(5)]}')
        if tolerance == 0.15:
            conf = np.zeros((4, 4), np.int64)
            for t, p in zip(kind, k):
                conf[t, p] += 1
            print(conf)


if __name__ == '__main__':
    main()
