"""Written-digit models on MNIST writers none of them trained on, the model alone: the training
digits train_digits.py's MNIST_HOLDOUT kept out (every (n / 5000)-th of mnist80.npz; a model trained
without MNIST_HOLDOUT saw them, so it is flattered there), and MNIST's test set (digits 1-9),
normalised as mnist80.py normalises the training set. The test set is what the synthetic sessions
draw from (bench:timelapse-session, bench:handwriting): report it, do not choose by it.

    DIGIT_INPUT=28 DIGIT_CROP=56 /usr/bin/python3 training/paper/mnist_holdout.py MODEL.pt...

Prints, per model and set: digits read right, wrong, wrong at p > 0.9 (sure), and the mean negative
log-likelihood of the truth.
"""
import os
import sys

import numpy as np
import torch

os.environ.setdefault('MNIST_HOLDOUT', '5000')
import train_digits as td  # noqa: E402 (reads MNIST_HOLDOUT)
from mnist80 import normalise  # noqa: E402
from synth_pages import MNIST_DIR  # noqa: E402
from train import CACHE  # noqa: E402

# Sure: at this probability a misreading is outside what the solution settles (paper.ts's INFORMED_RATIO).
SURE = 0.9


def test_set():
    images = np.fromfile(os.path.join(MNIST_DIR, 't10k-images-idx3-ubyte'), dtype=np.uint8)[16:].reshape(-1, 28, 28)
    labels = np.fromfile(os.path.join(MNIST_DIR, 't10k-labels-idx1-ubyte'), dtype=np.uint8)[8:]
    keep = np.nonzero(labels > 0)[0]
    r = np.random.default_rng(5)
    return np.stack([normalise(images[i].astype(np.float32) / 255, r) for i in keep]), labels[keep].astype(np.int64)


def main():
    m = np.load(os.path.join(CACHE, 'mnist80.npz'))
    held = ~td.mnist_holdout_mask(len(m['digits']))
    sets = [('MNIST training holdout', m['images'][held], m['digits'][held].astype(np.int64)), ('MNIST test, 1-9', *test_set())]
    for path in sys.argv[1:]:
        net, _ = td.load_net(path)
        for name, x, y in sets:
            p = td.predict(net, x)
            wrong = p.argmax(1) + 1 != y
            nll = -np.log(np.maximum(p[np.arange(len(y)), y - 1], 1e-6)).mean()
            print(f'{path}, {name}: {100 * (1 - wrong.mean()):.2f}% of {len(y)}, wrong {wrong.sum()}, '
                  f'sure {(wrong & (p.max(1) > SURE)).sum()}, NLL {nll:.4f}', flush=True)


if __name__ == '__main__':
    torch.set_num_threads(2)
    main()
