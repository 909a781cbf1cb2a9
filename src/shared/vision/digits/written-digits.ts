/**
 * classifier.ts's network with weights for written digits as well as printed ones
 * (models/written-digits.ts; training/paper/README.md). paper/marks.ts reads each pencil mark with it.
 */
import { DigitClassifier } from './classifier'

let shipped: Promise<DigitClassifier> | undefined

/** The shipped weights, imported lazily like loadDigitClassifier's. */
export function loadWrittenDigitClassifier(): Promise<DigitClassifier> {
  shipped ??= import('../models/written-digits').then((m) => new DigitClassifier(m.writtenDigitsModel))
  return shipped
}
