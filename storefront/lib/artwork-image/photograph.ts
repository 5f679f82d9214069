import { type Canvas, col, glow, linearGradient, radialGradient } from './canvas';
import { darken, lighten, mix } from './colour';
import { n, op, polyline, type Pt, ridge, smoothPath } from './geometry';

// Photography: a photographic landscape with haze, a glow and a vignette

/**
 * Draws a landscape or a seascape outright (true); any other motif stands in front of hills,
 * against the light (false).
 */
export function drawPhotograph(c: Canvas): boolean {
  const { W, H, r } = c;
  const m = Math.min(W, H);
  const mode = c.motif === 'sea' ? 'sea' : c.motif === 'land' ? r.pick(['hills', 'mountains'] as const) : 'hills';
  const hy = H * r.float(0.45, 0.62);
  const high = darken(col(c, 0), 0.3);
  const mid = lighten(col(c, 1), 0.3);
  const horizon = lighten(col(c, 2), 0.62);
  // The sky, graded from the zenith down to a bright horizon.
  c.body.push(`<rect width="${n(W)}" height="${n(hy + 2)}" fill="${linearGradient(c, [[0, high], [0.6, mid], [1, horizon]])}"/>`);
  c.body.push(`<rect y="${n(hy)}" width="${n(W)}" height="${n(H - hy)}" fill="${darken(horizon, 0.3)}"/>`);
  // The sun's horizon near the horizon.
  const sx = W * r.float(0.2, 0.8);
  const sy = hy - H * r.float(0.02, 0.14);
  c.body.push(
    `<ellipse cx="${n(sx)}" cy="${n(sy)}" rx="${n(m * 0.55)}" ry="${n(m * 0.4)}" fill="${radialGradient(c, [[0, lighten(horizon, 0.7), 0.95], [0.25, horizon, 0.55], [1, horizon, 0]])}"/>`,
  );
  c.body.push(glow(c, sx, sy, m * 0.05, m * 0.05, '#fffaf0', 1));
  c.body.push(`<circle cx="${n(sx)}" cy="${n(sy)}" r="${n(m * 0.018)}" fill="#fffdf6"/>`);
  // Soft clouds.
  const clouds: string[] = [];
  for (let i = 0, k = r.int(3, 7); i < k; i++) {
    const cy = hy * r.float(0.08, 0.7);
    clouds.push(glow(c, W * r.float(0, 1), cy, W * r.float(0.15, 0.4), H * r.float(0.02, 0.05), lighten(mid, r.float(0.3, 0.7)), r.float(0.35, 0.7)));
  }
  c.body.push(clouds.join(''));

  const darkest = darken(col(c, 3), 0.78);
  if (mode === 'sea') {
    // Water below the horizon, reflecting the sky, with the sun's path on it.
    const water = linearGradient(c, [[0, mix(horizon, mid, 0.4)], [0.3, darken(mid, 0.25)], [1, darken(high, 0.35)]]);
    c.body.push(`<rect y="${n(hy)}" width="${n(W)}" height="${n(H - hy)}" fill="${water}"/>`);
    const glints: string[] = [];
    for (let i = 0; i < 70; i++) {
      const t = r.float(0, 1);
      const y = hy + (H - hy) * t * t;
      const spread = W * (0.02 + 0.16 * t);
      const x = sx + r.centred() * spread;
      const len = W * r.float(0.01, 0.05) * (0.3 + t);
      glints.push(`<rect x="${n(x - len / 2)}" y="${n(y)}" width="${n(len)}" height="${n(Math.max(0.8, H * 0.002 * (0.5 + t)))}" rx="${n(len / 2)}" fill="#fff8e8" fill-opacity="${op(r.float(0.2, 0.7) * (1 - t * 0.6))}"/>`);
    }
    c.body.push(glints.join(''));
    // A distant headland on the horizon, and a dark foreground shore.
    const side = r.chance(0.5) ? 1 : -1;
    // A distant headland running out of the frame, rising from the sea.
    const x0 = side > 0 ? W * r.float(0.5, 0.7) : -W * 0.02;
    const x1 = side > 0 ? W * 1.02 : W * r.float(0.3, 0.5);
    const far: Pt[] = Array.from({ length: 17 }, (_, i) => {
      const t = i / 16;
      const rise = Math.sqrt(side > 0 ? t : 1 - t);
      return [x0 + (x1 - x0) * t, hy - H * 0.045 * rise * (1 + 0.25 * Math.sin(t * 9 + r.float(0, 1)))] as Pt;
    });
    c.body.push(`<path d="${smoothPath(far, false)}L${n(x1)} ${n(hy + 1)}L${n(x0)} ${n(hy + 1)}Z" fill="${mix(horizon, darkest, 0.4)}"/>`);
    if (r.chance(0.7)) {
      const shore = ridge(r, -W * 0.05, W * 1.05, H * r.float(0.86, 0.94), H * 0.05, { waves: 3, jagged: 0.2 });
      c.body.push(`<path d="${smoothPath(shore, false)}L${n(W * 1.05)} ${n(H * 1.05)}L${n(-W * 0.05)} ${n(H * 1.05)}Z" fill="${darkest}"/>`);
    }
    c.focus = [sx, hy];
  } else {
    // Hills or mountains, layered with atmospheric haze: paler and softer with distance.
    const layers = r.int(3, 5);
    for (let i = 0; i < layers; i++) {
      const t = i / (layers - 1);
      const lift = mode === 'mountains' ? 0.26 : 0.14;
      const top = hy + (H - hy) * t * 0.6 - H * lift * (1 - t * 0.7);
      const amp = H * (mode === 'mountains' ? 0.1 : 0.05) * (1 - t * 0.4);
      const pts = ridge(r, -W * 0.05, W * 1.05, top, amp, {
        steps: mode === 'mountains' ? 30 : 16,
        waves: mode === 'mountains' ? 4 : 2,
        jagged: mode === 'mountains' ? 0.25 - t * 0.1 : 0.05,
      });
      const tone = mix(mix(horizon, col(c, i + 1), 0.35), darkest, 0.2 + 0.75 * t);
      const haze = mix(tone, horizon, 0.45 * (1 - t * 0.6));
      const d = `${mode === 'mountains' ? polyline(pts) : smoothPath(pts, false)}L${n(W * 1.05)} ${n(H * 1.05)}L${n(-W * 0.05)} ${n(H * 1.05)}Z`;
      const fill = linearGradient(c, [[0, tone], [0.5, haze], [1, darken(tone, 0.1)]]);
      c.body.push(`<path d="${d}" fill="${fill}"/>`);
    }
    // A line of trees along the nearest ridge, as a dark, irregular fringe.
    if (r.chance(0.6)) {
      const ty = H * r.float(0.8, 0.9);
      const trees: string[] = [];
      for (let x = -W * 0.02; x < W * 1.02; x += W * r.float(0.012, 0.03)) {
        const h = H * r.float(0.02, 0.07);
        trees.push(`<ellipse cx="${n(x)}" cy="${n(ty - h * 0.4)}" rx="${n(h * r.float(0.3, 0.5))}" ry="${n(h * 0.6)}"/>`);
      }
      c.body.push(`<g fill="${darkest}" opacity="0.92">${trees.join('')}<rect x="${n(-W * 0.05)}" y="${n(ty - H * 0.01)}" width="${n(W * 1.1)}" height="${n(H)}"/></g>`);
    }
    c.focus = [sx, hy - H * 0.05];
  }
  c.groundY = hy + (H - hy) * 0.7;
  return c.motif === 'sea' || c.motif === 'land';
}
