"""Trains the cell model (patch -> kind and digit) on CPU and measures it by puzzle.

    nice /usr/bin/python3 training/paper/train.py cv [--no-synth] [--no-mnist] [--no-wicht]
    nice /usr/bin/python3 training/paper/train.py final --no-synth   -> .cache/train-paper/final.pt
                                                      (the shipped model: pen + Wicht cells)

Data (cut by cut-real.ts and cut-synth.ts into .cache/train-paper/, see README.md):
- pen.*: the Kubiesa pen photos, train split only, 3 cuts per photo (exact corners, 2 jittered);
  kinds of the digit cells (given or entry) from pen-kinds.json when kinds.ts has written it,
  else "a digit of unknown kind", trained with -log(p(given) + p(entry)).
- wicht.*: Wicht's printed photos: givens of many newspaper fonts, and empty cells.
- synth-*.*: rendered pages (synth_pages.py); pages.json says which used MNIST digits.

`cv` trains one model per fold on the other four folds' photos (plus the other data) and scores
it on the held-out fold's photos only: every photo of a puzzle on the same side.
"""
import json
import os
import sys
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.set_num_threads(2)

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), '../..'))
CACHE = os.path.join(ROOT, '.cache/train-paper')
SIDE = 32
FOLDS = 5
KINDS = ['empty', 'given', 'entry', 'marks']
UNKNOWN = -1
SRC_PEN, SRC_WICHT, SRC_SYNTH = 0, 1, 2

# Network widths: conv 3x3 (C1, C2, C3) each + ReLU + 2x2 max-pool, dense H, heads 4 and 9.
# ~0.7 M multiply-adds a cell (the TS runtime's budget: 81 cells well under 100 ms; 57 ms of CPU).
WIDTHS = tuple(int(v) for v in os.environ.get('WIDTHS', '8,16,32,64').split(','))
EPOCHS = int(os.environ.get('EPOCHS', 6))
# Samples per epoch from each source (drawn afresh each epoch): real pen cells are all used.
SYNTH_PER_EPOCH = int(os.environ.get('SYNTH_PER_EPOCH', 6000))
WICHT_PER_EPOCH = int(os.environ.get('WICHT_PER_EPOCH', 4000))
PEN_REPEAT = int(os.environ.get('PEN_REPEAT', 1))
SEED = int(os.environ.get('SEED', 1))
# Training shifts of up to SHIFT patch pixels: a 1% corner error moves a cell's content by up to
# ~3, and the held-out given-digit errors of the shipped (+-2 px) run are nearly all on jittered
# cuts with off-centre digits; 3 was only tried together with the synthetic pages (README).
SHIFT = int(os.environ.get('SHIFT', 2))
# Light-ink augmentation of the entries (givens, printed, stay as dark as they are: a first run
# that lightened them too read 6 val entries as givens). A LIGHT_P share of the entries has its ink
# scaled so that its contrast (the patch's 90th percentile grey less its 1st) becomes
# LIGHT_CONTRAST (uniform, grey levels; never darker than it was), then half of those softened
# (mean with a 3x3 blur) and half thinned (mean with a 2x2 erosion). Measured on the 32x32 patches
# of the pen photos' entries: the train split's have a median contrast of 156, 5% below 98 and 1%
# below 52, while the lightest pen on the pen photos has 45-70 (its strokes never reach grey 128),
# strokes 2.0-2.2 px wide at the half-contrast cut against 2.4. Off by default: the shipped model
# has none (README.md, "Light ink").
LIGHT_P = float(os.environ.get('LIGHT_P', 0))
LIGHT_CONTRAST = tuple(float(v) for v in os.environ.get('LIGHT_CONTRAST', '40,100').split(','))


def load_set(name):
    base = os.path.join(CACHE, name)
    meta = np.fromfile(base + '.meta.bin', dtype='<i2').reshape(-1, 8).astype(np.int64)
    patches = np.fromfile(base + '.patch.bin', dtype=np.uint8).reshape(-1, SIDE, SIDE)
    return {'meta': meta, 'x': patches}


def pen_kinds(meta):
    """Kinds of the pen cells: pen-kinds.json (from kinds.ts) where known, else the cut's own."""
    kinds = meta[:, 4].copy()
    path = os.path.join(CACHE, 'pen-kinds.json')
    if os.path.exists(path):
        with open(path) as f:
            table = json.load(f)['kinds']
        for i, (page, cell) in enumerate(zip(meta[:, 1], meta[:, 3])):
            k = table[page][cell]
            if kinds[i] == UNKNOWN and k in (1, 2):
                kinds[i] = k
    return kinds


def synth_sets(use_mnist):
    sets = []
    for name in sorted(os.listdir(CACHE)):
        if not (name.startswith('synth-') and name.endswith('.meta.bin')):
            continue
        stem = name[:-len('.meta.bin')]
        s = load_set(stem)
        if not use_mnist:
            with open(os.path.join(CACHE, stem, 'pages.json')) as f:
                mnist_pages = np.array([p.get('mnist', False) for p in json.load(f)['pages']])
            keep = ~mnist_pages[s['meta'][:, 1]]
            s = {'meta': s['meta'][keep], 'x': s['x'][keep]}
        sets.append(s)
    if not sets:
        return None
    return {'meta': np.concatenate([s['meta'] for s in sets]), 'x': np.concatenate([s['x'] for s in sets])}


class CellNet(nn.Module):
    def __init__(self, widths=WIDTHS):
        super().__init__()
        c1, c2, c3, h = widths
        self.conv1 = nn.Conv2d(1, c1, 3, padding=1)
        self.conv2 = nn.Conv2d(c1, c2, 3, padding=1)
        self.conv3 = nn.Conv2d(c2, c3, 3, padding=1)
        self.fc = nn.Linear(c3 * (SIDE // 8) ** 2, h)
        self.kind = nn.Linear(h, 4)
        self.digit = nn.Linear(h, 9)
        self.drop = nn.Dropout(0.3)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        x = F.max_pool2d(F.relu(self.conv3(x)), 2)
        x = self.drop(F.relu(self.fc(x.flatten(1))))
        return self.kind(x), self.digit(x)


def to_input(patches):
    """uint8 patches (paper ~255) -> float ink 0..1, [N, 1, SIDE, SIDE]: what paper/cell-classifier.ts feeds."""
    return 1 - torch.from_numpy(patches).float().unsqueeze(1) / 255


def augment(x, g, entries=None):
    """Shifts of up to SHIFT px (one per batch: batches are random), contrast and paper-level
    changes, noise; x is ink [N,1,S,S]. entries (bool [N]): the cells light_ink may lighten."""
    n = x.shape[0]
    dx, dy = (int(v) for v in torch.randint(0, 2 * SHIFT + 1, (2,), generator=g))
    out = F.pad(x, (SHIFT,) * 4, mode='replicate')[:, :, dy:dy + SIDE, dx:dx + SIDE]
    if LIGHT_P > 0 and entries is not None:
        out = light_ink(out, entries & (torch.rand(n, generator=g) < LIGHT_P), g)
    gain = 0.7 + 0.6 * torch.rand(n, 1, 1, 1, generator=g)
    offset = 0.04 * (torch.rand(n, 1, 1, 1, generator=g) - 0.5)
    noise = 0.02 * torch.rand(n, 1, 1, 1, generator=g) * torch.randn(out.shape, generator=g)
    return (out * gain + offset + noise).clamp(0, 1)


def light_ink(x, chosen, g):
    """The chosen cells written in a lighter, thinner pen (see LIGHT_P): ink scaled toward the paper,
    then softened or thinned."""
    if not chosen.any():
        return x
    out = x.clone()
    sel = out[chosen]
    k = sel.shape[0]
    flat = sel.flatten(1)
    contrast = (torch.quantile(flat, 0.99, dim=1) - torch.quantile(flat, 0.10, dim=1)).clamp(min=1e-3)
    lo, hi = LIGHT_CONTRAST
    target = (lo + (hi - lo) * torch.rand(k, generator=g)) / 255
    sel = sel * (target / contrast).clamp(max=1).view(k, 1, 1, 1)
    r = torch.rand(k, generator=g)
    soft, thin = r < 0.5, r >= 0.5
    if soft.any():
        sel[soft] = (sel[soft] + F.avg_pool2d(F.pad(sel[soft], (1, 1, 1, 1), mode='replicate'), 3, 1)) / 2
    if thin.any():
        eroded = -F.max_pool2d(F.pad(-sel[thin], (0, 1, 0, 1), value=-1.0), 2, 1)
        sel[thin] = (sel[thin] + eroded) / 2
    out[chosen] = sel
    return out


def loss_of(kind_logits, digit_logits, kind, digit):
    logp = F.log_softmax(kind_logits, 1)
    known = kind >= 0
    loss = torch.zeros((), dtype=logp.dtype)
    if known.any():
        loss = loss + F.nll_loss(logp[known], kind[known], reduction='sum')
    unknown = ~known
    if unknown.any():
        # A digit whose kind is not labelled: given or entry, whichever.
        loss = loss - torch.logsumexp(logp[unknown][:, 1:3], 1).sum()
    has_digit = digit > 0
    if has_digit.any():
        loss = loss + F.cross_entropy(digit_logits[has_digit], digit[has_digit] - 1, reduction='sum')
    return loss / kind.shape[0]


def train(parts, epochs=EPOCHS, seed=SEED, log=''):
    """parts: list of (x uint8 [N,S,S], kind [N], digit [N], per_epoch or None for all x repeat)."""
    torch.manual_seed(seed)
    g = torch.Generator().manual_seed(seed)
    rs = np.random.default_rng(seed)
    net = CellNet()
    opt = torch.optim.Adam(net.parameters(), lr=3e-3, weight_decay=1e-5)
    steps_per_epoch = None
    for epoch in range(epochs):
        started = time.time()
        xs, ks, ds = [], [], []
        for x, kind, digit, take in parts:
            if take[0] == 'repeat':
                idx = np.concatenate([rs.permutation(len(x)) for _ in range(take[1])])
            else:
                idx = rs.choice(len(x), min(take[1], len(x)), replace=False)
            xs.append(x[idx]); ks.append(kind[idx]); ds.append(digit[idx])
        x = np.concatenate(xs); kind = np.concatenate(ks); digit = np.concatenate(ds)
        order = rs.permutation(len(x))
        batch = 256
        steps_per_epoch = len(order) // batch
        lr = 3e-3 * 0.5 * (1 + np.cos(np.pi * epoch / epochs))
        for group in opt.param_groups:
            group['lr'] = lr
        net.train()
        total = 0.0
        for s in range(steps_per_epoch):
            b = order[s * batch:(s + 1) * batch]
            kb = torch.from_numpy(kind[b])
            inp = augment(to_input(x[b]), g, kb == 2)
            kl, dl = net(inp)
            loss = loss_of(kl, dl, kb, torch.from_numpy(digit[b]))
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item()
        print(f'{log}epoch {epoch + 1}/{epochs}: loss {total / steps_per_epoch:.4f}, {len(order)} samples, {time.time() - started:.0f} s', flush=True)
    net.eval()
    return net


@torch.no_grad()
def predict(net, patches):
    net.eval()
    kinds, digits = [], []
    for s in range(0, len(patches), 1024):
        kl, dl = net(to_input(patches[s:s + 1024]))
        kinds.append(F.softmax(kl, 1).numpy())
        digits.append(F.softmax(dl, 1).numpy())
    return np.concatenate(kinds), np.concatenate(digits)


def training_parts(pen, pen_mask, kinds, wicht, synth):
    meta = pen['meta']
    parts = [(pen['x'][pen_mask], kinds[pen_mask], meta[pen_mask, 5], ('repeat', PEN_REPEAT))]
    if wicht is not None:
        wm = wicht['meta']
        parts.append((wicht['x'], wm[:, 4], wm[:, 5], ('draw', WICHT_PER_EPOCH)))
    if synth is not None:
        sm = synth['meta']
        parts.append((synth['x'], sm[:, 4], sm[:, 5], ('draw', SYNTH_PER_EPOCH)))
    return parts


def score(kind_true, digit_true, kind_p, digit_p):
    """Kind confusion (rows true, cols predicted; true UNKNOWN counted as 'digit' rows) and accuracies."""
    pk = kind_p.argmax(1)
    pd = digit_p.argmax(1) + 1
    conf = np.zeros((5, 4), np.int64)  # rows: empty, given, entry, marks, digit of unknown kind
    for t, p in zip(kind_true, pk):
        conf[4 if t == UNKNOWN else t, p] += 1
    is_digit_pred = (pk == 1) | (pk == 2)
    kind_ok = np.where(kind_true == UNKNOWN, is_digit_pred, pk == kind_true)
    digit_ok = np.where(digit_true > 0, pd == digit_true, True)
    cell_ok = kind_ok & digit_ok
    out = {'cells': int(len(pk)), 'cell_acc': float(cell_ok.mean()), 'confusion': conf.tolist()}
    for name, k in [('given', 1), ('entry', 2), ('unknown', UNKNOWN)]:
        m = kind_true == k
        if m.any():
            out[f'{name}_digit_acc'] = float((pd[m] == digit_true[m]).mean())
            out[f'{name}_n'] = int(m.sum())
    return out, cell_ok


def photo_grids(meta, cell_ok):
    """Fraction of (photo, cut) pages with every cell right."""
    pages = {}
    for (page, jitter), ok in zip(zip(meta[:, 1], meta[:, 6]), cell_ok):
        pages.setdefault((int(page), int(jitter)), []).append(bool(ok))
    return float(np.mean([all(v) for v in pages.values()])), len(pages)


def settings():
    """What a trained model's figures depend on besides the data tag (saved with it, checked by export.py)."""
    return {'widths': list(WIDTHS), 'epochs': EPOCHS, 'seed': SEED, 'shift': SHIFT, 'wicht_per_epoch': WICHT_PER_EPOCH,
            'synth_per_epoch': SYNTH_PER_EPOCH, 'pen_repeat': PEN_REPEAT,
            **({'light_p': LIGHT_P, 'light_contrast': list(LIGHT_CONTRAST)} if LIGHT_P > 0 else {})}


def save_fold(net, tag, fold):
    """Fold model K of a CV run (trained without fold K's puzzles): export.py folds writes it for
    bench/paper-folds.ts."""
    os.makedirs(os.path.join(CACHE, 'folds'), exist_ok=True)
    torch.save({'state': net.state_dict(), 'widths': WIDTHS, 'data': tag, 'fold': fold, 'folds': FOLDS, 'settings': settings()},
               os.path.join(CACHE, 'folds', f'cells-{tag}-fold-{fold}.pt'))


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else 'cv'
    flags = set(sys.argv[2:])
    pen = load_set('pen')
    kinds = pen_kinds(pen['meta'])
    wicht = None if '--no-wicht' in flags else load_set('wicht')
    synth = None if '--no-synth' in flags else synth_sets('--no-mnist' not in flags)
    tag = '+'.join(['pen'] + (['wicht'] if wicht is not None else []) + (['synth' + ('' if '--no-mnist' not in flags else '-nomnist')] if synth is not None else []))
    print(f'data: pen {len(pen["x"])} cells (kinds known for {(kinds != UNKNOWN).sum()}), '
          f'wicht {0 if wicht is None else len(wicht["x"])}, synth {0 if synth is None else len(synth["x"])}; widths {WIDTHS}', flush=True)
    meta = pen['meta']
    if mode == 'final':
        net = train(training_parts(pen, np.ones(len(meta), bool), kinds, wicht, synth), log='final ')
        torch.save({'state': net.state_dict(), 'widths': WIDTHS, 'data': tag, 'settings': settings(),
                    'counts': {'pen': int(len(meta)), 'wicht': 0 if wicht is None else int(len(wicht['x'])),
                               'synth': 0 if synth is None else int(len(synth['x']))}},
                   os.path.join(CACHE, 'final.pt'))
        return
    only = [int(v) for v in os.environ['ONLY'].split(',')] if 'ONLY' in os.environ else range(FOLDS)
    all_k, all_d, all_kp, all_dp, all_meta = [], [], [], [], []
    for fold in only:
        held = meta[:, 2] == fold
        net = train(training_parts(pen, ~held, kinds, wicht, synth), log=f'fold {fold} ')
        save_fold(net, tag, fold)
        kp, dp = predict(net, pen['x'][held])
        result, ok = score(kinds[held], meta[held, 5], kp, dp)
        grids, n = photo_grids(meta[held], ok)
        print(f'fold {fold}: {json.dumps(result)}; pages all right {grids:.3f} of {n}', flush=True)
        all_k.append(kinds[held]); all_d.append(meta[held, 5]); all_kp.append(kp); all_dp.append(dp); all_meta.append(meta[held])
    result, ok = score(np.concatenate(all_k), np.concatenate(all_d), np.concatenate(all_kp), np.concatenate(all_dp))
    m = np.concatenate(all_meta)
    grids, n = photo_grids(m, ok)
    exact = m[:, 6] == 0
    result['cell_acc_exact_corners'] = float(ok[exact].mean())
    result['cell_acc_jittered'] = float(ok[~exact].mean())
    result['pages_all_right'] = grids
    result['pages'] = n
    result['data'] = tag
    result['widths'] = WIDTHS
    result['epochs'] = EPOCHS
    print('ALL ' + json.dumps(result), flush=True)
    with open(os.path.join(CACHE, f'cv-{tag}.json'), 'w') as f:
        json.dump(result, f, indent=1)
    np.savez_compressed(os.path.join(CACHE, f'cv-{tag}-pred.npz'), meta=m, kind=np.concatenate(all_k),
                        kind_p=np.concatenate(all_kp), digit_p=np.concatenate(all_dp))


if __name__ == '__main__':
    main()
