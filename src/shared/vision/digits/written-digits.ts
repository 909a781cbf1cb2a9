/**
 * A digit classifier for digits written by a person (and printed ones), on cells.ts's normalised
 * 80x80 digit image: the network and format of classifier.ts (DigitClassifier), other weights
 * (models/written-digits.ts: the pen photos' givens and entries, Wicht's givens, rendered pages
 * with handwriting fonts and MNIST digits; see training/paper/README.md).
 *
 * paper/marks.ts reads each pencil candidate with it.
 */
import { DigitClassifier } from './classifier'

let shipped: Promise<DigitClassifier> | undefined

/** The shipped weights, imported lazily like loadDigitClassifier's. */
export function loadWrittenDigitClassifier(): Promise<DigitClassifier> {
  shipped ??= import('../models/written-digits').then((m) => new DigitClassifier(m.writtenDigitsModel))
  return shipped
}
