import { type Canvas, paletteColour, glow, linearGradient, roughen } from './canvas';
import { atMost, darken, lighten } from './colour';
import { blob, curve, hatchLines, jitter, svgNum, svgOpacity, polyline, type Point, ridge, smoothPath } from './geometry';

// Drawings: marks, contours and hatching on warm paper

/** Draws a still life, a landscape or a botanical study outright (true); for any other motif, the ground it stands on (false). */
export function drawDrawing(canvas: Canvas): boolean {
  const { artWidth, artHeight, random } = canvas;
  const shortSide = Math.min(artWidth, artHeight);
  const paper = random.pick(['#f3ecdc', '#efe6d2', '#f4efe3', '#ece3cf']);
  canvas.body.push(`<rect width="${svgNum(artWidth)}" height="${svgNum(artHeight)}" fill="${linearGradient(canvas, [[0, lighten(paper, 0.25)], [1, darken(paper, 0.04)]], { x2: 1, y2: 1 })}"/>`);
  const inks = canvas.palette.map((p) => atMost(p, 0.42));
  const ink = (i: number) => inks[((i % inks.length) + inks.length) % inks.length] as string;
  const lineWidth = shortSide * 0.0028;
  const marks: string[] = [];
  const washes: string[] = [];
  const contour = (pts: Point[], closed: boolean, colour: string, passes = 2) => {
    for (let p = 0; p < passes; p++) {
      marks.push(`<path d="${smoothPath(jitter(random, pts, shortSide * 0.004), closed)}" fill="none" stroke="${colour}" stroke-width="${svgNum(lineWidth * random.float(0.7, 1.4))}" stroke-linecap="round" stroke-opacity="${svgOpacity(random.float(0.55, 0.9))}"/>`);
    }
  };
  const hatch = (clipD: string, box: { x: number; y: number; w: number; h: number }, angle: number, spacing: number, colour: string, cross = false) => {
    const id = canvas.id('clip');
    canvas.defs.push(`<clipPath id="${id}"><path d="${clipD}"/></clipPath>`);
    // Three interleaved passes of different pressure, so the hatching looks made by hand.
    let g = '';
    for (const [weight, alpha] of [[0.6, 0.45], [0.9, 0.7], [1.3, 0.85]] as const) {
      let d = hatchLines(random, box, angle + random.centred() * 3, spacing * 3, shortSide * 0.004, shortSide * 0.14);
      if (cross) d += hatchLines(random, { x: box.x + box.w * 0.35, y: box.y, w: box.w * 0.65, h: box.h }, angle + 70 + random.centred() * 3, spacing * 3.6, shortSide * 0.004, shortSide * 0.14);
      g += `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${svgNum(lineWidth * weight)}" stroke-linecap="round" stroke-opacity="${alpha}"/>`;
    }
    marks.push(`<g clip-path="url(#${id})">${g}</g>`);
  };
  const mode = canvas.motif === 'still-life' ? 'still-life' : canvas.motif === 'land' ? 'landscape' : canvas.motif === 'flowers' ? 'botanical' : 'ground';

  if (mode === 'still-life') {
    const tableY = artHeight * random.float(0.6, 0.72);
    contour([[artWidth * 0.04, tableY], [artWidth * 0.5, tableY + random.centred() * artHeight * 0.01], [artWidth * 0.96, tableY]], false, ink(0), 3);
    hatch(`M0 ${svgNum(tableY)}H${svgNum(artWidth)}V${svgNum(artHeight)}H0Z`, { x: 0, y: tableY, w: artWidth, h: artHeight * 0.12 }, 8, shortSide * 0.02, ink(0));
    const count = random.int(2, 4);
    const span = Math.min(artWidth * 0.7, artHeight * 1.1);
    for (let i = 0; i < count; i++) {
      const cx = artWidth / 2 - span / 2 + (span * (i + 0.5)) / count + random.centred() * span * 0.04;
      const kind = random.pick(['vessel', 'fruit', 'bowl', 'vessel'] as const);
      const size = shortSide * random.float(0.12, 0.2) * (kind === 'fruit' ? 0.55 : 1);
      let outline: Point[];
      let h: number;
      if (kind === 'vessel') {
        h = size * random.float(1.6, 2.6);
        const belly = size * random.float(0.45, 0.6);
        const neck = size * random.float(0.12, 0.25);
        const bellyY = tableY - h * random.float(0.25, 0.45);
        outline = [
          [cx - belly * 0.6, tableY], [cx - belly, bellyY], [cx - neck, tableY - h * 0.8], [cx - neck * 1.3, tableY - h],
          [cx + neck * 1.3, tableY - h], [cx + neck, tableY - h * 0.8], [cx + belly, bellyY], [cx + belly * 0.6, tableY],
        ];
      } else if (kind === 'bowl') {
        h = size * 0.6;
        outline = [[cx - size, tableY - h], [cx - size * 0.8, tableY - h * 0.3], [cx - size * 0.35, tableY], [cx + size * 0.35, tableY], [cx + size * 0.8, tableY - h * 0.3], [cx + size, tableY - h]];
      } else {
        h = size * 1.9;
        outline = blob(random, cx, tableY - size * 0.95, size, size * 0.95, 0.06, 10);
      }
      const d = smoothPath(outline, true, 0.9);
      washes.push(`<path d="${smoothPath(roughen(random, outline, shortSide * 0.008, 3), true)}" fill="${paletteColour(canvas, i)}" fill-opacity="0.22"/>`);
      contour(outline, true, ink(i), 2);
      hatch(d, { x: cx, y: tableY - h * 1.05, w: size * 1.3, h: h * 1.1 }, random.float(35, 60), shortSide * random.float(0.008, 0.013), ink(i), random.chance(0.6));
      // Cast shadow on the table.
      const shadowPath = `M${svgNum(cx)} ${svgNum(tableY)}L${svgNum(cx + size * 1.6)} ${svgNum(tableY + size * 0.05)}L${svgNum(cx + size * 1.3)} ${svgNum(tableY + size * 0.25)}L${svgNum(cx - size * 0.3)} ${svgNum(tableY + size * 0.18)}Z`;
      hatch(shadowPath, { x: cx - size * 0.3, y: tableY, w: size * 2, h: size * 0.3 }, -10, shortSide * 0.008, ink(i + 1));
    }
    // Loose tone on the wall behind, on one side.
    const left = random.chance(0.5);
    hatch(`M${svgNum(left ? 0 : artWidth * 0.55)} ${svgNum(artHeight * 0.08)}H${svgNum(left ? artWidth * 0.45 : artWidth)}V${svgNum(tableY)}H${svgNum(left ? 0 : artWidth * 0.55)}Z`, { x: 0, y: 0, w: artWidth, h: tableY }, 80, shortSide * 0.016, ink(count));
    canvas.focus = [artWidth / 2, tableY - shortSide * 0.15];
  } else if (mode === 'ground') {
    // A ground line with a little hatched shadow under it.
    const groundLineY = artHeight * random.float(0.74, 0.84);
    contour([[artWidth * 0.04, groundLineY], [artWidth * 0.5, groundLineY + random.centred() * artHeight * 0.01], [artWidth * 0.96, groundLineY]], false, ink(0), 2);
    hatch(`M0 ${svgNum(groundLineY)}H${svgNum(artWidth)}V${svgNum(artHeight)}H0Z`, { x: 0, y: groundLineY, w: artWidth, h: artHeight * 0.08 }, 8, shortSide * 0.02, ink(0));
    canvas.groundY = groundLineY;
  } else if (mode === 'landscape') {
    const horizonY = artHeight * random.float(0.4, 0.55);
    for (let i = 0; i < 3; i++) {
      const top = horizonY + (artHeight - horizonY) * i * 0.25;
      const pts = ridge(random, artWidth * 0.03, artWidth * 0.97, top, artHeight * (0.06 - i * 0.012), { steps: 14, waves: 3 });
      contour(pts, false, ink(i), 2);
      // The band's tone fades out downwards along a ragged edge.
      const depth = artHeight * (0.12 + i * 0.05);
      const phase = random.float(0, Math.PI * 2);
      const under = roughen(random, pts.map(([x, y]) => [x, y + depth * (0.75 + 0.25 * Math.sin(x / 90 + phase))] as Point).reverse(), shortSide * 0.004, 2);
      const d = `${smoothPath(pts, false)}L${smoothPath(under, false).slice(1)}Z`;
      washes.push(`<path d="${d}" fill="${paletteColour(canvas, i)}" fill-opacity="0.18"/>`);
      hatch(d, { x: 0, y: top - artHeight * 0.1, w: artWidth, h: artHeight * 0.3 }, random.float(20, 50) * (i % 2 ? -1 : 1), shortSide * random.float(0.009, 0.016), ink(i));
    }
    // Trees as scribbled clusters.
    for (let t = 0, k = random.int(2, 5); t < k; t++) {
      const tx = artWidth * random.float(0.1, 0.9);
      const ty = horizonY + (artHeight - horizonY) * random.float(0.1, 0.5);
      const s = shortSide * random.float(0.04, 0.09);
      // One continuous, looping scribble wandering round the crown.
      const loops: Point[] = [];
      let a = 0;
      for (let l = 0; l < 46; l++) {
        a += random.float(0.9, 1.5);
        const ox = random.centred() * s * 0.75;
        const oy = random.centred() * s * 0.8;
        const rr = s * random.float(0.12, 0.24);
        loops.push([tx + ox + Math.cos(a) * rr, ty - s * 1.1 + oy + Math.sin(a) * rr]);
      }
      marks.push(`<path d="${smoothPath(loops, false)}" fill="none" stroke="${ink(t)}" stroke-width="${svgNum(lineWidth * 0.8)}" stroke-opacity="0.75"/>`);
      washes.push(glow(canvas, tx, ty - s * 1.1, s * 1.1, s * 1.1, paletteColour(canvas, t + 1), 0.3));
      contour([[tx, ty], [tx + random.centred() * s * 0.1, ty - s * 0.9]], false, ink(t), 2);
    }
    for (let i = 0, k = random.int(2, 4); i < k; i++) {
      const y = horizonY * random.float(0.15, 0.7);
      const x = artWidth * random.float(0.05, 0.7);
      contour(curve([x, y], [x + artWidth * random.float(0.1, 0.25), y], random.float(-0.1, 0.1), 6), false, ink(i + 2), 1);
    }
    canvas.focus = [artWidth * 0.5, horizonY];
  } else {
    // Botanical study: stems with leaves, veined and half-hatched.
    const stems = random.int(2, 4);
    for (let s = 0; s < stems; s++) {
      const bx = artWidth * (0.3 + 0.4 * (s / Math.max(1, stems - 1))) + random.centred() * artWidth * 0.05;
      const top: Point = [bx + random.centred() * artWidth * 0.2, artHeight * random.float(0.1, 0.3)];
      const stem = curve([bx, artHeight * 0.92], top, random.float(-0.15, 0.15), 16);
      contour(stem, false, ink(s), 2);
      for (let l = 2; l < stem.length - 1; l += random.int(2, 3)) {
        const p = stem[l] as Point;
        const side = l % 2 === 0 ? 1 : -1;
        const len = shortSide * random.float(0.08, 0.15) * (1 - l / stem.length * 0.5);
        const ang = (side > 0 ? -0.4 : Math.PI + 0.4) + random.centred() * 0.4;
        const tip: Point = [p[0] + Math.cos(ang) * len, p[1] + Math.sin(ang) * len];
        const mid: Point = [(p[0] + tip[0]) / 2, (p[1] + tip[1]) / 2];
        const nx = -(tip[1] - p[1]) * 0.28;
        const ny = (tip[0] - p[0]) * 0.28;
        const leaf: Point[] = [p, [mid[0] + nx, mid[1] + ny], tip, [mid[0] - nx, mid[1] - ny]];
        const d = smoothPath(leaf, true, 1.1);
        washes.push(`<path d="${d}" fill="${paletteColour(canvas, s + l)}" fill-opacity="0.25"/>`);
        contour(leaf, true, ink(s), 1);
        marks.push(`<path d="${polyline([p, tip])}" stroke="${ink(s)}" stroke-width="${svgNum(lineWidth * 0.7)}" stroke-opacity="0.7"/>`);
        hatch(`${polyline([p, [mid[0] + nx, mid[1] + ny], tip])}Z`, { x: Math.min(p[0], tip[0]) - len * 0.3, y: Math.min(p[1], tip[1]) - len * 0.3, w: len * 1.6, h: len * 1.6 }, random.float(20, 70), shortSide * 0.007, ink(s));
      }
      if (random.chance(0.6)) {
        // A flower head at the top.
        const flowerRadius = shortSide * random.float(0.04, 0.07);
        for (let pIdx = 0, k = random.int(5, 8); pIdx < k; pIdx++) {
          const a = (pIdx / k) * Math.PI * 2;
          const petal = blob(random, top[0] + Math.cos(a) * flowerRadius, top[1] + Math.sin(a) * flowerRadius, flowerRadius * 0.7, flowerRadius * 0.45, 0.1, 7);
          washes.push(`<path d="${smoothPath(petal, true)}" fill="${paletteColour(canvas, s + 1)}" fill-opacity="0.35"/>`);
          contour(petal, true, ink(s + 1), 1);
        }
      }
    }
    canvas.focus = [artWidth / 2, artHeight * 0.4];
  }
  canvas.body.push(washes.join(''));
  canvas.body.push(`<g stroke-linejoin="round">${marks.join('')}</g>`);
  return mode !== 'ground';
}
