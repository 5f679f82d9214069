import type { Motif } from '@easel/shared/media';
import type { Canvas } from './canvas';
import { svgNum, polyline, type Point, smoothPath } from './geometry';
import type { Rng } from './random';

// Motifs: what a picture shows (a cat, a figure, a vase, a skyline), as silhouettes made of a
// few parts. Each medium paints the parts in its own manner (categories.ts, MANNERS).

/** One piece of a motif: a filled outline, or a line `stroke` wide; `tone` picks the palette colour. */
export interface Part {
  d: string;
  tone: number;
  stroke?: number;
  /** Drawn pale (a window, a sound hole): the manner lightens it instead of using the tone. */
  light?: boolean;
}

interface Shape {
  /** Width over height, to fit it on the canvas. */
  aspect: number;
  /** Where the detail view looks, in the motif's own units (0 ground, -1 top). */
  focus: Point;
  parts: (random: Rng, place: (pts: Point[]) => Point[], s: number) => Part[];
}

/** Drawing helpers in the motif's own units: u across (0 centre), v up (0 ground, -1 top). */
const closed = (place: (pts: Point[]) => Point[], pts: Point[], tone: number, tension = 1): Part => ({ d: smoothPath(place(pts), true, tension), tone });
const poly = (place: (pts: Point[]) => Point[], pts: Point[], tone: number): Part => ({ d: `${polyline(place(pts))}Z`, tone });
const line = (place: (pts: Point[]) => Point[], pts: Point[], tone: number, width: number): Part => ({ d: smoothPath(place(pts), false), tone, stroke: width });
function ellipse(place: (pts: Point[]) => Point[], cu: number, cv: number, ru: number, rv: number, tone: number, light = false): Part {
  const pts: Point[] = Array.from({ length: 10 }, (_, i) => [cu + Math.cos((i / 10) * Math.PI * 2) * ru, cv + Math.sin((i / 10) * Math.PI * 2) * rv]);
  return { ...closed(place, pts, tone), light };
}

/** Four-legged animals standing side on, from one body plan with each animal's proportions. */
function quadruped(o: {
  body: [number, number, number, number]; // left, right, top, bottom of the body
  legs: number; // leg thickness
  neck: Point[]; // from the shoulder to the head
  head: Point[]; // outline
  ears?: Point[][];
  tail: Point[];
  tailWidth: number;
  extra?: (place: (pts: Point[]) => Point[], s: number) => Part[];
}): Shape['parts'] {
  return (_r, place, s) => {
    const [l, rt, top, bottom] = o.body;
    const mid = (top + bottom) / 2;
    const body = closed(place, [[l, mid], [l + 0.05, top], [(l + rt) / 2, top + 0.02], [rt - 0.04, top - 0.01], [rt, mid], [rt - 0.05, bottom], [(l + rt) / 2, bottom + 0.02], [l + 0.05, bottom]], 0);
    const legs = [l + 0.07, l + 0.15, rt - 0.12, rt - 0.05].map((u, i) => line(place, [[u, mid], [u + (i % 2 ? 0.02 : -0.01), (bottom + 0) / 2], [u + (i % 2 ? 0.01 : 0), 0]], i % 2 ? 0 : 1, o.legs * s));
    const parts: Part[] = [...legs.filter((_, i) => i % 2 === 1), line(place, o.tail, 0, o.tailWidth * s), body, line(place, o.neck, 0, 0.16 * s), closed(place, o.head, 0), ...legs.filter((_, i) => i % 2 === 0)];
    for (const ear of o.ears ?? []) parts.push(poly(place, ear, 0));
    return [...parts, ...(o.extra?.(place, s) ?? [])];
  };
}

const SHAPES: Record<Exclude<Motif, 'abstract' | 'land'>, Shape> = {
  cat: {
    // Sitting, side on: a rounded back, the head with two pointed ears, the tail curled round.
    aspect: 0.95,
    focus: [0.08, -0.72],
    parts: (_r, place, s) => [
      line(place, [[-0.22, -0.03], [-0.42, -0.02], [-0.52, -0.1], [-0.48, -0.2]], 0, 0.07 * s),
      closed(place, [[-0.3, 0], [-0.36, -0.2], [-0.3, -0.42], [-0.14, -0.57], [0.03, -0.6], [0.14, -0.5], [0.16, -0.3], [0.2, -0.08], [0.24, 0]], 0),
      closed(place, [[-0.06, -0.72], [0.0, -0.84], [0.12, -0.87], [0.24, -0.8], [0.27, -0.7], [0.2, -0.6], [0.06, -0.58], [-0.04, -0.63]], 0),
      poly(place, [[-0.05, -0.76], [-0.01, -1], [0.09, -0.85]], 0),
      poly(place, [[0.13, -0.86], [0.22, -0.99], [0.26, -0.76]], 0),
      line(place, [[0.14, -0.04], [0.16, -0.3]], 1, 0.02 * s),
    ],
  },
  hare: {
    // Sitting up: a long body, big hind leg, and two tall ears.
    aspect: 0.9,
    focus: [0.16, -0.62],
    parts: (_r, place) => [
      closed(place, [[-0.4, 0], [-0.44, -0.16], [-0.32, -0.34], [-0.06, -0.48], [0.12, -0.5], [0.2, -0.36], [0.16, -0.14], [0.2, 0]], 0),
      ellipse(place, -0.26, -0.12, 0.16, 0.12, 1),
      closed(place, [[0.06, -0.56], [0.14, -0.66], [0.28, -0.64], [0.36, -0.56], [0.3, -0.49], [0.14, -0.46]], 0),
      closed(place, [[0.1, -0.64], [0.02, -0.82], [0.0, -1], [0.08, -0.98], [0.16, -0.8], [0.16, -0.66]], 0),
      closed(place, [[0.16, -0.65], [0.14, -0.84], [0.18, -0.99], [0.25, -0.95], [0.24, -0.8], [0.22, -0.64]], 0),
      ellipse(place, -0.46, -0.1, 0.06, 0.05, 1, true),
    ],
  },
  dog: {
    aspect: 1.3,
    focus: [0.42, -0.78],
    parts: quadruped({
      body: [-0.45, 0.3, -0.66, -0.36],
      legs: 0.08,
      neck: [[0.22, -0.55], [0.38, -0.75]],
      head: [[0.3, -0.86], [0.42, -0.92], [0.52, -0.86], [0.66, -0.8], [0.66, -0.72], [0.5, -0.7], [0.36, -0.7]],
      ears: [[[0.34, -0.88], [0.4, -0.9], [0.36, -0.7]]],
      tail: [[-0.42, -0.6], [-0.54, -0.78], [-0.56, -0.92]],
      tailWidth: 0.05,
    }),
  },
  fox: {
    aspect: 1.5,
    focus: [0.45, -0.7],
    parts: quadruped({
      body: [-0.4, 0.3, -0.58, -0.34],
      legs: 0.05,
      neck: [[0.22, -0.5], [0.38, -0.66]],
      head: [[0.3, -0.74], [0.44, -0.8], [0.56, -0.72], [0.74, -0.64], [0.5, -0.58], [0.34, -0.6]],
      ears: [[[0.34, -0.76], [0.36, -0.96], [0.44, -0.8]], [[0.42, -0.8], [0.48, -0.98], [0.5, -0.76]]],
      tail: [[-0.38, -0.46], [-0.6, -0.34], [-0.76, -0.2]],
      tailWidth: 0.14,
    }),
  },
  horse: {
    aspect: 1.15,
    focus: [0.36, -0.82],
    parts: quadruped({
      body: [-0.42, 0.24, -0.66, -0.4],
      legs: 0.055,
      neck: [[0.16, -0.58], [0.28, -0.78], [0.32, -0.88]],
      head: [[0.26, -0.92], [0.34, -0.98], [0.42, -0.92], [0.56, -0.72], [0.5, -0.68], [0.36, -0.78]],
      ears: [[[0.28, -0.94], [0.3, -1], [0.34, -0.96]]],
      tail: [[-0.42, -0.62], [-0.52, -0.5], [-0.54, -0.3]],
      tailWidth: 0.07,
      extra: (place, s) => [line(place, [[0.14, -0.66], [0.22, -0.86], [0.28, -0.96]], 1, 0.05 * s)],
    }),
  },
  stag: {
    aspect: 1.1,
    focus: [0.32, -0.72],
    parts: quadruped({
      body: [-0.4, 0.2, -0.58, -0.36],
      legs: 0.04,
      neck: [[0.14, -0.5], [0.26, -0.64]],
      head: [[0.22, -0.68], [0.32, -0.74], [0.48, -0.62], [0.44, -0.58], [0.28, -0.6]],
      ears: [[[0.22, -0.7], [0.14, -0.76], [0.24, -0.74]]],
      tail: [[-0.4, -0.56], [-0.44, -0.5]],
      tailWidth: 0.04,
      extra: (place, s) => [
        line(place, [[0.28, -0.74], [0.22, -0.88], [0.26, -1]], 1, 0.025 * s),
        line(place, [[0.24, -0.86], [0.12, -0.92], [0.08, -1]], 1, 0.025 * s),
        line(place, [[0.32, -0.74], [0.4, -0.86], [0.48, -0.94]], 1, 0.025 * s),
        line(place, [[0.4, -0.85], [0.4, -0.96]], 1, 0.02 * s),
      ],
    }),
  },
  cow: {
    aspect: 1.45,
    focus: [0.5, -0.66],
    parts: quadruped({
      body: [-0.5, 0.36, -0.78, -0.34],
      legs: 0.08,
      neck: [[0.3, -0.64], [0.44, -0.66]],
      head: [[0.4, -0.76], [0.5, -0.8], [0.6, -0.7], [0.68, -0.52], [0.58, -0.48], [0.46, -0.6]],
      ears: [[[0.4, -0.76], [0.32, -0.78], [0.42, -0.7]]],
      tail: [[-0.5, -0.74], [-0.56, -0.5], [-0.54, -0.3]],
      tailWidth: 0.03,
      extra: (place, s) => [line(place, [[0.48, -0.79], [0.46, -0.88], [0.52, -0.94]], 1, 0.03 * s), ellipse(place, -0.1, -0.6, 0.12, 0.1, 1, true)],
    }),
  },
  bird: {
    // Perched on a branch: round body, head, beak and a long tail.
    aspect: 1.1,
    focus: [0.16, -0.7],
    parts: (_r, place, s) => [
      line(place, [[-0.55, -0.16], [0, -0.2], [0.55, -0.14]], 1, 0.05 * s),
      closed(place, [[-0.2, -0.36], [-0.5, -0.18], [-0.46, -0.14], [-0.12, -0.3]], 0),
      closed(place, [[-0.24, -0.44], [-0.1, -0.62], [0.08, -0.66], [0.18, -0.54], [0.14, -0.34], [-0.02, -0.26], [-0.18, -0.3]], 0),
      ellipse(place, 0.14, -0.7, 0.12, 0.11, 0),
      poly(place, [[0.24, -0.74], [0.38, -0.7], [0.24, -0.66]], 1),
      ellipse(place, 0.17, -0.72, 0.022, 0.022, 0, true),
      line(place, [[0.0, -0.28], [0.0, -0.2]], 1, 0.02 * s),
    ],
  },
  figure: {
    // A standing figure: head, torso, arms and legs.
    aspect: 0.45,
    focus: [0, -0.8],
    parts: (random, place, s) => {
      const arm = random.float(-0.1, 0.12);
      return [
        line(place, [[-0.06, -0.5], [-0.07, -0.25], [-0.08, 0]], 1, 0.085 * s),
        line(place, [[0.06, -0.5], [0.08, -0.25], [0.1, 0]], 1, 0.085 * s),
        closed(place, [[-0.13, -0.8], [0.13, -0.8], [0.12, -0.62], [0.16, -0.44], [-0.16, -0.44], [-0.12, -0.62]], 0),
        line(place, [[-0.13, -0.78], [-0.2, -0.6], [-0.2 - arm, -0.44]], 0, 0.06 * s),
        line(place, [[0.13, -0.78], [0.2, -0.6], [0.21 + arm, -0.44]], 0, 0.06 * s),
        ellipse(place, 0, -0.9, 0.075, 0.09, 1),
      ];
    },
  },
  sport: {
    // A runner mid-stride.
    aspect: 0.8,
    focus: [0.1, -0.86],
    parts: (_r, place, s) => [
      line(place, [[0, -0.5], [0.18, -0.3], [0.12, -0.06]], 1, 0.08 * s),
      line(place, [[0, -0.5], [-0.16, -0.3], [-0.34, -0.22]], 1, 0.08 * s),
      line(place, [[0, -0.5], [0.05, -0.66], [0.09, -0.78]], 0, 0.14 * s),
      line(place, [[0.08, -0.76], [0.2, -0.66], [0.3, -0.72]], 0, 0.055 * s),
      line(place, [[0.06, -0.76], [-0.1, -0.7], [-0.2, -0.58]], 0, 0.055 * s),
      ellipse(place, 0.12, -0.88, 0.075, 0.08, 1),
    ],
  },
  portrait: {
    // Head and shoulders: a bust filling the picture.
    aspect: 0.85,
    focus: [0, -0.62],
    parts: (random, place) => {
      const hair = random.float(0.1, 0.2);
      return [
        closed(place, [[-0.42, 0], [-0.4, -0.2], [-0.14, -0.3], [0.14, -0.3], [0.4, -0.2], [0.42, 0]], 0),
        closed(place, [[-0.07, -0.26], [-0.08, -0.42], [0.08, -0.42], [0.07, -0.26]], 1, 0.5),
        ellipse(place, 0, -0.6, 0.17, 0.22, 1),
        closed(place, [[-0.19, -0.56], [-0.2, -0.74], [-0.1, -0.84], [0.06, -0.86], [0.19, -0.76], [0.2, -0.6 + hair], [0.14, -0.7], [-0.06, -0.76], [-0.15, -0.62]], 2),
      ];
    },
  },
  'still-life': {
    // A vase on a table with fruit beside it.
    aspect: 1.2,
    focus: [-0.1, -0.55],
    parts: (random, place, s) => {
      const belly = random.float(0.16, 0.22);
      return [
        closed(place, [[-0.2, 0], [-0.1 - belly, -0.3], [-0.18, -0.62], [-0.2, -0.76], [0, -0.76], [-0.02, -0.62], [-0.1 + belly, -0.3], [0, 0]], 0, 0.8),
        line(place, [[-0.1, -0.76], [-0.16, -0.9], [-0.24, -1]], 2, 0.02 * s),
        line(place, [[-0.1, -0.76], [-0.04, -0.94], [0.02, -0.98]], 2, 0.02 * s),
        ellipse(place, -0.24, -0.98, 0.06, 0.05, 1),
        ellipse(place, 0.03, -0.98, 0.06, 0.05, 1),
        ellipse(place, 0.22, -0.1, 0.1, 0.1, 1),
        ellipse(place, 0.4, -0.09, 0.09, 0.09, 2),
        ellipse(place, 0.31, -0.24, 0.08, 0.08, 1),
      ];
    },
  },
  flowers: {
    // Stems with leaves, each crowned by a flower of petals round a heart.
    aspect: 0.9,
    focus: [0, -0.8],
    parts: (random, place, s) => {
      const parts: Part[] = [];
      for (let i = 0; i < 3; i++) {
        const u = (i - 1) * 0.28 + random.centred() * 0.04;
        const top: Point = [u + random.centred() * 0.1, -0.72 - random.float(0, 0.14)];
        parts.push(line(place, [[u * 0.3, 0], [(u + top[0]) / 2, -0.4], top], 1, 0.025 * s));
        parts.push(closed(place, [[(u + top[0]) / 2, -0.36], [(u + top[0]) / 2 + 0.12, -0.46], [(u + top[0]) / 2 + 0.2, -0.42], [(u + top[0]) / 2 + 0.1, -0.36]], 1));
        for (let p = 0; p < 6; p++) {
          const a = (p / 6) * Math.PI * 2;
          parts.push(ellipse(place, top[0] + Math.cos(a) * 0.08, top[1] + Math.sin(a) * 0.08, 0.065, 0.065, i % 2 ? 0 : 2));
        }
        parts.push(ellipse(place, top[0], top[1], 0.045, 0.045, 1, true));
      }
      return parts;
    },
  },
  trees: {
    // A stand of trees: trunks under round crowns.
    aspect: 1.3,
    focus: [0, -0.6],
    parts: (random, place, s) => {
      const parts: Part[] = [];
      for (let i = 0; i < 3; i++) {
        const u = (i - 1) * 0.4 + random.centred() * 0.05;
        const h = i === 1 ? 1 : random.float(0.7, 0.85);
        parts.push(line(place, [[u, 0], [u, -h * 0.6]], 1, 0.05 * s));
        parts.push(ellipse(place, u, -h * 0.68, 0.2, h * 0.32, 0));
      }
      return parts;
    },
  },
  city: {
    // A skyline of towers and blocks, with lit windows.
    aspect: 1.6,
    focus: [0, -0.6],
    parts: (random, place) => {
      const parts: Part[] = [];
      let u = -0.8;
      let i = 0;
      while (u < 0.8) {
        const w = random.float(0.12, 0.24);
        const h = i % 3 === 1 ? random.float(0.8, 1) : random.float(0.35, 0.7);
        parts.push(poly(place, [[u, 0], [u, -h], [u + w, -h], [u + w, 0]], i % 2));
        for (let y = -h + 0.06; y < -0.08; y += 0.1) {
          for (let x = u + 0.03; x < u + w - 0.05; x += 0.06) parts.push({ ...poly(place, [[x, y], [x + 0.025, y], [x + 0.025, y + 0.04], [x, y + 0.04]], 2), light: true });
        }
        u += w + 0.01;
        i++;
      }
      return parts;
    },
  },
  building: {
    // A classical facade: steps, columns, a pediment and a door.
    aspect: 1.1,
    focus: [0, -0.6],
    parts: (_r, place, s) => {
      const parts: Part[] = [
        poly(place, [[-0.5, 0], [-0.5, -0.05], [0.5, -0.05], [0.5, 0]], 1),
        poly(place, [[-0.45, -0.05], [-0.45, -0.1], [0.45, -0.1], [0.45, -0.05]], 1),
        poly(place, [[-0.45, -0.7], [-0.45, -0.78], [0.45, -0.78], [0.45, -0.7]], 0),
        poly(place, [[-0.5, -0.78], [0, -1], [0.5, -0.78]], 0),
        { ...poly(place, [[-0.08, -0.1], [-0.08, -0.38], [0.08, -0.38], [0.08, -0.1]], 2), light: true },
      ];
      for (const u of [-0.36, -0.2, 0.2, 0.36]) parts.push(line(place, [[u, -0.1], [u, -0.7]], 0, 0.07 * s));
      return parts;
    },
  },
  interior: {
    // A window on the wall, with a table and a chair below it.
    aspect: 1.2,
    focus: [0, -0.7],
    parts: (_r, place, s) => [
      poly(place, [[-0.3, -0.45], [-0.3, -1], [0.3, -1], [0.3, -0.45]], 0),
      { ...poly(place, [[-0.26, -0.49], [-0.26, -0.96], [0.26, -0.96], [0.26, -0.49]], 1), light: true },
      line(place, [[0, -0.49], [0, -0.96]], 0, 0.03 * s),
      line(place, [[-0.26, -0.72], [0.26, -0.72]], 0, 0.03 * s),
      poly(place, [[-0.5, -0.34], [-0.5, -0.38], [0.1, -0.38], [0.1, -0.34]], 2),
      line(place, [[-0.45, -0.34], [-0.45, 0]], 2, 0.03 * s),
      line(place, [[0.05, -0.34], [0.05, 0]], 2, 0.03 * s),
      line(place, [[0.3, 0], [0.3, -0.2], [0.48, -0.2], [0.48, 0]], 1, 0.03 * s),
      line(place, [[0.48, -0.2], [0.5, -0.5]], 1, 0.03 * s),
    ],
  },
  moon: {
    // A crescent moon and stars in a night sky, over a dark hill.
    aspect: 1.4,
    focus: [0.3, -0.75],
    parts: (random, place, s) => {
      const parts: Part[] = [
        poly(place, [[-20, 0], [-20, -20], [20, -20], [20, 0]], 1),
        { d: moonPath(place([[0.3, -0.75]])[0] as Point, 0.2 * s), tone: 0, light: true },
        closed(place, [[-0.7, 0], [-0.4, -0.2], [0, -0.26], [0.4, -0.16], [0.7, 0]], 0),
      ];
      for (let i = 0; i < 9; i++) parts.push({ ...ellipse(place, random.float(-0.7, 0.7), random.float(-1, -0.35), 0.012, 0.012, 2), light: true });
      return parts;
    },
  },
  music: {
    // A cello or guitar standing upright.
    aspect: 0.5,
    focus: [0, -0.4],
    parts: (_r, place, s) => [
      closed(place, [[0, -0.02], [-0.2, -0.08], [-0.22, -0.24], [-0.13, -0.36], [-0.17, -0.48], [-0.1, -0.6], [0, -0.62], [0.1, -0.6], [0.17, -0.48], [0.13, -0.36], [0.22, -0.24], [0.2, -0.08]], 0),
      line(place, [[0, -0.55], [0, -0.94]], 1, 0.05 * s),
      poly(place, [[-0.04, -0.94], [-0.04, -1], [0.04, -1], [0.04, -0.94]], 1),
      ellipse(place, 0, -0.36, 0.05, 0.05, 1, true),
      line(place, [[0, -0.12], [0, -0.94]], 2, 0.006 * s),
    ],
  },
  sea: {
    // A calm sea to the horizon, with a sailing boat.
    aspect: 1.6,
    focus: [0.1, -0.5],
    parts: (random, place, s) => {
      const parts: Part[] = [
        // The water reaches both edges of the picture and its foot, whatever the motif's size.
        poly(place, [[-20, 20], [-20, -0.32], [20, -0.32], [20, 20]], 0),
      ];
      for (let i = 0; i < 6; i++) {
        const v = -0.26 + i * 0.09;
        const u = random.float(-0.7, 0.3);
        parts.push({ ...line(place, [[u, v], [u + 0.1, v - 0.02], [u + 0.25, v]], 0, 0.012 * s), light: true });
      }
      parts.push(closed(place, [[-0.06, -0.36], [0.3, -0.36], [0.24, -0.28], [0.0, -0.28]], 1, 0.6));
      parts.push(poly(place, [[0.11, -0.38], [0.11, -0.9], [0.28, -0.4]], 2));
      parts.push(poly(place, [[0.08, -0.38], [0.08, -0.8], [-0.04, -0.4]], 2));
      return parts;
    },
  },
};


/** A crescent: a disc with a smaller disc cut from its side. */
function moonPath([x, y]: Point, radius: number): string {
  return `M${svgNum(x)} ${svgNum(y - radius)}A${svgNum(radius)} ${svgNum(radius)} 0 1 0 ${svgNum(x)} ${svgNum(y + radius)}A${svgNum(radius * 0.8)} ${svgNum(radius * 0.8)} 0 1 1 ${svgNum(x)} ${svgNum(y - radius)}Z`;
}

/** The motifs that stand on the ground line: how tall each is drawn, as a share of the room it has. */
const HEIGHT: Partial<Record<Motif, number>> = { portrait: 0.95, sea: 0.8, city: 0.85, interior: 0.95, moon: 0.9 };

/** The abstract motif: overlapping discs, bars and arcs. */
function abstractParts(random: Rng, canvas: Canvas): Part[] {
  const { artWidth, artHeight } = canvas;
  const shortSide = Math.min(artWidth, artHeight);
  const parts: Part[] = [];
  for (let i = 0, k = random.int(4, 6); i < k; i++) {
    const x = artWidth * random.float(0.15, 0.85);
    const y = artHeight * random.float(0.15, 0.85);
    const s = shortSide * random.float(0.12, 0.3);
    const pts: Point[] = random.chance(0.5)
      ? Array.from({ length: 12 }, (_, j) => [x + Math.cos((j / 12) * Math.PI * 2) * s, y + Math.sin((j / 12) * Math.PI * 2) * s])
      : [[x - s, y - s * 0.3], [x + s, y - s * 0.3], [x + s, y + s * 0.3], [x - s, y + s * 0.3]];
    parts.push(pts.length === 4 ? { d: `${polyline(pts)}Z`, tone: i } : { d: smoothPath(pts, true), tone: i });
  }
  return parts;
}

/**
 * The motif's parts, placed on the canvas: standing on `canvas.groundY`, as large as the picture's
 * shape allows, facing either way. The detail view looks at the motif's focus.
 */
export function motifParts(canvas: Canvas, random: Rng, motif: Exclude<Motif, 'land'>, fit: { x: number; y: number; maxW: number; maxH: number }): Part[] {
  if (motif === 'abstract') return abstractParts(random, canvas);
  const shape = SHAPES[motif];
  const s = Math.min(fit.maxH * (HEIGHT[motif] ?? 0.8), fit.maxW / shape.aspect);
  const flip = random.chance(0.5);
  const x = fit.x + random.centred() * Math.max(0, fit.maxW - s * shape.aspect) * 0.3;
  const place = (pts: Point[]) => pts.map(([u, v]) => [x + (flip ? -u : u) * s, fit.y + v * s] as Point);
  canvas.focus = place([shape.focus])[0] as Point;
  return shape.parts(random, place, s);
}
