"""Writes the trained models as the app ships them, and the runtime's parity fixture.

    /usr/bin/python3 training/paper/export.py
        .cache/train-paper/final.pt -> src/shared/vision/models/cells.ts
                                     + tests/fixtures/cell-model-parity.json
        .cache/train-paper/digits-final.pt (when present) -> src/shared/vision/models/written-digits.ts
                                     + tests/fixtures/written-digits-parity.json
    /usr/bin/python3 training/paper/export.py digits
        the written-digit model and its fixture alone (the cell model left as shipped)
    /usr/bin/python3 training/paper/export.py folds [digits]
        the fold models of the CV runs with the shipped models' data and settings
        (.cache/train-paper/folds/, saved by `train.py cv --no-synth` and `train_digits.py cv`)
        -> training/fold-models/paper-fold-K/cells.json, written-digits.json (bench/paper-folds.ts);
        `folds digits`: written-digits.json alone

The weights go out as base64 little-endian float16 in core/nn.ts's order (trunk, then the heads; each
layer its weights then its biases, PyTorch layouts), the encoding of core/half-floats.ts. The fixture
holds a few real patches (uint8, from the pen train cut) and what PyTorch gives for them with the
float16-rounded weights, so tests/shared/vision/core/nn.test.ts can check the TypeScript runtime
against PyTorch to 1e-3.
"""
import base64
import datetime
import json
import os
import sys

import numpy as np
import torch

from train import CACHE, ROOT, SIDE, CellNet, load_set, to_input

DIGITS_TS = os.path.join(ROOT, 'src/shared/vision/models/written-digits.ts')
MODEL_TS = os.path.join(ROOT, 'src/shared/vision/models/cells.ts')
FIXTURE = os.path.join(ROOT, 'tests/fixtures/cell-model-parity.json')
DIGITS_FIXTURE = os.path.join(ROOT, 'tests/fixtures/written-digits-parity.json')
ORDER = ['conv1', 'conv2', 'conv3', 'fc', 'kind', 'digit']
DIGIT_LAYERS = ['conv1', 'conv2', 'fc', 'out']
DEEP_DIGIT_LAYERS = ['conv1', 'conv1b', 'conv2', 'conv2b', 'fc', 'out']


def digit_layers(deep):
    """train_digits.py's DigitNet layers in classifier.ts's storage order."""
    return DEEP_DIGIT_LAYERS if deep else DIGIT_LAYERS


def spec(widths):
    c1, c2, c3, h = widths
    conv = lambda n: {'type': 'conv3x3', 'out': n, 'relu': True}
    pool = {'type': 'maxpool2'}
    return {
        'input': {'channels': 1, 'side': SIDE},
        'trunk': [conv(c1), pool, conv(c2), pool, conv(c3), pool, {'type': 'dense', 'out': h, 'relu': True}],
        'heads': [
            {'name': 'kind', 'layers': [{'type': 'dense', 'out': 4, 'relu': False}]},
            {'name': 'digit', 'layers': [{'type': 'dense', 'out': 9, 'relu': False}]},
        ],
    }


def cv_summary(tag):
    """The by-puzzle cross-validation figures of the shipped data set-up (`tag`), for the `about` text."""
    path = os.path.join(CACHE, f'cv-{tag}.json')
    if not os.path.exists(path):
        return 'no cross-validation run found'
    with open(path) as f:
        r = json.load(f)
    parts = [f"5-fold by-puzzle CV on the pen train split: {100 * r['cell_acc']:.2f}% of {r['cells']} cells right"]
    for k in ['given', 'entry', 'unknown']:
        if f'{k}_digit_acc' in r:
            parts.append(f"{k} digits {100 * r[f'{k}_digit_acc']:.2f}%")
    parts.append(f"{100 * r['pages_all_right']:.1f}% of cut pages all right")
    return ', '.join(parts)


def encode_digits(saved):
    """train_digits.py's model in classifier.ts's format: (shape, base64 float16 w1 b1 w2 b2 w3 b3 w4 b4, weight count)."""
    c1, c2, h = saved['widths']
    state = saved['state']
    deep = saved.get('net', 'shallow') == 'deep'
    flat = np.concatenate([state[f'{n}.{part}'].numpy().ravel() for n in digit_layers(deep) for part in ['weight', 'bias']])
    weights = base64.b64encode(flat.astype('<f2').tobytes()).decode('ascii')
    shape = {'input': saved.get('input', 20), 'crop': saved.get('crop', 60), 'conv1': c1, 'conv2': c2, 'hidden': h}
    if deep:
        shape['deep'] = True
    assert state['fc.weight'].shape[1] == c2 * (shape['input'] // 4) ** 2
    return shape, weights, len(flat)


def decode_digits(path):
    """An exported written-digit model (models/written-digits.ts, or a fold's written-digits.json) as
    train_digits.py saves one, with the float16 weights it ships: so session_digits.py can score the
    shipped model and the fold models beside models just trained."""
    with open(path) as f:
        text = f.read()
    model = json.loads(text[text.index('{', text.index('=') if path.endswith('.ts') else 0):text.rindex('}') + 1])
    shape = model['shape']
    c1, c2, h, side = shape['conv1'], shape['conv2'], shape['hidden'], shape['input']
    shapes = {'conv1': [(c1, 1, 3, 3), (c1,)], 'conv1b': [(c1, c1, 3, 3), (c1,)], 'conv2': [(c2, c1, 3, 3), (c2,)],
              'conv2b': [(c2, c2, 3, 3), (c2,)], 'fc': [(h, c2 * (side // 4) ** 2), (h,)], 'out': [(9, h), (9,)]}
    deep = shape.get('deep', False)
    flat = np.frombuffer(base64.b64decode(model['weights']), '<f2').astype(np.float32)
    state, at = {}, 0
    for name in digit_layers(deep):
        for part, dims in zip(['weight', 'bias'], shapes[name]):
            n = int(np.prod(dims))
            state[f'{name}.{part}'] = torch.from_numpy(flat[at:at + n].reshape(dims).copy())
            at += n
    assert at == len(flat), f'{path}: {len(flat)} weights for a {shape} network'
    return {'state': state, 'widths': (c1, c2, h), 'input': side, 'crop': shape['crop'], 'net': 'deep' if deep else 'shallow'}


def run_name(saved):
    """The CV run of a written-digit checkpoint's set-up (train_digits.py's run_name)."""
    return saved['data'] + (f"-{saved['variant']}" if saved.get('variant') else '')


def export_digits():
    """The shipped written-digit model (DIGITS_FINAL, default digits-final.pt) -> models/written-digits.ts
    (EncodedDigitModel), and the parity fixture: a few real 80x80 digit images and what PyTorch gives
    for them with the float16-rounded weights (tests/shared/vision/core/nn.test.ts checks classifier.ts
    against it). classifier.ts runs the shallow network only: a deep one (train_digits.py's
    DIGIT_NET) needs its second convolutions there first (README.md, "A deeper written-digit model")."""
    path = os.environ.get('DIGITS_FINAL', os.path.join(CACHE, 'digits-final.pt'))
    if not os.path.exists(path):
        return
    saved = torch.load(path)
    if saved.get('net', 'shallow') != 'shallow':
        sys.exit(f"{path} is a {saved['net']} network, which classifier.ts does not run")
    shape, weights, count = encode_digits(saved)
    cv = os.path.join(CACHE, f"cv-digits-{run_name(saved)}.json")
    figures = ''
    if os.path.exists(cv):
        with open(cv) as f:
            r = json.load(f)
        assert r.get('settings', saved.get('settings')) == saved.get('settings', r.get('settings')), 'CV run and final differ'
        figures = (f"; 5-fold by-puzzle CV on the pen train split: entries {100 * r['entry_digit_acc']:.2f}% of {r['entry_n']}, "
                   f"givens {100 * r['given_digit_acc']:.2f}% of {r['given_n']}")
    setup = saved['data'] + (f" ({json.dumps(saved['settings'])})" if 'settings' in saved else '')
    about = (f"written and printed digits on cells.ts's 80x80 image, trained {datetime.date.today().isoformat()} on {setup}"
             f"{figures}; see training/paper/README.md")
    model = {'shape': shape, 'about': about, 'weights': weights}
    with open(DIGITS_TS, 'w') as f:
        f.write(f'/** Generated by training/paper/export.py; do not edit. {about}. */\n')
        f.write("import type { EncodedDigitModel } from '../classifier'\n\n")
        f.write(f'export const writtenDigitsModel: EncodedDigitModel = {json.dumps(model)}\n')
    print(f'wrote {DIGITS_TS} ({os.path.getsize(DIGITS_TS)} bytes, {count} weights)')
    digits_fixture(saved, shape)


def digits_fixture(saved, shape):
    """tests/fixtures/written-digits-parity.json: one exact-corner pen digit image each of five digits."""
    import torch.nn.functional as F
    import train_digits as td
    net = td.DigitNet(tuple(saved['widths']), shape['input'], saved.get('net', 'shallow'))
    net.load_state_dict(saved['state'])
    net.eval()
    with torch.no_grad():
        for p in net.parameters():
            p.copy_(p.half().float())
    base = os.path.join(CACHE, 'pen')
    meta = np.fromfile(base + '.meta.bin', dtype='<i2').reshape(-1, 8).astype(np.int64)
    idx = np.fromfile(base + '.img80.idx', dtype='<i4').astype(np.int64)
    img = np.fromfile(base + '.img80.bin', dtype=np.uint8).reshape(-1, 80, 80)
    meta = meta[idx]
    picks = [next(i for i in range(len(meta)) if meta[i, 6] == 0 and meta[i, 5] == d and (img[i] < 128).any()) for d in [2, 3, 4, 6, 9]]
    f, off = shape['crop'] // shape['input'], (80 - shape['crop']) // 2
    x = img[picks, off:off + shape['crop'], off:off + shape['crop']].astype(np.float64)
    x = 1 - x.reshape(-1, shape['input'], f, shape['input'], f).mean(axis=(2, 4)) / 255
    with torch.no_grad():
        logits = net(torch.from_numpy(x.astype(np.float32)).unsqueeze(1))
    cases = [{'image': base64.b64encode(img[i].tobytes()).decode('ascii'),
              'logits': [round(float(v), 6) for v in logits[j]],
              'probs': [round(float(v), 6) for v in F.softmax(logits[j], 0)]} for j, i in enumerate(picks)]
    with open(DIGITS_FIXTURE, 'w') as fh:
        json.dump({'about': 'written by training/paper/export.py with models/written-digits.ts: PyTorch outputs for real 80x80 digit images',
                   'side': 80, 'cases': cases}, fh, indent=1)
    print(f'wrote {DIGITS_FIXTURE}')


def cell_net(saved):
    """The cell model of a checkpoint with every weight rounded to float16, as shipped (so the
    parity fixture's outputs are the shipped model's), and its weights as base64 float16."""
    net = CellNet(tuple(saved['widths']))
    net.load_state_dict(saved['state'])
    net.eval()
    with torch.no_grad():
        for p in net.parameters():
            p.copy_(p.half().float())
    state = net.state_dict()
    flat = np.concatenate([state[f'{name}.{part}'].numpy().ravel() for name in ORDER for part in ['weight', 'bias']])
    return net, base64.b64encode(flat.astype('<f2').tobytes()).decode('ascii'), len(flat)


FOLDS_DIR = os.path.join(ROOT, 'training/fold-models')


def same_settings(final, fold, what):
    """A fold model must be trained as the shipped one is: same data tag, widths and settings."""
    if final['data'] != fold['data'] or list(final['widths']) != list(fold['widths']):
        sys.exit(f"{what}: fold model ({fold['data']}, {fold['widths']}) differs from the shipped one ({final['data']}, {final['widths']})")
    if 'settings' in final and final['settings'] != fold['settings']:
        sys.exit(f"{what}: fold settings {fold['settings']} differ from the shipped {final['settings']}")


def export_folds(digits_only=False):
    """training/fold-models/paper-fold-K/{cells,written-digits}.json: the CV runs' fold models of the shipped
    set-up (each trained without fold K's puzzles), for honest reads of the train photos; with
    `digits_only`, the written-digit models alone (the cells.json there left as they are)."""
    cells_final = None if digits_only else torch.load(os.path.join(CACHE, 'final.pt'))
    digits_final = torch.load(os.path.join(CACHE, 'digits-final.pt'))
    today = datetime.date.today().isoformat()
    for fold in range(5):
        folder = os.path.join(FOLDS_DIR, f'paper-fold-{fold}')
        os.makedirs(folder, exist_ok=True)
        count = 0
        if cells_final is not None:
            saved = torch.load(os.path.join(CACHE, 'folds', f"cells-{cells_final['data']}-fold-{fold}.pt"))
            same_settings(cells_final, saved, 'cell model')
            _, weights, count = cell_net(saved)
            about = (f"cell model of fold {fold} of {saved['folds']} (train.py cv, {saved['data']}, {json.dumps(saved['settings'])}): "
                     f"trained without the pen train puzzles of fold {fold} (penFolds); exported {today}")
            model = {'spec': spec(saved['widths']), 'about': about, 'weights': weights, 'fold': fold, 'folds': saved['folds']}
            with open(os.path.join(folder, 'cells.json'), 'w') as f:
                json.dump(model, f)
        saved = torch.load(os.path.join(CACHE, 'folds', f"digits-{run_name(digits_final)}-fold-{fold}.pt"))
        same_settings(digits_final, saved, 'written-digit model')
        shape, weights, count2 = encode_digits(saved)
        about = (f"written-digit model of fold {fold} of {saved['folds']} (train_digits.py cv, {saved['data']}, {json.dumps(saved['settings'])}): "
                 f"trained without the pen train puzzles of fold {fold} (penFolds); exported {today}")
        model = {'shape': shape, 'about': about, 'weights': weights, 'fold': fold, 'folds': saved['folds']}
        with open(os.path.join(folder, 'written-digits.json'), 'w') as f:
            json.dump(model, f)
        sizes = [os.path.getsize(os.path.join(folder, n)) for n in ['cells.json', 'written-digits.json']]
        cells = 'cells.json left as it was' if digits_only else f'cells.json {sizes[0]} bytes ({count} weights)'
        print(f'wrote {folder}: {cells}, written-digits.json {sizes[1]} bytes ({count2} weights)')


def main():
    if sys.argv[1:2] == ['folds']:
        export_folds(digits_only=sys.argv[2:] == ['digits'])
        return
    export_digits()
    if sys.argv[1:] == ['digits']:
        return
    saved = torch.load(os.path.join(CACHE, 'final.pt'))
    net, weights, count = cell_net(saved)
    counts = saved['counts']
    about = (f"cell model (patch -> kind, digit) trained {datetime.date.today().isoformat()} on {saved['data']}: "
             f"{counts['pen']} pen cells (Kubiesa train split, 3 cuts a photo), {counts['wicht']} Wicht cells, "
             f"{counts['synth']} synthetic cells; {cv_summary(saved['data'])}; see training/paper/README.md")
    model = {'spec': spec(saved['widths']), 'about': about, 'weights': weights}
    with open(MODEL_TS, 'w') as f:
        f.write(f'/** Generated by training/paper/export.py; do not edit. {about}. */\n')
        f.write("import type { EncodedNet } from '../nn'\n\n")
        f.write(f'export const cellModel: EncodedNet = {json.dumps(model)}\n')

    # Parity fixture: one patch of each kind and digit sort from the pen train cut, exact corners.
    pen = load_set('pen')
    meta = pen['meta']
    picks = []
    for want in [lambda m: m[4] == 0, lambda m: m[4] == 3, lambda m: m[5] == 4, lambda m: m[5] == 7, lambda m: m[5] == 9]:
        picks.append(next(i for i in range(len(meta)) if meta[i, 6] == 0 and want(meta[i])))
    patches = pen['x'][picks]
    with torch.no_grad():
        kind_logits, digit_logits = net(to_input(patches))
    cases = []
    for j, i in enumerate(picks):
        cases.append({
            'patch': base64.b64encode(patches[j].tobytes()).decode('ascii'),
            'kindLogits': [round(float(v), 6) for v in kind_logits[j]],
            'kindProbs': [round(float(v), 6) for v in torch.softmax(kind_logits[j], 0)],
            'digitLogits': [round(float(v), 6) for v in digit_logits[j]],
            'digitProbs': [round(float(v), 6) for v in torch.softmax(digit_logits[j], 0)],
        })
    with open(FIXTURE, 'w') as f:
        json.dump({'about': 'written by training/paper/export.py with models/cells.ts: PyTorch outputs for real patches',
                   'side': SIDE, 'cases': cases}, f, indent=1)
    print(f'wrote {MODEL_TS} ({os.path.getsize(MODEL_TS)} bytes, {count} weights) and {FIXTURE}')


if __name__ == '__main__':
    main()
