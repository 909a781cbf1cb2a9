"""A digit model on cells.ts's normalised digit image (80x80, digit ~40 px high), for written
entries, measured by puzzle against the cell model's digit head.

    nice /usr/bin/python3 training/paper/train_digits.py cv [--no-synth] [--no-mnist]
    nice /usr/bin/python3 training/paper/train_digits.py final   -> .cache/train-paper/digits-final.pt

Same network as classifier.ts (the printed-digit voter), so the app runs it with DigitClassifier
and its stored format (EncodedDigitModel): the central CROP x CROP (60) averaged in blocks to
INPUT x INPUT (20), ink = 1 - grey/255; conv 3x3 (C1) + ReLU, pool, conv 3x3 (C2) + ReLU, pool,
dense H + ReLU, dense 9; or, DIGIT_NET=deep, two convolutions (C1, C1; C2, C2) before each pool. Trained on the given and entry cells of the pen photos (img80 of
cut-real.ts), the Wicht givens and the synthetic pages' givens and entries (MNIST and
handwriting fonts).

Variants (environment; the defaults are the first shipped set-up, the one shipped now is in
README.md's Steps, with what each variant gave):
  DIGIT_WIDTHS=C1,C2,H  DIGIT_INPUT=20 DIGIT_CROP=60  EPOCHS=3  SEED=1
  DIGIT_AUG=shift   shifts of up to 1 px at the network input (shipped), or
           warp    each 80x80 image turned, slanted, stretched, shifted, elastically bent and its
                   strokes thickened or thinned before the crop (warp_batch)
  ENTRY_REPEAT=1    the pen entries taken this many times an epoch (givens once)
  SYNTH_ENTRY_SHARE  fraction of the SYNTH_PER_EPOCH synthetic cells drawn from their entries
                     (default: drawn from all alike, ~47% entries)
  MNIST_PER_EPOCH=0  MNIST digits (mnist80.py's 80x80 images) drawn afresh each epoch
  OVER_PER_EPOCH=0   synthetic entries written over their cell's pencil candidates (synth_pages.py
                     --over-marks) drawn afresh each epoch, besides SYNTH_PER_EPOCH's draw
  MARKS_PER_EPOCH=0  pencil candidates (cut-marks.ts's marks-synth.*: each piece of the synthetic
                    pages' marks cells, normalised as paper/marks.ts reads it) drawn afresh each epoch
  PEN_LIGHT=0       the pen entries as written in a lighter pen (cut-light.ts's pen-light.*) whose
                    80x80 image is not blank, this many times an epoch: the digits cells.ts cuts
                    short when light strokes fall apart (a 5 without its bar, a 4 as its stem)
  LABEL_SMOOTHING=0  the loss's label smoothing: a model less sure of itself, so that the solution
                    settles more misreads (paper.ts's INFORMED_RATIO), and hides more mistakes
                    (README.md, "All of MNIST's training set"; not shipped)
  TEACHERS=a.pt,b.json  distil them (trained .pt or exported models): the loss also asks for the
                    teachers' reading of each augmented batch (their geometric mean, softened at
                    KD_TEMPERATURE=2), weighed KD_WEIGHT=0.7 against the label's (Hinton et al.
                    2015), so one model learns what an ensemble reads, at one model's cost
                    (README.md, "Members with other seeds"; not shipped)
  WARP_THIN_KEEP_SHAPE=1  warp's thinning only where it keeps the digit's pieces and loops
                    (README.md, "Thinning that keeps a digit's shape"; not shipped)
  VARIANT=name      names the CV run's files (cv-digits-<data>-<name>.*), so variants coexist
  DIGIT_NET=shallow  the network: shallow (one conv before each pool), or deep (two; DigitNet)
  MNIST_HOLDOUT=0   every (n / MNIST_HOLDOUT)-th MNIST training digit kept out of training, so
                    models can be compared on writers of MNIST's kind that none of them saw
  OUT=path          where `final` saves the model (default .cache/train-paper/digits-final.pt)
"""
import json
import math
import os
import sys
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

from synth_pages import ink_shape, shape_kept
from train import CACHE, FOLDS, ROOT, SEED, UNKNOWN, pen_kinds

torch.set_num_threads(2)
WIDTHS = tuple(int(v) for v in os.environ.get('DIGIT_WIDTHS', '16,32,128').split(','))
INPUT = int(os.environ.get('DIGIT_INPUT', 20))
CROP = int(os.environ.get('DIGIT_CROP', 60))
EPOCHS = int(os.environ.get('EPOCHS', 3))
SYNTH_PER_EPOCH = int(os.environ.get('SYNTH_PER_EPOCH', 8000))
WICHT_PER_EPOCH = int(os.environ.get('WICHT_PER_EPOCH', 3000))
AUG = os.environ.get('DIGIT_AUG', 'shift')
ENTRY_REPEAT = int(os.environ.get('ENTRY_REPEAT', 1))
SYNTH_ENTRY_SHARE = float(os.environ['SYNTH_ENTRY_SHARE']) if 'SYNTH_ENTRY_SHARE' in os.environ else None
MNIST_PER_EPOCH = int(os.environ.get('MNIST_PER_EPOCH', 0))
OVER_PER_EPOCH = int(os.environ.get('OVER_PER_EPOCH', 0))
MARKS_PER_EPOCH = int(os.environ.get('MARKS_PER_EPOCH', 0))
PEN_LIGHT = int(os.environ.get('PEN_LIGHT', 0))
LABEL_SMOOTHING = float(os.environ.get('LABEL_SMOOTHING', 0))
VARIANT = os.environ.get('VARIANT', '')
NET_KIND = os.environ.get('DIGIT_NET', 'shallow')
MNIST_HOLDOUT = int(os.environ.get('MNIST_HOLDOUT', 0))
TEACHERS = [p for p in os.environ.get('TEACHERS', '').split(',') if p]
KD_TEMPERATURE = float(os.environ.get('KD_TEMPERATURE', 2))
KD_WEIGHT = float(os.environ.get('KD_WEIGHT', 0.7))
# warp's ranges (80x80 pixels and radians): measured on nothing, set by eye from the train photos'
# entries (slant up to ~15 degrees, strokes 2-8 px at this scale) and left as they are.
WARP = {'rotate': float(os.environ.get('WARP_ROTATE', 0.14)), 'shear': float(os.environ.get('WARP_SHEAR', 0.25)),
        'stretch': float(os.environ.get('WARP_STRETCH', 0.12)), 'scale': float(os.environ.get('WARP_SCALE', 0.06)),
        'shift': float(os.environ.get('WARP_SHIFT', 3)), 'elastic': float(os.environ.get('WARP_ELASTIC', 2.0)),
        'stroke': float(os.environ.get('WARP_STROKE', 0.5))}
# WARP_THIN_KEEP_SHAPE=1: warp's thinning left out of a digit it would break or open (shapes_kept):
# at half ink it does so to 18% of mnist80's digits, 30% of the 8s (README.md, 2026-12-01).
WARP_THIN_KEEP_SHAPE = os.environ.get('WARP_THIN_KEEP_SHAPE') == '1'
assert CROP % INPUT == 0 and INPUT % 4 == 0 and CROP <= 80


def net_input(img):
    """uint8 80x80 images -> the network input: the central CROP square in f x f block means as
    ink (classifier.ts's cellInput)."""
    f, off = CROP // INPUT, (80 - CROP) // 2
    x = img[:, off:off + CROP, off:off + CROP].reshape(-1, INPUT, f, INPUT, f).mean(axis=(2, 4)).astype(np.float32)
    return 1 - x / 255


def load_img80(name):
    """(meta, x): x is the network input (DIGIT_AUG=shift) or the uint8 80x80 images (warp)."""
    base = os.path.join(CACHE, name)
    meta = np.fromfile(base + '.meta.bin', dtype='<i2').reshape(-1, 8).astype(np.int64)
    idx = np.fromfile(base + '.img80.idx', dtype='<i4').astype(np.int64)
    img = np.fromfile(base + '.img80.bin', dtype=np.uint8).reshape(-1, 80, 80)
    return meta[idx], (img if AUG == 'warp' else net_input(img))


def synth_sets():
    """The cut synthetic page sets under .cache/train-paper (synth-1, synth-2-over, ...)."""
    return [n[:-len('.img80.idx')] for n in sorted(os.listdir(CACHE)) if n.startswith('synth-') and n.endswith('.img80.idx')]


def synth_img80(use_mnist):
    metas, xs = [], []
    for stem in synth_sets():
        m, x = load_img80(stem)
        if not use_mnist:
            with open(os.path.join(CACHE, stem, 'pages.json')) as f:
                mnist_pages = np.array([p.get('mnist', False) for p in json.load(f)['pages']])
            keep = ~mnist_pages[m[:, 1]]
            m, x = m[keep], x[keep]
        metas.append(m); xs.append(x)
    return (np.concatenate(metas), np.concatenate(xs)) if metas else None


class DigitNet(nn.Module):
    """DIGIT_NET=shallow: conv C1, pool, conv C2, pool, dense H, dense 9 (classifier.ts's network);
    deep: two convs before each pool (conv C1, conv C1, pool, conv C2, conv C2, pool), as VGG
    stacks them, for a wider view per unit at the same pooling (core/nn.ts's Net runs it)."""

    def __init__(self, widths=WIDTHS, side=INPUT, kind=None):
        super().__init__()
        c1, c2, h = widths
        self.kind = kind or NET_KIND
        self.conv1 = nn.Conv2d(1, c1, 3, padding=1)
        if self.kind == 'deep':
            self.conv1b = nn.Conv2d(c1, c1, 3, padding=1)
        self.conv2 = nn.Conv2d(c1, c2, 3, padding=1)
        if self.kind == 'deep':
            self.conv2b = nn.Conv2d(c2, c2, 3, padding=1)
        self.fc = nn.Linear(c2 * (side // 4) ** 2, h)
        self.out = nn.Linear(h, 9)
        self.drop = nn.Dropout(0.3)

    def forward(self, x):
        x = F.relu(self.conv1(x))
        if self.kind == 'deep':
            x = F.relu(self.conv1b(x))
        x = F.relu(self.conv2(F.max_pool2d(x, 2)))
        if self.kind == 'deep':
            x = F.relu(self.conv2b(x))
        x = F.max_pool2d(x, 2)
        return self.out(self.drop(F.relu(self.fc(x.flatten(1)))))


def augment(x, g):
    """x: network inputs [N,1,INPUT,INPUT] (shift) or uint8 80x80 images [N,1,80,80] (warp)."""
    if AUG == 'warp':
        x = warp_batch(1 - x.float() / 255, g)
        f, off = CROP // INPUT, (80 - CROP) // 2
        out = F.avg_pool2d(x[:, :, off:off + CROP, off:off + CROP], f)
    else:
        dx, dy = (int(v) for v in torch.randint(0, 3, (2,), generator=g))
        out = F.pad(x, (1, 1, 1, 1), mode='replicate')[:, :, dy:dy + INPUT, dx:dx + INPUT]
    n = x.shape[0]
    gain = 0.7 + 0.6 * torch.rand(n, 1, 1, 1, generator=g)
    return (out * gain + 0.02 * torch.randn(out.shape, generator=g)).clamp(0, 1)


def warp_batch(ink, g):
    """Each 80x80 ink image [N,1,80,80] turned (up to WARP['rotate'] rad), slanted (x += shear * y),
    stretched in x and scaled, shifted (px), bent by a smooth random field (elastic, px) and its
    strokes thickened (3x3 dilation) or thinned (2x2 erosion), each with probability stroke / 2."""
    n = ink.shape[0]
    u = lambda: 2 * torch.rand(n, generator=g) - 1
    a, sh = WARP['rotate'] * u(), WARP['shear'] * u()
    sc = 1 + WARP['scale'] * u()
    sx, sy = sc * (1 + WARP['stretch'] * u()), sc
    cos, sin = torch.cos(a), torch.sin(a)
    # theta maps output to input coordinates (normalised): rotation @ shear @ scale.
    theta = torch.zeros(n, 2, 3)
    theta[:, 0, 0] = cos * sx
    theta[:, 0, 1] = (cos * sh - sin) * sy
    theta[:, 1, 0] = sin * sx
    theta[:, 1, 1] = (sin * sh + cos) * sy
    theta[:, 0, 2] = WARP['shift'] * u() / 40
    theta[:, 1, 2] = WARP['shift'] * u() / 40
    grid = F.affine_grid(theta, (n, 1, 80, 80), align_corners=False)
    if WARP['elastic'] > 0:
        field = torch.randn(n, 2, 4, 4, generator=g) * (WARP['elastic'] / 40)
        grid = grid + F.interpolate(field, size=(80, 80), mode='bicubic', align_corners=True).permute(0, 2, 3, 1)
    out = F.grid_sample(ink, grid, mode='bilinear', padding_mode='zeros', align_corners=False)
    r = torch.rand(n, generator=g)
    thick = r < WARP['stroke'] / 2
    thin = (r >= WARP['stroke'] / 2) & (r < WARP['stroke'])
    if thick.any():
        out[thick] = F.max_pool2d(out[thick], 3, 1, 1)
    if thin.any():
        thinned = -F.max_pool2d(F.pad(-out[thin], (0, 1, 0, 1), value=-1.0), 2, 1)
        out[thin] = shapes_kept(out[thin], thinned) if WARP_THIN_KEEP_SHAPE else thinned
    return out


def shapes_kept(before, after):
    """Each image of `after` that keeps its image of `before`'s shape at half ink (synth_pages.py's
    shape_kept; a 2x2 px speck is no piece), else that of `before`."""
    kept = before.clone()
    for i in range(len(before)):
        if shape_kept(ink_shape(before[i, 0].numpy() >= 0.5, 4), ink_shape(after[i, 0].numpy() >= 0.5, 4)):
            kept[i] = after[i]
    return kept


def load_net(path):
    """A saved model in eval mode, and the (input, crop) it reads: a .pt of this script's, or an
    exported one (models/written-digits.ts, a fold's written-digits.json: export.py's decode_digits)."""
    if path.endswith(('.ts', '.json')):
        from export import decode_digits  # not at the top: export.py imports this module for its fixture
        saved = decode_digits(path)
    else:
        saved = torch.load(path, weights_only=False)
    net = DigitNet(tuple(saved['widths']), saved['input'], saved.get('net', 'shallow'))
    net.load_state_dict(saved['state'])
    return net.eval(), (saved['input'], saved['crop'])


def distilled_loss(logits, x, y, teachers):
    """The label's cross-entropy, and with teachers, the softened teachers' geometric mean's (KD)."""
    hard = F.cross_entropy(logits, y, label_smoothing=LABEL_SMOOTHING)
    if not teachers:
        return hard
    with torch.no_grad():
        mean = torch.stack([F.log_softmax(t(x) / KD_TEMPERATURE, 1) for t in teachers]).mean(0)
        target = F.softmax(mean, 1)
    soft = F.kl_div(F.log_softmax(logits / KD_TEMPERATURE, 1), target, reduction='batchmean') * KD_TEMPERATURE ** 2
    return (1 - KD_WEIGHT) * hard + KD_WEIGHT * soft


def train(parts, log=''):
    torch.manual_seed(SEED)
    g = torch.Generator().manual_seed(SEED)
    rs = np.random.default_rng(SEED)
    net = DigitNet()
    teachers = []
    for path in TEACHERS:
        teacher, view = load_net(path)
        assert view == (INPUT, CROP), f'{path} reads {view}, not {(INPUT, CROP)}'
        teachers.append(teacher)
    opt = torch.optim.Adam(net.parameters(), lr=3e-3, weight_decay=1e-5)
    for epoch in range(EPOCHS):
        started = time.time()
        xs, ys = [], []
        for x, y, take in parts:
            if take is None:
                idx = rs.permutation(len(x))
            elif isinstance(take, tuple):  # ('repeat', k)
                idx = np.concatenate([rs.permutation(len(x)) for _ in range(take[1])])
            else:
                idx = rs.choice(len(x), min(take, len(x)), replace=False)
            xs.append(x[idx]); ys.append(y[idx])
        x = torch.from_numpy(np.concatenate(xs)).unsqueeze(1)  # uint8 stays uint8 (warp) until the batch
        y = torch.from_numpy(np.concatenate(ys) - 1)
        order = torch.from_numpy(rs.permutation(len(x)))
        for group in opt.param_groups:
            group['lr'] = 3e-3 * 0.5 * (1 + np.cos(np.pi * epoch / EPOCHS))
        net.train()
        total, steps = 0.0, len(order) // 256
        for s in range(steps):
            b = order[s * 256:(s + 1) * 256]
            xb = augment(x[b], g)
            loss = distilled_loss(net(xb), xb, y[b], teachers)
            opt.zero_grad(); loss.backward(); opt.step()
            total += loss.item()
        print(f'{log}epoch {epoch + 1}/{EPOCHS}: loss {total / steps:.4f}, {len(order)} samples, {time.time() - started:.0f} s', flush=True)
    net.eval()
    return net


@torch.no_grad()
def predict(net, x):
    """Probabilities of the network inputs, or of uint8 80x80 images (warp)."""
    if x.dtype == np.uint8:
        x = net_input(x)
    return F.softmax(net(torch.from_numpy(x).unsqueeze(1)), 1).numpy()


def settings():
    """What a trained model's figures depend on besides the data tag (saved with it, checked by export.py)."""
    out = {'widths': list(WIDTHS), 'epochs': EPOCHS, 'seed': SEED, 'wicht_per_epoch': WICHT_PER_EPOCH, 'synth_per_epoch': SYNTH_PER_EPOCH}
    # Only what differs from the first shipped set-up, so its settings read as before.
    if (INPUT, CROP) != (20, 60):
        out.update(input=INPUT, crop=CROP)
    if AUG != 'shift':
        out.update(aug=AUG, warp=WARP)
    if ENTRY_REPEAT != 1:
        out.update(entry_repeat=ENTRY_REPEAT)
    if SYNTH_ENTRY_SHARE is not None:
        out.update(synth_entry_share=SYNTH_ENTRY_SHARE)
    if MNIST_PER_EPOCH:
        # mnist80.npz's size tells MNIST's training set (54,077 digits 1-9) from the `mnist`
        # package's four fifths (7,196) that models before 2026-11-27 drew from.
        out.update(mnist_per_epoch=MNIST_PER_EPOCH, mnist_digits=len(np.load(os.path.join(CACHE, 'mnist80.npz'))['digits']))
    if OVER_PER_EPOCH:
        out.update(over_per_epoch=OVER_PER_EPOCH)
    if MARKS_PER_EPOCH:
        out.update(marks_per_epoch=MARKS_PER_EPOCH)
    if PEN_LIGHT:
        out.update(pen_light=PEN_LIGHT)
    if LABEL_SMOOTHING:
        out.update(label_smoothing=LABEL_SMOOTHING)
    if NET_KIND != 'shallow':
        out.update(net=NET_KIND)
    if MNIST_HOLDOUT:
        out.update(mnist_holdout=MNIST_HOLDOUT)
    if TEACHERS:
        out.update(teachers=[os.path.relpath(os.path.abspath(p), ROOT) for p in TEACHERS], kd_temperature=KD_TEMPERATURE, kd_weight=KD_WEIGHT)
    sets = synth_sets()
    if sets not in ([], ['synth-1']):
        out.update(synth_sets=sets)
    return out


def mnist_holdout_mask(n):
    """The mnist80.npz digits trained on: all but every (n // MNIST_HOLDOUT)-th (MNIST_HOLDOUT)."""
    keep = np.ones(n, bool)
    if MNIST_HOLDOUT:
        keep[::n // MNIST_HOLDOUT] = False
    return keep


def save_fold(net, tag, fold):
    """Fold model K of a CV run (trained without fold K's puzzles): export.py folds writes it for
    bench/paper-folds.ts."""
    os.makedirs(os.path.join(CACHE, 'folds'), exist_ok=True)
    torch.save({'state': net.state_dict(), 'widths': WIDTHS, 'input': INPUT, 'crop': CROP, 'net': NET_KIND, 'data': tag, 'variant': VARIANT,
                'fold': fold, 'folds': FOLDS, 'settings': settings()},
               os.path.join(CACHE, 'folds', f'digits-{run_name(tag)}-fold-{fold}.pt'))


def run_name(tag):
    return tag + (f'-{VARIANT}' if VARIANT else '')


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
        if SYNTH_ENTRY_SHARE is None:
            extra.append((synth[1], synth[0][:, 5], SYNTH_PER_EPOCH))
        else:
            entry = synth[0][:, 4] == 2
            n_entries = int(round(SYNTH_ENTRY_SHARE * SYNTH_PER_EPOCH))
            extra.append((synth[1][entry], synth[0][entry, 5], n_entries))
            extra.append((synth[1][~entry], synth[0][~entry, 5], SYNTH_PER_EPOCH - n_entries))
        if OVER_PER_EPOCH:
            over = (synth[0][:, 4] == 2) & (synth[0][:, 7] != 0)
            print(f'synthetic entries over marks: {over.sum()}', flush=True)
            extra.append((synth[1][over], synth[0][over, 5], OVER_PER_EPOCH))
    if MNIST_PER_EPOCH:
        m = np.load(os.path.join(CACHE, 'mnist80.npz'))
        # MNIST_HOLDOUT: every k-th digit kept out, to compare models on writers of a kind none trained on.
        train_part = mnist_holdout_mask(len(m['digits']))
        extra.append(((m['images'] if AUG == 'warp' else net_input(m['images']))[train_part], m['digits'][train_part].astype(np.int64), MNIST_PER_EPOCH))
    if MARKS_PER_EPOCH:
        mm, mx = load_img80('marks-synth')
        extra.append((mx, mm[:, 5], MARKS_PER_EPOCH))

    if PEN_LIGHT:
        light_meta, light_x = load_img80('pen-light')
        blank = (np.fromfile(os.path.join(CACHE, 'pen-light.img80.bin'), dtype=np.uint8).reshape(-1, 80 * 80) >= 128).all(1)
        light_meta, light_x = light_meta[~blank], light_x[~blank]
        print(f'pen-light: {len(light_x)} entries with a digit image (of {len(blank)})', flush=True)

    def pen_parts(mask, fold=None):
        """The pen cells of `mask`: all once, the entries ENTRY_REPEAT times in all; the light-pen
        entries of the same photos (all but fold `fold`) PEN_LIGHT times."""
        parts = [(pen_x[mask], pen_meta[mask, 5], None)]
        if ENTRY_REPEAT > 1:
            more = mask & (kinds == 2)
            parts.append((pen_x[more], pen_meta[more, 5], ('repeat', ENTRY_REPEAT - 1)))
        if PEN_LIGHT:
            keep = light_meta[:, 2] != fold
            parts.append((light_x[keep], light_meta[keep, 5], ('repeat', PEN_LIGHT)))
        return parts

    if mode == 'final':
        net = train(pen_parts(np.ones(len(pen_x), bool)) + extra, log='final ')
        out = os.environ.get('OUT', os.path.join(CACHE, 'digits-final.pt'))
        torch.save({'state': net.state_dict(), 'widths': WIDTHS, 'input': INPUT, 'crop': CROP, 'net': NET_KIND, 'data': tag,
                    'variant': VARIANT, 'settings': settings()}, out)
        print(f'-> {out}', flush=True)
        return
    right = {1: [], 2: []}
    probs = np.zeros((len(pen_x), 9), np.float32)
    for fold in range(FOLDS):
        held = pen_meta[:, 2] == fold
        net = train(pen_parts(~held, fold) + extra, log=f'fold {fold} ')
        save_fold(net, tag, fold)
        probs[held] = predict(net, pen_x[held])
        p = probs[held].argmax(1) + 1
        for k in (1, 2):
            m = kinds[held] == k
            right[k].append(p[m] == pen_meta[held][m, 5])
        print(f"fold {fold}: given {np.mean(right[1][-1]):.4f} entry {np.mean(right[2][-1]):.4f}", flush=True)
    result = {'data': tag, 'variant': VARIANT, 'settings': settings(), 'widths': WIDTHS, 'epochs': EPOCHS,
              'given_digit_acc': float(np.concatenate(right[1]).mean()), 'given_n': int(sum(len(r) for r in right[1])),
              'entry_digit_acc': float(np.concatenate(right[2]).mean()), 'entry_n': int(sum(len(r) for r in right[2]))}
    print('ALL ' + json.dumps(result), flush=True)
    with open(os.path.join(CACHE, f'cv-digits-{run_name(tag)}.json'), 'w') as f:
        json.dump(result, f, indent=1)
    np.savez_compressed(os.path.join(CACHE, f'cv-digits-{run_name(tag)}-pred.npz'), meta=pen_meta, kind=kinds, probs=probs)


if __name__ == '__main__':
    main()
