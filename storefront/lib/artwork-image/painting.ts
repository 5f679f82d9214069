import { bristleStroke, type Canvas, col, glow, linearGradient, roughen, softRect } from './canvas';
import { darken, lighten, mix } from './colour';
import { blob, curve, n, op, polyline, type Pt, ridge, smoothPath } from './geometry';

// Paintings: layered colour fields and soft brush shapes

/** Draws a landscape or an abstract outright (true); for any other motif, the ground it stands on (false). */
export function drawPainting(c: Canvas): boolean {
  const { W, H, r } = c;
  const mode = c.motif === 'land' ? 'landscape' : c.motif === 'abstract' ? r.pick(['fields', 'gestural'] as const) : 'ground';
  const m = Math.min(W, H);

  if (mode === 'landscape') {
    const hy = H * r.float(0.34, 0.52);
    const skyTop = lighten(col(c, 1), 0.35);
    const skyLow = lighten(col(c, 0), 0.72);
    c.body.push(`<rect width="${n(W)}" height="${n(H)}" fill="${linearGradient(c, [[0, skyTop], [0.85, skyLow], [1, skyLow]])}"/>`);
    // Clouds and sky: loose horizontal strokes.
    const sky: string[] = [];
    for (let i = 0, k = r.int(4, 8); i < k; i++) {
      const y = hy * r.float(0.1, 0.85);
      const x = W * r.float(-0.1, 0.8);
      const len = W * r.float(0.2, 0.55);
      const pts = curve([x, y], [x + len, y + r.centred() * H * 0.03], r.float(-0.06, 0.06));
      sky.push(bristleStroke(c, pts, m * r.float(0.02, 0.05), lighten(col(c, i + 2), r.float(0.55, 0.85)), 0.6));
    }
    if (r.chance(0.55)) {
      const sx = W * r.float(0.15, 0.85);
      const sy = hy * r.float(0.3, 0.75);
      const sun = lighten(col(c, 2), 0.45);
      sky.push(glow(c, sx, sy, m * 0.16, m * 0.16, sun, 0.55));
      sky.push(`<path d="${smoothPath(blob(r, sx, sy, m * 0.05, m * 0.05, 0.05, 12), true)}" fill="${lighten(sun, 0.3)}" fill-opacity="0.9"/>`);
    }
    c.body.push(sky.join(''));
    // Bands of land, distant to near: lighter and cooler far away, deeper in front.
    const bands = r.int(4, 6);
    const land: string[] = [];
    for (let i = 0; i < bands; i++) {
      const t = i / (bands - 1);
      const top = hy + (H - hy) * t * 0.72 - (i === 0 ? H * 0.06 : 0);
      const amp = H * (0.07 - t * 0.04) * r.float(0.6, 1.3);
      const pts = roughen(r, ridge(r, -W * 0.05, W * 1.05, top, amp, { steps: 18, waves: 3, jagged: 0.12 }), m * 0.006, 4);
      const base = col(c, i + 1);
      const fill = t < 0.5 ? mix(base, skyLow, 0.55 * (1 - t * 2)) : darken(base, (t - 0.5) * 0.45);
      const d = `${smoothPath(pts, false)}L${n(W * 1.05)} ${n(H * 1.05)}L${n(-W * 0.05)} ${n(H * 1.05)}Z`;
      land.push(`<path d="${d}" fill="${i === bands - 2 ? base : fill}"/>`);
      // Brushwork across the band.
      for (let s = 0, k = r.int(3, 7); s < k; s++) {
        const y = top + (H - top) * r.float(0.05, 0.45) * (1 - t * 0.5);
        const x = W * r.float(-0.1, 0.7);
        const pts2 = curve([x, y], [x + W * r.float(0.15, 0.45), y + r.centred() * H * 0.03], r.float(-0.08, 0.08));
        const shade = r.chance(0.5) ? lighten(fill, r.float(0.1, 0.3)) : darken(fill, r.float(0.1, 0.25));
        land.push(bristleStroke(c, pts2, m * r.float(0.015, 0.04), shade, 0.55));
      }
    }
    c.body.push(land.join(''));
    // Foreground dabs: flowers, grasses, broken colour.
    const dabs: string[] = [];
    for (let i = 0, k = r.int(40, 90); i < k; i++) {
      const x = W * r.float(0, 1);
      const y = H * r.float(0.78, 1);
      const rx = m * r.float(0.006, 0.018);
      const colour = r.chance(0.6) ? lighten(col(c, r.int(0, 3)), r.float(0, 0.45)) : darken(col(c, r.int(0, 3)), 0.3);
      dabs.push(`<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx)}" ry="${n(rx * r.float(0.4, 0.8))}" transform="rotate(${n(r.float(-40, 40))} ${n(x)} ${n(y)})" fill="${colour}" fill-opacity="${op(r.float(0.6, 0.95))}"/>`);
    }
    c.body.push(dabs.join(''));
    c.focus = [W * r.float(0.3, 0.7), hy + (H - hy) * 0.3];
  } else if (mode === 'ground') {
    // A wall or sky over a floor, table or field, laid in with broad strokes.
    const gy = H * r.float(0.7, 0.8);
    const upper = lighten(col(c, 1), r.float(0.5, 0.7));
    const lower = mix(lighten(col(c, 2), 0.35), upper, 0.3);
    c.body.push(`<rect width="${n(W)}" height="${n(H)}" fill="${linearGradient(c, [[0, darken(upper, 0.06)], [1, lighten(upper, 0.15)]])}"/>`);
    c.body.push(`<rect y="${n(gy)}" width="${n(W)}" height="${n(H - gy)}" fill="${lower}"/>`);
    const strokes: string[] = [];
    for (let i = 0, k = r.int(6, 10); i < k; i++) {
      const y = i % 2 ? gy + (H - gy) * r.float(0.1, 0.9) : gy * r.float(0.05, 0.95);
      const x = W * r.float(-0.1, 0.6);
      const shade = i % 2 ? darken(lower, r.float(0.05, 0.15)) : lighten(upper, r.float(0.1, 0.3));
      strokes.push(bristleStroke(c, curve([x, y], [x + W * r.float(0.3, 0.6), y + r.centred() * H * 0.02], r.float(-0.05, 0.05)), m * r.float(0.03, 0.07), shade, 0.5));
    }
    c.body.push(strokes.join(''));
    c.groundY = gy;
    return false;
  } else if (mode === 'fields') {
    // Stacked, soft-edged colour fields on a ground (colour-field abstraction).
    const ground = darken(col(c, 0), r.float(0.1, 0.35));
    c.body.push(`<rect width="${n(W)}" height="${n(H)}" fill="${ground}"/>`);
    const count = r.int(2, 3);
    const weights = Array.from({ length: count }, () => r.float(0.6, 1.4));
    const total = weights.reduce((a, b) => a + b, 0);
    const mx = W * r.float(0.06, 0.1);
    const top = H * 0.07;
    const gap = H * 0.035;
    const usable = H * 0.86 - gap * (count - 1);
    const fields: string[] = [];
    let y = top;
    let biggest: Pt = [W / 2, H / 2];
    let biggestH = 0;
    weights.forEach((wt, i) => {
      const h = (usable * wt) / total;
      const fill = i % 2 === 0 ? col(c, i + 1) : lighten(col(c, i + 1), 0.15);
      fields.push(softRect(mx, y, W - 2 * mx, h, m * 0.018, fill, 1));
      const edge: Pt[] = roughen(r, [[mx, y], [W - mx, y], [W - mx, y + h], [mx, y + h], [mx, y]], m * 0.004, 10);
      fields.push(`<path d="${polyline(edge)}Z" fill="${fill}" fill-opacity="0.85"/>`);
      for (let s = 0, k = r.int(5, 10); s < k; s++) {
        const sy = y + h * r.float(0.1, 0.9);
        const pts = curve([mx + W * r.float(0, 0.3), sy], [W - mx - W * r.float(0, 0.3), sy + r.centred() * h * 0.1], r.float(-0.04, 0.04));
        const shade = r.chance(0.5) ? lighten(fill, r.float(0.08, 0.22)) : darken(fill, r.float(0.06, 0.18));
        fields.push(bristleStroke(c, pts, Math.min(h * 0.35, m * r.float(0.04, 0.09)), shade, 0.35));
      }
      if (h > biggestH) {
        biggestH = h;
        biggest = [W / 2, y + h / 2];
      }
      y += h + gap;
    });
    c.body.push(fields.join(''));
    c.focus = biggest;
  } else {
    // Gestural abstraction: large soft shapes, then sweeping strokes and a few splashes.
    const ground = r.chance(0.6) ? '#efe9de' : lighten(col(c, 0), 0.8);
    c.body.push(`<rect width="${n(W)}" height="${n(H)}" fill="${ground}"/>`);
    const shapes: string[] = [];
    for (let i = 0, k = r.int(4, 7); i < k; i++) {
      const pts = roughen(r, blob(r, W * r.float(0.1, 0.9), H * r.float(0.1, 0.9), m * r.float(0.14, 0.34), m * r.float(0.12, 0.3), 0.3), m * 0.005, 5);
      shapes.push(`<path d="${smoothPath(pts, true)}" fill="${col(c, i)}" fill-opacity="${op(r.float(0.7, 0.95))}"/>`);
    }
    c.body.push(shapes.join(''));
    const strokes: string[] = [];
    for (let i = 0, k = r.int(7, 14); i < k; i++) {
      const a: Pt = [W * r.float(-0.05, 0.9), H * r.float(0, 1)];
      const b: Pt = [a[0] + W * r.float(0.15, 0.6), a[1] + H * r.centred() * 0.35];
      const colour = r.chance(0.25) ? darken(col(c, i + 1), 0.55) : r.chance(0.3) ? lighten(col(c, i), 0.5) : col(c, i + 2);
      strokes.push(bristleStroke(c, curve(a, b, r.float(-0.3, 0.3), 16), m * r.float(0.015, 0.06), colour, 0.85));
    }
    for (let i = 0, k = r.int(8, 24); i < k; i++) {
      strokes.push(`<circle cx="${n(W * r.float(0, 1))}" cy="${n(H * r.float(0, 1))}" r="${n(m * r.float(0.002, 0.009))}" fill="${darken(col(c, i), 0.4)}" fill-opacity="0.8"/>`);
    }
    c.body.push(strokes.join(''));
    c.focus = [W * r.float(0.3, 0.7), H * r.float(0.3, 0.7)];
  }
  return true;
}
