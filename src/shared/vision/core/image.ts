/** Plain pixel data passed between pipeline steps (never a Mat). */

/** 8-bit RGBA, row-major, as ImageData and sharp's `raw()` give it. */
export interface RgbaImage {
  readonly width: number
  readonly height: number
  readonly data: Uint8Array | Uint8ClampedArray
}

/** 8-bit single channel, row-major. */
export interface GrayImage {
  readonly width: number
  readonly height: number
  readonly data: Uint8Array
}

export interface Point {
  readonly x: number
  readonly y: number
}

/** The grid's outer corners in image pixels: top-left, top-right, bottom-right, bottom-left. */
export type Corners = readonly [Point, Point, Point, Point]
