/**
 * The sheet locator for stabilising and the `puzzle` crop, from the vision pipeline's detectors on
 * one 640 px grey copy: the grid's corners, or, where a hand hides its border, the grid's corners
 * as the four fiducial circles predict them (the same four points, so frames located either way
 * register to one another). Loaded on first use, so plain recording and encodes never load OpenCV.
 */
import type { CV } from '../../shared/vision/core/cv'
import type { Corners } from '../../shared/vision/core/image'
import { dropEmscriptenHandlers } from '../process-errors'
import type { LocateCorners } from './stabilise'

const WORKING_SIZE = 640
/** Circles are looked for at 640 px, not the live view's 400: a time-lapse camera sits further back, and 12 mm circles shrink below 3 px at 400. */
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

/** How far (a share of the grid's side) the two locators may disagree: the grid's corners are within 1.2% on 90% of the shared photos. */
const AGREEMENT = 0.02

/**
 * The grid's corners where both locators agree or no four circles are found; the circles' where
 * they disagree (a hand over the border pulls the grid's quad off) or no grid is found.
 */
export function chooseCorners(grid: Corners | null, fromCircles: Corners | null): Corners | null {
  if (!fromCircles) return grid
  if (!grid) return fromCircles
  const side = Math.hypot(fromCircles[1].x - fromCircles[0].x, fromCircles[1].y - fromCircles[0].y)
  const worst = Math.max(...grid.map((p, i) => Math.hypot(p.x - fromCircles[i].x, p.y - fromCircles[i].y)))
  return worst <= AGREEMENT * side ? grid : fromCircles
}
