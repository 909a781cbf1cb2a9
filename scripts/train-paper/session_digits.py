"""Scores trained written-digit models on the session digits that session-digits.ts cut: the model
alone, each digit's most likely class against what was written, apart for digits written over
their cell's pencil marks; the mean negative log-likelihood of the truth (how sure when right, how
wrong when wrong); and of the misreads, how many read the truth at least INFORMED_RATIO (paper.ts:
0.02) as likely as the best, which the solution may then settle (before the cell model's head).

    /usr/bin/python3 scripts/train-paper/session_digits.py NAME MODEL.pt... [--misreads]
"""
import json
import os
import sys

import numpy as np
import torch

import train_digits as td
from train import CACHE

INFORMED_RATIO = 0.02


def main():
    name, paths = sys.argv[1], [a for a in sys.argv[2:] if not a.startswith('--')]
    x = np.fromfile(os.path.join(CACHE, f'sessions-{name}.img80.bin'), dtype=np.uint8).reshape(-1, 80, 80)
    with open(os.path.join(CACHE, f'sessions-{name}.json')) as f:
        labels = json.load(f)
    truth = np.array([l['digit'] for l in labels])
    over = np.array([l['over'] for l in labels])
    for path in paths:
        saved = torch.load(path, weights_only=False)
        td.INPUT, td.CROP = saved['input'], saved['crop']
        net = td.DigitNet(tuple(saved['widths']), saved['input'])
        net.load_state_dict(saved['state'])
        net.eval()
        with torch.no_grad():
            p = td.predict(net, x)
        right = p.argmax(1) + 1 == truth
        p_truth = p[np.arange(len(truth)), truth - 1]
        nll = -np.log(p_truth + 1e-9).mean()
        settles = (~right & (p_truth >= INFORMED_RATIO * p.max(1))).sum()
        print(f'{os.path.basename(path)}: {right[~over].sum()}/{(~over).sum()} right, over marks {right[over].sum()}/{over.sum()}, '
              f'NLL {nll:.3f}, misreads the solution may settle {settles}/{(~right).sum()}')
        if '--misreads' in sys.argv:
            for i in np.nonzero(~right)[0]:
                print(f"  seed {labels[i]['seed']} cell {labels[i]['cell']}: {truth[i]} read {p[i].argmax() + 1} at {p[i].max():.2f}")


if __name__ == '__main__':
    main()
