/**
 * The sheet locator used for stabilising and the `puzzle` crop in the main process, from the vision
 * pipeline's detectors on one 640 px grey copy: the grid detector's corners, or, when a hand hides
 * the grid's border, the grid's corners as predicted from the four fiducial circles. Both give the
 * same four points (the printed grid's corners), so frames located either way register to one
 * another. Loaded on first use, so recording and plain encodes never pay for OpenCV.
 */
import type { CV } from '../../shared/vision/cv'
import type { Corners, Point } from '../../shared/vision/image'
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
    const [{ loadOpenCV }, { detectGrid }, { detectFiducials, poseFromFiducials }, { downscaleGray }] = await Promise.all([
      import('../../shared/vision/cv'),
      import('../../shared/vision/grid'),
      import('../../shared/vision/fiducials'),
      import('../../shared/vision/gray'),
    ])
    const cv = await loadOpenCV()
    const locate: LocateCorners = (image) => {
      const { gray, factor } = downscaleGray(image, WORKING_SIZE)
      // Working pixel (x, y) covers original pixels [x·f, (x+1)·f): its centre is (x + 0.5)·f − 0.5.
      const scale = (p: Point): Point => ({ x: (p.x + 0.5) * factor - 0.5, y: (p.y + 0.5) * factor - 0.5 })
      // The grid detector first: it checks that ten lines really lie between the corners, while
      // four dark dots can be found on sheets without fiducials (seen on the Wicht photos).
      const grid = detectGrid(cv, gray, { workingSize: WORKING_SIZE })
      const pose = grid ? null : poseFromFiducials(detectFiducials(cv, gray, { workingSize: FIDUCIAL_SIZE }))
      const corners = grid?.corners ?? (pose?.from === 4 ? pose.gridCorners : null)
      return corners ? (corners.map(scale) as unknown as Corners) : null
    }
    return { cv, locate }
  })()
  return loading
}
