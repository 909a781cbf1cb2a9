/**
 * The sheet locator used for stabilising and the `puzzle` crop in the main process: the vision
 * pipeline's grid detector on a 640 px grey copy, corners mapped back to frame pixels.
 * Loaded on first use, so recording and plain encodes never pay for OpenCV.
 */
import type { CV } from '../../shared/vision/cv'
import type { Corners, Point } from '../../shared/vision/image'
import type { LocateCorners } from './stabilise'

const WORKING_SIZE = 640

export interface SheetLocator {
  readonly cv: CV
  readonly locate: LocateCorners
}

let loading: Promise<SheetLocator> | undefined

export function loadSheetLocator(): Promise<SheetLocator> {
  loading ??= (async () => {
    const [{ loadOpenCV }, { detectGrid }, { downscaleGray }] = await Promise.all([
      import('../../shared/vision/cv'),
      import('../../shared/vision/grid'),
      import('../../shared/vision/gray'),
    ])
    const cv = await loadOpenCV()
    const locate: LocateCorners = (image) => {
      const { gray, factor } = downscaleGray(image, WORKING_SIZE)
      const grid = detectGrid(cv, gray, { workingSize: WORKING_SIZE })
      if (!grid) return null
      // Working pixel (x, y) covers original pixels [x·f, (x+1)·f): its centre is (x + 0.5)·f − 0.5.
      const scale = (p: Point): Point => ({ x: (p.x + 0.5) * factor - 0.5, y: (p.y + 0.5) * factor - 0.5 })
      return grid.corners.map(scale) as unknown as Corners
    }
    return { cv, locate }
  })()
  return loading
}
