/**
 * The MNIST test digits a published review doubts (datasets/mnist-doubted.ts), as transcribed: each
 * row's label must be MNIST's own, so a row copied against the wrong index cannot pass.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { mnistLabel } from '../../datasets/mnist'
import { doubtText, doubtedLabel, parseDoubtedLabels } from '../../datasets/mnist-doubted'

const text = readFileSync(join(import.meta.dirname, '../../datasets/mnist-doubted.txt'), 'utf8')

describe('the doubted MNIST labels', () => {
  const doubted = parseDoubtedLabels(text)

  it('hold the 100 flagged test digits, each with the label MNIST gives it', () => {
    expect(doubted.size).toBe(100)
    for (const [index, review] of doubted) expect(mnistLabel(index, 'held-out'), `#${index}`).toBe(review.label)
  })

  it('count 15 label errors, as the paper does: most reviewers chose another digit or neither', () => {
    expect([...doubted.values()].filter((r) => r.forLabel < 3)).toHaveLength(15)
  })

  it('say a digit’s review in words, and nothing of a digit never flagged', () => {
    expect(doubtText(4874, doubtedLabel(4874)!)).toBe('MNIST test #4874, a doubted label: 4 of 5 reviewers read 9')
    expect(doubtedLabel(0)).toBeUndefined()
  })

  it('refuse a row whose reviewers do not add up to five, or whose digit is no digit', () => {
    expect(() => parseDoubtedLabels('4874 9 0 4 1 1')).toThrow(/bad line/)
    expect(() => parseDoubtedLabels('4874 10 0 4 0 1')).toThrow(/bad line/)
    expect(() => parseDoubtedLabels('4874 9 0 4 0')).toThrow(/bad line/)
  })
})
