// Points and rectangles in plate pixels: shared by the canvas, the selection and the overlay
// worker, so they live below all three.

export interface Point {
  x: number;
  y: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
