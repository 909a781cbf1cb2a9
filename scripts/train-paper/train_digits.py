"""A digit model on cells.ts's normalised digit image (80x80, digit ~40 px high), for written
entries, measured by puzzle against the cell model's digit head.

    nice /usr/bin/python3 scripts/train-paper/train_digits.py cv [--no-synth] [--no-mnist]
    nice /usr/bin/python3 scripts/train-paper/train_digits.py final   -> .cache/train-paper/digits-final.pt

Same network as classifier.ts (the printed-digit voter), so the app runs it with DigitClassifier
and its stored format (EncodedDigitModel): the central 60x60 averaged 3x3 to 20x20, ink = 1 -
grey/255; conv 3x3 (C1) + ReLU, pool, conv 3x3 (C2) + ReLU, pool, dense H + ReLU, dense 9.
Trained on the given and entry cells of the pen photos (img80 of cut-real.ts), the Wicht givens
and the synthetic pages' givens and entries (MNIST and handwriting fonts).
"""
import json
import os
import sys
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

from train import CACHE, FOLDS, SEED, UNKNOWN, pen_kinds

torch.set_num_threads(2)
WIDTHS = tuple(int(v) for v in os.environ.get('DIGIT_WIDTHS', '16,32,128').split(','))
EPOCHS = int(os.environ.get('EPOCHS', 3))
SYNTH_PER_EPOCH = int(os.environ.get('SYNTH_PER_EPOCH', 8000))
WICHT_PER_EPOCH = int(os.environ.get('WICHT_PER_EPOCH', 3000))


def load_img80(name):
    base = os.path.join(CACHE, name)
    meta = np.fromfile(base + '.meta.bin', dtype='<i2').reshape(-1, 8).astype(np.int64)
    idx = np.fromfile(base + '.img80.idx', dtype='<i4').astype(np.int64)
    img = np.fromfile(base + '.img80.bin', dtype=np.uint8).reshape(-1, 80, 80)
    # 20x20 network input: central 60x60, 3x3 block means (classifier.ts's cellInput).
    x = img[:, 10:70, 10:70].reshape(-1, 20, 3, 20, 3).mean(axis=(2, 4)).astype(np.float32)
    return meta[idx], 1 - x / 255


def synth_img80(use_mnist):
    metas, xs = [], []
    for name in sorted(os.listdir(CACHE)):
        if name.startswith('synth-') and name.endswith('.img80.idx'):
            stem = name[:-len('.img80.idx')]
            m, x = load_img80(stem)
            if not use_mnist:
                with open(os.path.join(CACHE, stem, 'pages.json')) as f:
                    mnist_pages = np.array([p.get('mnist', False) for p in json.load(f)['pages']])
                keep = ~mnist_pages[m[:, 1]]
                m, x = m[keep], x[keep]
            metas.append(m); xs.append(x)
    return (np.concatenate(metas), np.concatenate(xs)) if metas else None


class DigitNet(nn.Module):
    def __init__(self, widths=WIDTHS):
        super().__init__()
        c1, c2, h = widths
        self.conv1 = nn.Conv2d(1, c1, 3, padding=1)
        self.conv2 = nn.Conv2d(c1, c2, 3, padding=1)
        self.fc = nn.Linear(c2 * 25, h)
        self.out = nn.Linear(h, 9)
        self.drop = nn.Dropout(0.3)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        return self.out(self.drop(F.relu(self.fc(x.flatten(1)))))


def augment(x, g):
    n = x.shape[0]
    dx, dy = (int(v) for v in torch.randint(0, 3, (2,), generator=g))
    out = F.pad(x, (1, 1, 1, 1), mode='replicate')[:, :, dy:dy + 20, dx:dx + 20]
    gain = 0.7 + 0.6 * torch.rand(n, 1, 1, 1, generator=g)
    return (out * gain + 0.02 * torch.randn(out.shape, generator=g)).clamp(0, 1)


def train(parts, log=''):
    torch.manual_seed(SEED)
    g = torch.Generator().manual_seed(SEED)
    rs = np.random.default_rng(SEED)
    net = DigitNet()
    opt = torch.optim.Adam(net.parameters(), lr=3e-3, weight_decay=1e-5)
    for epoch in range(EPOCHS):
        started = time.time()
        xs, ys = [], []
        for x, y, take in parts:
            idx = rs.permutation(len(x)) if take is None else rs.choice(len(x), min(take, len(x)), replace=False)
            xs.append(x[idx]); ys.append(y[idx])
        x = torch.from_numpy(np.concatenate(xs)).unsqueeze(1)
        y = torch.from_numpy(np.concatenate(ys) - 1)
        order = torch.from_numpy(rs.permutation(len(x)))
        for group in opt.param_groups:
            group['lr'] = 3e-3 * 0.5 * (1 + np.cos(np.pi * epoch / EPOCHS))
        net.train()
        total, steps = 0.0, len(order) // 256
        for s in range(steps):
            b = order[s * 256:(s + 1) * 256]
            loss = F.cross_entropy(net(augment(x[b], g)), y[b])
            opt.zero_grad(); loss.backward(); opt.step()
            total += loss.item()
        print(f'{log}epoch {epoch + 1}/{EPOCHS}: loss {total / steps:.4f}, {len(order)} samples, {time.time() - started:.0f} s', flush=True)
    net.eval()
    return net


@torch.no_grad()
def predict(net, x):
    return F.softmax(net(torch.from_numpy(x).unsqueeze(1)), 1).numpy()


def settings():
    """What a trained model's figures depend on besides the data tag (saved with it, checked by export.py)."""
    return {'widths': list(WIDTHS), 'epochs': EPOCHS, 'seed': SEED, 'wicht_per_epoch': WICHT_PER_EPOCH, 'synth_per_epoch': SYNTH_PER_EPOCH}


def save_fold(net, tag, fold):
    """Fold model K of a CV run (trained without fold K's puzzles): export.py folds writes it for
    bench/paper-folds.ts."""
    os.makedirs(os.path.join(CACHE, 'folds'), exist_ok=True)
    torch.save({'state': net.state_dict(), 'widths': WIDTHS, 'data': tag, 'fold': fold, 'folds': FOLDS, 'settings': settings()},
               os.path.join(CACHE, 'folds', f'digits-{tag}-fold-{fold}.pt'))


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else 'cv'
    flags = set(sys.argv[2:])
    pen_meta, pen_x = load_img80('pen')
    full_meta = np.fromfile(os.path.join(CACHE, 'pen.meta.bin'), dtype='<i2').reshape(-1, 8).astype(np.int64)
    idx = np.fromfile(os.path.join(CACHE, 'pen.img80.idx'), dtype='<i4').astype(np.int64)
    kinds = pen_kinds(full_meta)[idx]
    wm, wx = load_img80('wicht')
    synth = None if '--no-synth' in flags else synth_img80('--no-mnist' not in flags)
    tag = 'pen+wicht' + ('' if synth is None else '+synth' + ('-nomnist' if '--no-mnist' in flags else ''))
    extra = [(wx, wm[:, 5], WICHT_PER_EPOCH)]
    if synth is not None:
        extra.append((synth[1], synth[0][:, 5], SYNTH_PER_EPOCH))
    if mode == 'final':
        net = train([(pen_x, pen_meta[:, 5], None)] + extra, log='final ')
        torch.save({'state': net.state_dict(), 'widths': WIDTHS, 'data': tag, 'settings': settings()}, os.path.join(CACHE, 'digits-final.pt'))
        return
    right = {1: [], 2: []}
    probs = np.zeros((len(pen_x), 9), np.float32)
    for fold in range(FOLDS):
        held = pen_meta[:, 2] == fold
        net = train([(pen_x[~held], pen_meta[~held, 5], None)] + extra, log=f'fold {fold} ')
        save_fold(net, tag, fold)
        probs[held] = predict(net, pen_x[held])
        p = probs[held].argmax(1) + 1
        for k in (1, 2):
            m = kinds[held] == k
            right[k].append(p[m] == pen_meta[held][m, 5])
        print(f"fold {fold}: given {np.mean(right[1][-1]):.4f} entry {np.mean(right[2][-1]):.4f}", flush=True)
    result = {'data': tag, 'widths': WIDTHS, 'epochs': EPOCHS,
              'given_digit_acc': float(np.concatenate(right[1]).mean()), 'given_n': int(sum(len(r) for r in right[1])),
              'entry_digit_acc': float(np.concatenate(right[2]).mean()), 'entry_n': int(sum(len(r) for r in right[2]))}
    print('ALL ' + json.dumps(result), flush=True)
    with open(os.path.join(CACHE, f'cv-digits-{tag}.json'), 'w') as f:
        json.dump(result, f, indent=1)
    np.savez_compressed(os.path.join(CACHE, f'cv-digits-{tag}-pred.npz'), meta=pen_meta, kind=kinds, probs=probs)


if __name__ == '__main__':
    main()
