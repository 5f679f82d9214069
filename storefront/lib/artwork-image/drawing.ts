import { type Canvas, col, glow, linearGradient, roughen } from './canvas';
import { atMost, darken, lighten } from './colour';
import { blob, curve, hatchLines, jitter, n, op, polyline, type Pt, ridge, smoothPath } from './geometry';

// Drawings: marks, contours and hatching on warm paper

/** Draws a still life, a landscape or a botanical study outright (true); for any other motif, the ground it stands on (false). */
export function drawDrawing(c: Canvas): boolean {
  const { W, H, r } = c;
  const m = Math.min(W, H);
  const paper = r.pick(['#f3ecdc', '#efe6d2', '#f4efe3', '#ece3cf']);
  c.body.push(`<rect width="${n(W)}" height="${n(H)}" fill="${linearGradient(c, [[0, lighten(paper, 0.25)], [1, darken(paper, 0.04)]], { x2: 1, y2: 1 })}"/>`);
  const inks = c.pal.map((p) => atMost(p, 0.42));
  const ink = (i: number) => inks[((i % inks.length) + inks.length) % inks.length] as string;
  const lw = m * 0.0028;
  const marks: string[] = [];
  const washes: string[] = [];
  const contour = (pts: Pt[], closed: boolean, colour: string, passes = 2) => {
    for (let p = 0; p < passes; p++) {
      marks.push(`<path d="${smoothPath(jitter(r, pts, m * 0.004), closed)}" fill="none" stroke="${colour}" stroke-width="${n(lw * r.float(0.7, 1.4))}" stroke-linecap="round" stroke-opacity="${op(r.float(0.55, 0.9))}"/>`);
    }
  };
  const hatch = (clipD: string, box: { x: number; y: number; w: number; h: number }, angle: number, spacing: number, colour: string, cross = false) => {
    const id = c.id('clip');
    c.defs.push(`<clipPath id="${id}"><path d="${clipD}"/></clipPath>`);
    // Three interleaved passes of different pressure, so the hatching looks made by hand.
    let g = '';
    for (const [weight, alpha] of [[0.6, 0.45], [0.9, 0.7], [1.3, 0.85]] as const) {
      let d = hatchLines(r, box, angle + r.centred() * 3, spacing * 3, m * 0.004, m * 0.14);
      if (cross) d += hatchLines(r, { x: box.x + box.w * 0.35, y: box.y, w: box.w * 0.65, h: box.h }, angle + 70 + r.centred() * 3, spacing * 3.6, m * 0.004, m * 0.14);
      g += `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${n(lw * weight)}" stroke-linecap="round" stroke-opacity="${alpha}"/>`;
    }
    marks.push(`<g clip-path="url(#${id})">${g}</g>`);
  };
  const mode = c.motif === 'still-life' ? 'still-life' : c.motif === 'land' ? 'landscape' : c.motif === 'flowers' ? 'botanical' : 'ground';

  if (mode === 'still-life') {
    const tableY = H * r.float(0.6, 0.72);
    contour([[W * 0.04, tableY], [W * 0.5, tableY + r.centred() * H * 0.01], [W * 0.96, tableY]], false, ink(0), 3);
    hatch(`M0 ${n(tableY)}H${n(W)}V${n(H)}H0Z`, { x: 0, y: tableY, w: W, h: H * 0.12 }, 8, m * 0.02, ink(0));
    const count = r.int(2, 4);
    const span = Math.min(W * 0.7, H * 1.1);
    for (let i = 0; i < count; i++) {
      const cx = W / 2 - span / 2 + (span * (i + 0.5)) / count + r.centred() * span * 0.04;
      const kind = r.pick(['vessel', 'fruit', 'bowl', 'vessel'] as const);
      const size = m * r.float(0.12, 0.2) * (kind === 'fruit' ? 0.55 : 1);
      let outline: Pt[];
      let h: number;
      if (kind === 'vessel') {
        h = size * r.float(1.6, 2.6);
        const belly = size * r.float(0.45, 0.6);
        const neck = size * r.float(0.12, 0.25);
        const by = tableY - h * r.float(0.25, 0.45);
        outline = [
          [cx - belly * 0.6, tableY], [cx - belly, by], [cx - neck, tableY - h * 0.8], [cx - neck * 1.3, tableY - h],
          [cx + neck * 1.3, tableY - h], [cx + neck, tableY - h * 0.8], [cx + belly, by], [cx + belly * 0.6, tableY],
        ];
      } else if (kind === 'bowl') {
        h = size * 0.6;
        outline = [[cx - size, tableY - h], [cx - size * 0.8, tableY - h * 0.3], [cx - size * 0.35, tableY], [cx + size * 0.35, tableY], [cx + size * 0.8, tableY - h * 0.3], [cx + size, tableY - h]];
      } else {
        h = size * 1.9;
        outline = blob(r, cx, tableY - size * 0.95, size, size * 0.95, 0.06, 10);
      }
      const d = smoothPath(outline, true, 0.9);
      washes.push(`<path d="${smoothPath(roughen(r, outline, m * 0.008, 3), true)}" fill="${col(c, i)}" fill-opacity="0.22"/>`);
      contour(outline, true, ink(i), 2);
      hatch(d, { x: cx, y: tableY - h * 1.05, w: size * 1.3, h: h * 1.1 }, r.float(35, 60), m * r.float(0.008, 0.013), ink(i), r.chance(0.6));
      // Cast shadow on the table.
      const sd = `M${n(cx)} ${n(tableY)}L${n(cx + size * 1.6)} ${n(tableY + size * 0.05)}L${n(cx + size * 1.3)} ${n(tableY + size * 0.25)}L${n(cx - size * 0.3)} ${n(tableY + size * 0.18)}Z`;
      hatch(sd, { x: cx - size * 0.3, y: tableY, w: size * 2, h: size * 0.3 }, -10, m * 0.008, ink(i + 1));
    }
    // Loose tone on the wall behind, on one side.
    const left = r.chance(0.5);
    hatch(`M${n(left ? 0 : W * 0.55)} ${n(H * 0.08)}H${n(left ? W * 0.45 : W)}V${n(tableY)}H${n(left ? 0 : W * 0.55)}Z`, { x: 0, y: 0, w: W, h: tableY }, 80, m * 0.016, ink(count));
    c.focus = [W / 2, tableY - m * 0.15];
  } else if (mode === 'ground') {
    // A ground line with a little hatched shadow under it.
    const gy = H * r.float(0.74, 0.84);
    contour([[W * 0.04, gy], [W * 0.5, gy + r.centred() * H * 0.01], [W * 0.96, gy]], false, ink(0), 2);
    hatch(`M0 ${n(gy)}H${n(W)}V${n(H)}H0Z`, { x: 0, y: gy, w: W, h: H * 0.08 }, 8, m * 0.02, ink(0));
    c.groundY = gy;
  } else if (mode === 'landscape') {
    const hy = H * r.float(0.4, 0.55);
    for (let i = 0; i < 3; i++) {
      const top = hy + (H - hy) * i * 0.25;
      const pts = ridge(r, W * 0.03, W * 0.97, top, H * (0.06 - i * 0.012), { steps: 14, waves: 3 });
      contour(pts, false, ink(i), 2);
      // The band's tone fades out downwards along a ragged edge.
      const depth = H * (0.12 + i * 0.05);
      const phase = r.float(0, Math.PI * 2);
      const under = roughen(r, pts.map(([x, y]) => [x, y + depth * (0.75 + 0.25 * Math.sin(x / 90 + phase))] as Pt).reverse(), m * 0.004, 2);
      const d = `${smoothPath(pts, false)}L${smoothPath(under, false).slice(1)}Z`;
      washes.push(`<path d="${d}" fill="${col(c, i)}" fill-opacity="0.18"/>`);
      hatch(d, { x: 0, y: top - H * 0.1, w: W, h: H * 0.3 }, r.float(20, 50) * (i % 2 ? -1 : 1), m * r.float(0.009, 0.016), ink(i));
    }
    // Trees as scribbled clusters.
    for (let t = 0, k = r.int(2, 5); t < k; t++) {
      const tx = W * r.float(0.1, 0.9);
      const ty = hy + (H - hy) * r.float(0.1, 0.5);
      const s = m * r.float(0.04, 0.09);
      // One continuous, looping scribble wandering round the crown.
      const loops: Pt[] = [];
      let a = 0;
      for (let l = 0; l < 46; l++) {
        a += r.float(0.9, 1.5);
        const ox = r.centred() * s * 0.75;
        const oy = r.centred() * s * 0.8;
        const rr = s * r.float(0.12, 0.24);
        loops.push([tx + ox + Math.cos(a) * rr, ty - s * 1.1 + oy + Math.sin(a) * rr]);
      }
      marks.push(`<path d="${smoothPath(loops, false)}" fill="none" stroke="${ink(t)}" stroke-width="${n(lw * 0.8)}" stroke-opacity="0.75"/>`);
      washes.push(glow(c, tx, ty - s * 1.1, s * 1.1, s * 1.1, col(c, t + 1), 0.3));
      contour([[tx, ty], [tx + r.centred() * s * 0.1, ty - s * 0.9]], false, ink(t), 2);
    }
    for (let i = 0, k = r.int(2, 4); i < k; i++) {
      const y = hy * r.float(0.15, 0.7);
      const x = W * r.float(0.05, 0.7);
      contour(curve([x, y], [x + W * r.float(0.1, 0.25), y], r.float(-0.1, 0.1), 6), false, ink(i + 2), 1);
    }
    c.focus = [W * 0.5, hy];
  } else {
    // Botanical study: stems with leaves, veined and half-hatched.
    const stems = r.int(2, 4);
    for (let s = 0; s < stems; s++) {
      const bx = W * (0.3 + 0.4 * (s / Math.max(1, stems - 1))) + r.centred() * W * 0.05;
      const top: Pt = [bx + r.centred() * W * 0.2, H * r.float(0.1, 0.3)];
      const stem = curve([bx, H * 0.92], top, r.float(-0.15, 0.15), 16);
      contour(stem, false, ink(s), 2);
      for (let l = 2; l < stem.length - 1; l += r.int(2, 3)) {
        const p = stem[l] as Pt;
        const side = l % 2 === 0 ? 1 : -1;
        const len = m * r.float(0.08, 0.15) * (1 - l / stem.length * 0.5);
        const ang = (side > 0 ? -0.4 : Math.PI + 0.4) + r.centred() * 0.4;
        const tip: Pt = [p[0] + Math.cos(ang) * len, p[1] + Math.sin(ang) * len];
        const mid: Pt = [(p[0] + tip[0]) / 2, (p[1] + tip[1]) / 2];
        const nx = -(tip[1] - p[1]) * 0.28;
        const ny = (tip[0] - p[0]) * 0.28;
        const leaf: Pt[] = [p, [mid[0] + nx, mid[1] + ny], tip, [mid[0] - nx, mid[1] - ny]];
        const d = smoothPath(leaf, true, 1.1);
        washes.push(`<path d="${d}" fill="${col(c, s + l)}" fill-opacity="0.25"/>`);
        contour(leaf, true, ink(s), 1);
        marks.push(`<path d="${polyline([p, tip])}" stroke="${ink(s)}" stroke-width="${n(lw * 0.7)}" stroke-opacity="0.7"/>`);
        hatch(`${polyline([p, [mid[0] + nx, mid[1] + ny], tip])}Z`, { x: Math.min(p[0], tip[0]) - len * 0.3, y: Math.min(p[1], tip[1]) - len * 0.3, w: len * 1.6, h: len * 1.6 }, r.float(20, 70), m * 0.007, ink(s));
      }
      if (r.chance(0.6)) {
        // A flower head at the top.
        const fr = m * r.float(0.04, 0.07);
        for (let pIdx = 0, k = r.int(5, 8); pIdx < k; pIdx++) {
          const a = (pIdx / k) * Math.PI * 2;
          const petal = blob(r, top[0] + Math.cos(a) * fr, top[1] + Math.sin(a) * fr, fr * 0.7, fr * 0.45, 0.1, 7);
          washes.push(`<path d="${smoothPath(petal, true)}" fill="${col(c, s + 1)}" fill-opacity="0.35"/>`);
          contour(petal, true, ink(s + 1), 1);
        }
      }
    }
    c.focus = [W / 2, H * 0.4];
  }
  c.body.push(washes.join(''));
  c.body.push(`<g stroke-linejoin="round">${marks.join('')}</g>`);
  return mode !== 'ground';
}
