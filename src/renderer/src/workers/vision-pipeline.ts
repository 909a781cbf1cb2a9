/**
 * The one place where the vision worker meets the pipeline in src/shared/vision: detection per
 * frame and the full read, mapped to the plain messages of vision-protocol.ts.
 */
import { loadOpenCV, withMats } from '../../../shared/vision/cv'
import { orderCorners } from '../../../shared/vision/geometry'
import { downscaleGray } from '../../../shared/vision/gray'
import type { Corners, RgbaImage } from '../../../shared/vision/image'
import { matFromGray } from '../../../shared/vision/mats'
import type { Fiducial, ReadOutcome, ReadStage } from './vision-protocol'

export interface Found {
  readonly corners: Corners | null
  readonly fiducials: readonly Fiducial[]
}

export interface Pipeline {
  detect(image: RgbaImage): Found
  warmUpReader(): Promise<void>
  read(image: RgbaImage, onstage: (stage: ReadStage) => void): Promise<ReadOutcome | { noGrid: string; detection: Found }>
}

export async function loadPipeline(): Promise<Pipeline> {
  const cv = await loadOpenCV()
  // STAND-IN until the detector's grid.ts lands: the largest convex quadrilateral.
  const detect = (image: RgbaImage): Found => {
    const { gray, factor } = downscaleGray(image, 640)
    return withMats((own) => {
      const src = own(matFromGray(cv, gray))
      const bin = own(new cv.Mat())
      cv.GaussianBlur(src, src, new cv.Size(5, 5), 0)
      cv.adaptiveThreshold(src, bin, 255, cv.ADAPTIVE_THRESH_MEAN_C, cv.THRESH_BINARY_INV, 15, 7)
      const contours = own(new cv.MatVector())
      const hierarchy = own(new cv.Mat())
      cv.findContours(bin, contours, hierarchy, cv.RETR_EXTERNAL, cv.CHAIN_APPROX_SIMPLE)
      let best: Corners | null = null
      let bestArea = gray.width * gray.height * 0.1
      for (let i = 0; i < contours.size(); i++) {
        const contour = own(contours.get(i))
        const area = cv.contourArea(contour)
        if (area < bestArea) continue
        const poly = own(new cv.Mat())
        cv.approxPolyDP(contour, poly, 0.03 * cv.arcLength(contour, true), true)
        if (poly.rows !== 4 || !cv.isContourConvex(poly)) continue
        const d = poly.data32S
        const pts = [0, 1, 2, 3].map((k) => ({ x: (d[2 * k] + 0.5) * factor - 0.5, y: (d[2 * k + 1] + 0.5) * factor - 0.5 }))
        best = orderCorners(pts)
        bestArea = area
      }
      return { corners: best, fiducials: [] }
    })
  }
  return {
    detect,
    async warmUpReader() {},
    async read(image, onstage) {
      onstage('detecting')
      const found = detect(image)
      if (!found.corners) return { noGrid: 'No Sudoku grid found in this image.', detection: found }
      throw new Error('The digit reader is not available yet.')
    },
  }
}
