"""Scores written-digit models on the session digits that session-digits.ts cut: the model
alone, each digit's most likely class against what was written, apart for digits written over
their cell's pencil marks; the mean negative log-likelihood of the truth (how sure when right, how
wrong when wrong); of the misreads, how many read the truth at least INFORMED_RATIO (paper.ts:
0.02) as likely as the best, which the solution may then settle (before the cell model's head);
the others are sure misreads, which the move log keeps.

    /usr/bin/python3 training/paper/session_digits.py NAME MODEL... [--mean] [--misreads]

A MODEL is a trained .pt, or an exported model: src/shared/vision/models/written-digits.ts (the
shipped one) or a fold's written-digits.json (training/fold-models/paper-fold-K/), as shipped in float16.
--mean scores, besides each model, their ensemble: the geometric mean of their probabilities.
"""
import json
import os
import sys

import numpy as np
import torch

import train_digits as td
from train import CACHE

INFORMED_RATIO = 0.02


def probabilities(path, x):
    net, (td.INPUT, td.CROP) = td.load_net(path)
    return td.predict(net, x)


def report(tag, p, truth, over, labels):
    right = p.argmax(1) + 1 == truth
    p_truth = p[np.arange(len(truth)), truth - 1]
    nll = -np.log(p_truth + 1e-9).mean()
    settles = ~right & (p_truth >= INFORMED_RATIO * p.max(1))
    print(f'{tag}: {right[~over].sum()}/{(~over).sum()} right, over marks {right[over].sum()}/{over.sum()}, '
          f'NLL {nll:.3f}, misreads the solution may settle {settles.sum()}/{(~right).sum()}')
    if '--misreads' in sys.argv:
        for i in np.nonzero(~right)[0]:
            print(f"  seed {labels[i]['seed']} cell {labels[i]['cell']}: {truth[i]} read {p[i].argmax() + 1} at {p[i].max():.2f}"
                  + ('' if settles[i] else ' (sure)'))


def main():
    name, paths = sys.argv[1], [a for a in sys.argv[2:] if not a.startswith('--')]
    x = np.fromfile(os.path.join(CACHE, f'sessions-{name}.img80.bin'), dtype=np.uint8).reshape(-1, 80, 80)
    with open(os.path.join(CACHE, f'sessions-{name}.json')) as f:
        labels = json.load(f)
    truth = np.array([l['digit'] for l in labels])
    over = np.array([l['over'] for l in labels])
    probs = [probabilities(path, x) for path in paths]
    for path, p in zip(paths, probs):
        report(os.path.join(os.path.basename(os.path.dirname(path)), os.path.basename(path)), p, truth, over, labels)
    if '--mean' in sys.argv and len(probs) > 1:
        mean = np.exp(np.mean(np.log(np.stack(probs) + 1e-12), 0))
        report(f'geometric mean of {len(probs)}', mean / mean.sum(1, keepdims=True), truth, over, labels)


if __name__ == '__main__':
    main()
