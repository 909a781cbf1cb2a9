"""MNIST's training set (the train part of datasets/mnist.ts's split: 54,077 digits 1-9) as cells.ts's
80x80 normalised digit images, for train_digits.py's MNIST_PER_EPOCH.

    nice /usr/bin/python3 training/paper/mnist80.py      -> .cache/train-paper/mnist80.npz

Each digit is enlarged 4x (bicubic), cut at half ink, its strokes thinned by 0-3 px a side (MNIST
strokes are ~15% of a digit's height, a pen's 4-10%; with THIN_KEEP_SHAPE=1 never so far that a
stroke breaks or a loop opens: synth_pages.py's thinned), then treated as normalise() does: the
ink's tight box scaled to DIGIT_HEIGHT 40 (width capped at 64) by area averaging and centred on
white.
"""
import os

import numpy as np
from PIL import Image

from synth_pages import mnist_digits, thinned
from train import CACHE

SIDE, HEIGHT = 80, 40


def normalise(ink, r):
    big = Image.fromarray((ink * 255).astype(np.uint8)).resize((112, 112), Image.BICUBIC)
    binary = Image.fromarray(((np.asarray(big) >= 128) * 255).astype(np.uint8))
    radius = int(r.integers(0, 4))
    if radius:
        thin = thinned(binary, radius, 128, 16)  # a sample's pixel is 4x4 here: ink_shape's least area
        if (np.asarray(thin) > 0).sum() > 0.4 * (np.asarray(binary) > 0).sum():
            binary = thin
    a = np.asarray(binary) > 0
    ys, xs = np.nonzero(a)
    a = a[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    sh, sw = a.shape
    scale = min(HEIGHT / sh, (SIDE - 16) / sw)
    dw, dh = max(1, round(sw * scale)), max(1, round(sh * scale))
    small = np.asarray(Image.fromarray((a * 255).astype(np.uint8)).resize((dw, dh), Image.BOX), dtype=np.float64) / 255
    out = np.full((SIDE, SIDE), 255, np.uint8)
    ox, oy = (SIDE - dw) // 2, (SIDE - dh) // 2
    out[oy:oy + dh, ox:ox + dw] = np.round(255 * (1 - small)).astype(np.uint8)
    return out


def main():
    r = np.random.default_rng(1)
    images, digits = [], []
    for d, samples in mnist_digits().items():
        for s in samples:
            images.append(normalise(s, r))
            digits.append(d)
    out = os.path.join(CACHE, 'mnist80.npz')
    np.savez_compressed(out, images=np.stack(images), digits=np.array(digits))
    print(f'{len(images)} MNIST digits -> {out}')


if __name__ == '__main__':
    main()
