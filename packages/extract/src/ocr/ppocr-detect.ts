/**
 * PP-OCR's text detection (DB): the page resized and normalised, the probability map binarised, each
 * region fitted a rotated rectangle and grown by the unclip distance. Plain TypeScript on RGBA pixels.
 */

/** A pixel image, RGBA, row-major. */
export type RgbaImage = { rgba: Uint8Array | Uint8ClampedArray; width: number; height: number };

/** A detected text line: a rotated rectangle in image pixels (u = reading direction). */
export type PpBox = {
  cx: number;
  cy: number;
  /** Along the reading direction / across it, unclipped (what recognition crops). */
  w: number;
  h: number;
  /** Tight height (before unclip), for word boxes. */
  tightH: number;
  angle: number;
  score: number;
};

/** What detection runs on: the ONNX runtime and the detection session. */
export type Detector = {
  ort: typeof import('onnxruntime-node');
  det: import('onnxruntime-node').InferenceSession;
};

const DET_THRESH = 0.3; // DB binarisation threshold (PaddleOCR default)
const BOX_THRESH = 0.6; // mean probability a box needs
const UNCLIP_RATIO = 1.5;
const MIN_BOX_SIDE = 3;

/** The image's text lines, in its pixels, found on a copy at most `maxSide` pixels long. */
export async function detect(m: Detector, img: RgbaImage, maxSide: number): Promise<PpBox[]> {
  const ratio = Math.min(1, maxSide / Math.max(img.width, img.height));
  const dw = Math.max(32, Math.round((img.width * ratio) / 32) * 32);
  const dh = Math.max(32, Math.round((img.height * ratio) / 32) * 32);
  const input = detInput(img, dw, dh);
  const tensor = new m.ort.Tensor('float32', input, [1, 3, dh, dw]);
  const out = await m.det.run({ [m.det.inputNames[0]!]: tensor });
  const prob = out[m.det.outputNames[0]!]!.data as Float32Array;
  const boxes = boxesFromMap(prob, dw, dh);
  const sx = img.width / dw;
  const sy = img.height / dh;
  // Map back to image pixels. Scales differ by < 3 % between axes (rounding to 32), so a rotated
  // rectangle stays a rectangle to within a pixel.
  return boxes.map((b) => ({
    ...b,
    cx: b.cx * sx,
    cy: b.cy * sy,
    w: b.w * Math.hypot(Math.cos(b.angle) * sx, Math.sin(b.angle) * sy),
    h: b.h * Math.hypot(Math.sin(b.angle) * sx, Math.cos(b.angle) * sy),
    tightH: b.tightH * Math.hypot(Math.sin(b.angle) * sx, Math.cos(b.angle) * sy),
  }));
}

/** Bilinear resize to dw×dh, BGR planes normalised with ImageNet mean/std (PaddleOCR's DB recipe). */
function detInput(img: RgbaImage, dw: number, dh: number): Float32Array {
  const out = new Float32Array(3 * dw * dh);
  const plane = dw * dh;
  const { rgba, width, height } = img;
  const mean = [0.406, 0.456, 0.485]; // B, G, R
  const std = [0.225, 0.224, 0.229];
  const sx = width / dw;
  const sy = height / dh;
  for (let y = 0; y < dh; y++) {
    const fy = Math.min(height - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(height - 1, y0 + 1);
    const wy = fy - y0;
    for (let x = 0; x < dw; x++) {
      const fx = Math.min(width - 1, Math.max(0, (x + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(width - 1, x0 + 1);
      const wx = fx - x0;
      const a = (y0 * width + x0) * 4;
      const b = (y0 * width + x1) * 4;
      const c = (y1 * width + x0) * 4;
      const d = (y1 * width + x1) * 4;
      const o = y * dw + x;
      for (let ch = 0; ch < 3; ch++) {
        const src = 2 - ch; // BGR from RGBA
        const v =
          (rgba[a + src]! * (1 - wx) + rgba[b + src]! * wx) * (1 - wy) +
          (rgba[c + src]! * (1 - wx) + rgba[d + src]! * wx) * wy;
        out[ch * plane + o] = (v / 255 - mean[ch]!) / std[ch]!;
      }
    }
  }
  return out;
}

/**
 * DB post-processing: binarise, label connected regions, fit each a minimum-area rectangle, score it by
 * the mean probability inside and grow it by the unclip distance (area × ratio / perimeter).
 */
export function boxesFromMap(prob: Float32Array, w: number, h: number): PpBox[] {
  const labels = new Int32Array(w * h);
  const stack = new Int32Array(w * h);
  const boxes: PpBox[] = [];
  let next = 0;
  for (let start = 0; start < w * h; start++) {
    if (labels[start] || prob[start]! <= DET_THRESH) continue;
    next++;
    // Flood fill (8-connected); per row remember the leftmost and rightmost pixel for the hull.
    let sp = 0;
    stack[sp++] = start;
    labels[start] = next;
    let sum = 0;
    let count = 0;
    const rowMin = new Map<number, number>();
    const rowMax = new Map<number, number>();
    while (sp) {
      const p = stack[--sp]!;
      const py = (p / w) | 0;
      const px = p - py * w;
      sum += prob[p]!;
      count++;
      const lo = rowMin.get(py);
      if (lo === undefined || px < lo) rowMin.set(py, px);
      const hi = rowMax.get(py);
      if (hi === undefined || px > hi) rowMax.set(py, px);
      for (let dy = -1; dy <= 1; dy++) {
        const ny = py + dy;
        if (ny < 0 || ny >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = px + dx;
          if ((dx === 0 && dy === 0) || nx < 0 || nx >= w) continue;
          const q = ny * w + nx;
          if (!labels[q] && prob[q]! > DET_THRESH) {
            labels[q] = next;
            stack[sp++] = q;
          }
        }
      }
    }
    if (count < 6 || sum / count < BOX_THRESH) continue;
    const pts: [number, number][] = [];
    for (const [y, x0] of rowMin) {
      const x1 = rowMax.get(y)! + 1;
      pts.push([x0, y], [x0, y + 1], [x1, y], [x1, y + 1]);
    }
    const rect = minAreaRect(convexHull(pts));
    if (Math.min(rect.w, rect.h) < MIN_BOX_SIDE) continue;
    const d = (rect.w * rect.h * UNCLIP_RATIO) / (2 * (rect.w + rect.h));
    boxes.push({ ...rect, w: rect.w + 2 * d, h: rect.h + 2 * d, tightH: rect.h, score: sum / count });
  }
  return boxes;
}

/** Andrew's monotone chain. */
export function convexHull(points: [number, number][]): [number, number][] {
  const pts = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (pts.length < 3) return pts;
  const cross = (o: number[], a: number[], b: number[]) =>
    (a[0]! - o[0]!) * (b[1]! - o[1]!) - (a[1]! - o[1]!) * (b[0]! - o[0]!);
  const lower: [number, number][] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0)
      lower.pop();
    lower.push(p);
  }
  const upper: [number, number][] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0)
      upper.pop();
    upper.push(p);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

/**
 * Minimum-area rectangle over the hull's edge directions. The reading direction is the axis closest to
 * horizontal (angle in (−45°, 45°]): documents are upright after the orientation step.
 */
export function minAreaRect(hull: [number, number][]): {
  cx: number;
  cy: number;
  w: number;
  h: number;
  angle: number;
} {
  let best = { area: Number.POSITIVE_INFINITY, cx: 0, cy: 0, w: 0, h: 0, angle: 0 };
  const n = hull.length;
  for (let i = 0; i < Math.max(1, n); i++) {
    const a = hull[i]!;
    const b = hull[(i + 1) % n]!;
    let angle = n > 1 ? Math.atan2(b[1] - a[1], b[0] - a[0]) : 0;
    // Fold into (−45°, 45°]: the rectangle is the same, only which side is "width" changes.
    while (angle <= -Math.PI / 4) angle += Math.PI / 2;
    while (angle > Math.PI / 4) angle -= Math.PI / 2;
    const ux = Math.cos(angle);
    const uy = Math.sin(angle);
    let minU = Number.POSITIVE_INFINITY;
    let maxU = Number.NEGATIVE_INFINITY;
    let minV = Number.POSITIVE_INFINITY;
    let maxV = Number.NEGATIVE_INFINITY;
    for (const [x, y] of hull) {
      const u = x * ux + y * uy;
      const v = -x * uy + y * ux;
      if (u < minU) minU = u;
      if (u > maxU) maxU = u;
      if (v < minV) minV = v;
      if (v > maxV) maxV = v;
    }
    const w = maxU - minU;
    const h = maxV - minV;
    if (w * h < best.area - 1e-9) {
      const cu = (minU + maxU) / 2;
      const cv = (minV + maxV) / 2;
      best = { area: w * h, cx: cu * ux - cv * uy, cy: cu * uy + cv * ux, w, h, angle };
    }
  }
  return { cx: best.cx, cy: best.cy, w: best.w, h: best.h, angle: best.angle };
}
