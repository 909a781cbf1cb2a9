/**
 * The sheet locator used for stabilising and the `puzzle` crop in the main process, from the vision
 * pipeline's detectors on one 640 px grey copy: the grid detector's corners, or, when a hand hides
 * the grid's border, the grid's corners as predicted from the four fiducial circles. Both give the
 * same four points (the printed grid's corners), so frames located either way register to one
 * another. Loaded on first use, so recording and plain encodes never pay for OpenCV.
 */
import type { CV } from '../../shared/vision/core/cv'
import type { Corners } from '../../shared/vision/core/image'
import { dropEmscriptenHandlers } from '../process-errors'
import type { LocateCorners } from './stabilise'

const WORKING_SIZE = 640
/**
 * The live view looks for circles on a 400 px copy, but a time-lapse camera sits further back (the
 * sheet and the hands both in view): there, 12 mm circles shrink below the detector's 3 px minimum
 * radius at 400 px and are found again at 640 px.
 */
const FIDUCIAL_SIZE = 640

export interface SheetLocator {
  readonly cv: CV
  readonly locate: LocateCorners
}

let loading: Promise<SheetLocator> | undefined

export function loadSheetLocator(): Promise<SheetLocator> {
  loading ??= (async () => {
    const [{ loadOpenCV }, { detectGrid }, { detectFiducials, poseFromFiducials }, { grayScales }] = await Promise.all([
      import('../../shared/vision/core/opencv'),
      import('../../shared/vision/grid/find-grid'),
      import('../../shared/vision/grid/fiducials'),
      import('../../shared/vision/core/gray'),
    ])
    const cv = await loadOpenCV()
    // OpenCV.js installs process-wide error handlers when it loads in Node; the process keeps its own.
    dropEmscriptenHandlers()
    const locate: LocateCorners = (image) => {
      // One grey conversion for both detectors; both give corners in the frame's pixels.
      const scales = grayScales(image, WORKING_SIZE)
      const grid = detectGrid(cv, scales)
      const pose = poseFromFiducials(detectFiducials(cv, scales, { workingSize: FIDUCIAL_SIZE }))
      const fromCircles = pose?.from === 4 ? pose.gridCorners : null
      return chooseCorners(grid?.corners ?? null, fromCircles)
    }
    return { cv, locate }
  })()
  return loading
}

/**
 * How far (as a share of the grid's side) the two locators may disagree before the grid's quad is
 * taken as pulled off by something covering the border: the grid detector's corners are within
 * 1.2% of hand-marked ones on 90% of the shared photos (bench/README.md, Detection).
 */
const AGREEMENT = 0.02

/**
 * Four circles place the grid even where a hand covers its border, which pulls the grid
 * detector's quad off; the grid detector is more precise when nothing covers it, and four dark
 * dots can be found on sheets without fiducials. So: the grid's corners when both agree, the
 * circles' when the two disagree (a covered border) or no grid is found, and the grid's when no
 * four circles are found.
 */
export function chooseCorners(grid: Corners | null, fromCircles: Corners | null): Corners | null {
  if (!fromCircles) return grid
  if (!grid) return fromCircles
  const side = Math.hypot(fromCircles[1].x - fromCircles[0].x, fromCircles[1].y - fromCircles[0].y)
  const worst = Math.max(...grid.map((p, i) => Math.hypot(p.x - fromCircles[i].x, p.y - fromCircles[i].y)))
  return worst <= AGREEMENT * side ? grid : fromCircles
}
