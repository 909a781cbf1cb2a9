/**
 * The one place where the vision worker meets the pipeline in src/shared/vision: detection per
 * frame and the full read, mapped to the plain messages of vision-protocol.ts.
 */
import { loadOpenCV } from '../../../shared/vision/core/opencv'
import { detectFiducials, poseFromFiducials } from '../../../shared/vision/grid/fiducials'
import { type DetectGridOptions, detectGrid, type GridDetection } from '../../../shared/vision/grid/find-grid'
import { grayScales, type GrayScales } from '../../../shared/vision/core/gray'
import type { Corners, RgbaImage } from '../../../shared/vision/core/image'
import { loadDigitClassifier } from '../../../shared/vision/digits/classifier'
import { PaperMemory } from '../../../shared/vision/watch/paper-memory'
import { loadPaperJudge } from '../../../shared/vision/paper/cell-judge'
import { readSudoku } from '../../../shared/vision/read'
import { standardVoters } from '../../../shared/vision/digits/voters'
import { LiveSchedule } from '../../../shared/vision/watch/live-schedule'
import { practicePage } from './practice-page'
import { type TesseractSetups, createTesseractSetups } from './tesseract-browser'
import type { Fiducial, ReadOutcome, ReadStage, ShotOf } from './vision-protocol'

export interface Found {
  readonly corners: Corners | null
  readonly fiducials: readonly Fiducial[]
}

export interface Pipeline {
  /** A detector for one camera's frames, each looked at at `now` (ms): the fast way, a grid's own way, the thorough way now and then (`liveDetector`). */
  live(): (image: RgbaImage, now: number) => Found
  warmUpReader(): Promise<void>
  read(image: RgbaImage, onstage: (stage: ReadStage) => void, shot?: ShotOf): Promise<ReadOutcome | { noGrid: string; detection: Found }>
}

/** Long side of the grey copy detection works on (core/gray.ts's WORKING_SIZE). */
const WORKING_SIZE = 640
/** Circles are big and round: a coarser copy finds them at a quarter of the cost. */
const FIDUCIAL_SIZE = 400

export async function loadPipeline(): Promise<Pipeline> {
  const cv = await loadOpenCV()
  /**
   * Grid and fiducial circles from one image's grey scales. When the grid's border is hidden (a
   * hand over it) but all four circles are seen, the grid comes from the sheet's pose.
   */
  const detectOn = (scales: GrayScales, way: DetectGridOptions = {}): Found & { grid: GridDetection | null } => {
    const grid = detectGrid(cv, scales, way)
    const circles = detectFiducials(cv, scales, { workingSize: FIDUCIAL_SIZE })
    // Only circles that form the sheet's pattern are shown: round digits and dots pass as circles
    // too, and any two of them make a two-circle pose, so that one must agree with the grid found.
    const pose = poseFromFiducials(circles)
    const trusted = pose && (pose.from === 4 || (grid && sameQuad(pose.gridCorners, grid.corners)))
    return {
      corners: grid?.corners ?? (pose?.from === 4 ? pose.gridCorners : null),
      fiducials: trusted ? pose.circles.map(({ x, y, r }) => ({ x, y, r })) : [],
      grid,
    }
  }
  /** Live frames: the fast way, a grid's own way, the thorough way now and then (watch/live-schedule.ts). */
  const liveDetector = (): ((image: RgbaImage, now: number) => Found) => {
    const schedule = new LiveSchedule()
    return (image, now) => {
      const { corners, fiducials, grid } = detectOn(grayScales(image, WORKING_SIZE), schedule.wayAt(now))
      schedule.saw(grid)
      return { corners, fiducials }
    }
  }
  // Tesseract starts on the first read (seconds: wasm and 11 MB of language data), then stays.
  let tesseract: Promise<TesseractSetups> | undefined
  const startTesseract = (): Promise<TesseractSetups> => {
    tesseract ??= createTesseractSetups().catch((error: Error) => {
      tesseract = undefined
      throw error
    })
    return tesseract
  }
  // A time-lapse's shots: the page's print and the ink of the cells read as pencil marks, for reading the shots after.
  const memory = new PaperMemory()
  const read: Pipeline['read'] = async (image, onstage, shot) => {
    if (!tesseract) onstage('loading-ocr')
    const [{ setups }, classifier, judge] = await Promise.all([startTesseract(), loadDigitClassifier(), loadPaperJudge()])
    onstage('reading')
    // The same voters and weights as the Node reader (src/node/reader/reader.ts). The photo is
    // converted to grey once, for the reader and, when it fails, for the overlay's detection.
    const scales = grayScales(image, WORKING_SIZE)
    if (shot === 'first') memory.forget()
    const earlier = shot && { earlierInk: memory.earlierInk, print: memory.print }
    const result = await readSudoku(cv, scales, { voters: standardVoters(setups, classifier), judge, ...earlier })
    if (shot && result.ok) memory.remember(result)
    if (!result.ok) {
      const { corners, fiducials } = detectOn(scales)
      const message = result.error === 'no-grid' ? 'No Sudoku grid found in this image.' : `This image cannot be read (${result.message}).`
      return { noGrid: message, detection: { corners, fiducials } }
    }
    const { paper } = result
    return {
      grid: [...result.grid],
      cells: paper.cells,
      entries: [...paper.entries],
      mistakes: [...paper.mistakes],
      informed: [...paper.informed],
      confidence: result.confidence,
      repaired: [...result.repaired],
      solutions: result.solutions,
      corners: result.corners,
      fiducials: result.fiducials.map(({ x, y, r }) => ({ x, y, r })),
      width: image.width,
      height: image.height,
      ms: result.ms,
    }
  }
  return {
    live: liveDetector,
    read,
    // Everything a read loads, then a read of a drawn page: the first photo then reads at full speed.
    async warmUpReader() {
      await Promise.all([startTesseract(), loadDigitClassifier(), loadPaperJudge()])
      await read(practicePage(), () => undefined)
    },
  }
}

/** Whether two quads have every corner within 8% of the first one's diagonal. */
function sameQuad(a: Corners, b: Corners): boolean {
  const tolerance = 0.08 * Math.hypot(a[2].x - a[0].x, a[2].y - a[0].y)
  return a.every((p, i) => Math.hypot(p.x - b[i].x, p.y - b[i].y) <= tolerance)
}
