import { bristleStroke, type Canvas, paletteColour, glow, linearGradient, roughen, softRect } from './canvas';
import { darken, lighten, mix } from './colour';
import { blob, curve, svgNum, svgOpacity, polyline, type Point, ridge, smoothPath } from './geometry';

// Paintings: layered colour fields and soft brush shapes

/** Draws a landscape or an abstract outright (true); for any other motif, the ground it stands on (false). */
export function drawPainting(canvas: Canvas): boolean {
  const { artWidth, artHeight, random } = canvas;
  const mode = canvas.motif === 'land' ? 'landscape' : canvas.motif === 'abstract' ? random.pick(['fields', 'gestural'] as const) : 'ground';
  const shortSide = Math.min(artWidth, artHeight);

  if (mode === 'landscape') {
    const horizonY = artHeight * random.float(0.34, 0.52);
    const skyTop = lighten(paletteColour(canvas, 1), 0.35);
    const skyLow = lighten(paletteColour(canvas, 0), 0.72);
    canvas.body.push(`<rect width="${svgNum(artWidth)}" height="${svgNum(artHeight)}" fill="${linearGradient(canvas, [[0, skyTop], [0.85, skyLow], [1, skyLow]])}"/>`);
    // Clouds and sky: loose horizontal strokes.
    const sky: string[] = [];
    for (let i = 0, k = random.int(4, 8); i < k; i++) {
      const y = horizonY * random.float(0.1, 0.85);
      const x = artWidth * random.float(-0.1, 0.8);
      const len = artWidth * random.float(0.2, 0.55);
      const pts = curve([x, y], [x + len, y + random.centred() * artHeight * 0.03], random.float(-0.06, 0.06));
      sky.push(bristleStroke(canvas, pts, shortSide * random.float(0.02, 0.05), lighten(paletteColour(canvas, i + 2), random.float(0.55, 0.85)), 0.6));
    }
    if (random.chance(0.55)) {
      const sx = artWidth * random.float(0.15, 0.85);
      const sy = horizonY * random.float(0.3, 0.75);
      const sun = lighten(paletteColour(canvas, 2), 0.45);
      sky.push(glow(canvas, sx, sy, shortSide * 0.16, shortSide * 0.16, sun, 0.55));
      sky.push(`<path d="${smoothPath(blob(random, sx, sy, shortSide * 0.05, shortSide * 0.05, 0.05, 12), true)}" fill="${lighten(sun, 0.3)}" fill-opacity="0.9"/>`);
    }
    canvas.body.push(sky.join(''));
    // Bands of land, distant to near: lighter and cooler far away, deeper in front.
    const bands = random.int(4, 6);
    const land: string[] = [];
    for (let i = 0; i < bands; i++) {
      const t = i / (bands - 1);
      const top = horizonY + (artHeight - horizonY) * t * 0.72 - (i === 0 ? artHeight * 0.06 : 0);
      const amp = artHeight * (0.07 - t * 0.04) * random.float(0.6, 1.3);
      const pts = roughen(random, ridge(random, -artWidth * 0.05, artWidth * 1.05, top, amp, { steps: 18, waves: 3, jagged: 0.12 }), shortSide * 0.006, 4);
      const base = paletteColour(canvas, i + 1);
      const fill = t < 0.5 ? mix(base, skyLow, 0.55 * (1 - t * 2)) : darken(base, (t - 0.5) * 0.45);
      const d = `${smoothPath(pts, false)}L${svgNum(artWidth * 1.05)} ${svgNum(artHeight * 1.05)}L${svgNum(-artWidth * 0.05)} ${svgNum(artHeight * 1.05)}Z`;
      land.push(`<path d="${d}" fill="${i === bands - 2 ? base : fill}"/>`);
      // Brushwork across the band.
      for (let s = 0, k = random.int(3, 7); s < k; s++) {
        const y = top + (artHeight - top) * random.float(0.05, 0.45) * (1 - t * 0.5);
        const x = artWidth * random.float(-0.1, 0.7);
        const pts2 = curve([x, y], [x + artWidth * random.float(0.15, 0.45), y + random.centred() * artHeight * 0.03], random.float(-0.08, 0.08));
        const shade = random.chance(0.5) ? lighten(fill, random.float(0.1, 0.3)) : darken(fill, random.float(0.1, 0.25));
        land.push(bristleStroke(canvas, pts2, shortSide * random.float(0.015, 0.04), shade, 0.55));
      }
    }
    canvas.body.push(land.join(''));
    // Foreground dabs: flowers, grasses, broken colour.
    const dabs: string[] = [];
    for (let i = 0, k = random.int(40, 90); i < k; i++) {
      const x = artWidth * random.float(0, 1);
      const y = artHeight * random.float(0.78, 1);
      const rx = shortSide * random.float(0.006, 0.018);
      const colour = random.chance(0.6) ? lighten(paletteColour(canvas, random.int(0, 3)), random.float(0, 0.45)) : darken(paletteColour(canvas, random.int(0, 3)), 0.3);
      dabs.push(`<ellipse cx="${svgNum(x)}" cy="${svgNum(y)}" rx="${svgNum(rx)}" ry="${svgNum(rx * random.float(0.4, 0.8))}" transform="rotate(${svgNum(random.float(-40, 40))} ${svgNum(x)} ${svgNum(y)})" fill="${colour}" fill-opacity="${svgOpacity(random.float(0.6, 0.95))}"/>`);
    }
    canvas.body.push(dabs.join(''));
    canvas.focus = [artWidth * random.float(0.3, 0.7), horizonY + (artHeight - horizonY) * 0.3];
  } else if (mode === 'ground') {
    // A wall or sky over a floor, table or field, laid in with broad strokes.
    const groundLineY = artHeight * random.float(0.7, 0.8);
    const upper = lighten(paletteColour(canvas, 1), random.float(0.5, 0.7));
    const lower = mix(lighten(paletteColour(canvas, 2), 0.35), upper, 0.3);
    canvas.body.push(`<rect width="${svgNum(artWidth)}" height="${svgNum(artHeight)}" fill="${linearGradient(canvas, [[0, darken(upper, 0.06)], [1, lighten(upper, 0.15)]])}"/>`);
    canvas.body.push(`<rect y="${svgNum(groundLineY)}" width="${svgNum(artWidth)}" height="${svgNum(artHeight - groundLineY)}" fill="${lower}"/>`);
    const strokes: string[] = [];
    for (let i = 0, k = random.int(6, 10); i < k; i++) {
      const y = i % 2 ? groundLineY + (artHeight - groundLineY) * random.float(0.1, 0.9) : groundLineY * random.float(0.05, 0.95);
      const x = artWidth * random.float(-0.1, 0.6);
      const shade = i % 2 ? darken(lower, random.float(0.05, 0.15)) : lighten(upper, random.float(0.1, 0.3));
      strokes.push(bristleStroke(canvas, curve([x, y], [x + artWidth * random.float(0.3, 0.6), y + random.centred() * artHeight * 0.02], random.float(-0.05, 0.05)), shortSide * random.float(0.03, 0.07), shade, 0.5));
    }
    canvas.body.push(strokes.join(''));
    canvas.groundY = groundLineY;
    return false;
  } else if (mode === 'fields') {
    // Stacked, soft-edged colour fields on a ground (colour-field abstraction).
    const ground = darken(paletteColour(canvas, 0), random.float(0.1, 0.35));
    canvas.body.push(`<rect width="${svgNum(artWidth)}" height="${svgNum(artHeight)}" fill="${ground}"/>`);
    const count = random.int(2, 3);
    const weights = Array.from({ length: count }, () => random.float(0.6, 1.4));
    const total = weights.reduce((a, b) => a + b, 0);
    const mx = artWidth * random.float(0.06, 0.1);
    const top = artHeight * 0.07;
    const gap = artHeight * 0.035;
    const usable = artHeight * 0.86 - gap * (count - 1);
    const fields: string[] = [];
    let y = top;
    let biggest: Point = [artWidth / 2, artHeight / 2];
    let biggestH = 0;
    weights.forEach((wt, i) => {
      const h = (usable * wt) / total;
      const fill = i % 2 === 0 ? paletteColour(canvas, i + 1) : lighten(paletteColour(canvas, i + 1), 0.15);
      fields.push(softRect(mx, y, artWidth - 2 * mx, h, shortSide * 0.018, fill, 1));
      const edge: Point[] = roughen(random, [[mx, y], [artWidth - mx, y], [artWidth - mx, y + h], [mx, y + h], [mx, y]], shortSide * 0.004, 10);
      fields.push(`<path d="${polyline(edge)}Z" fill="${fill}" fill-opacity="0.85"/>`);
      for (let s = 0, k = random.int(5, 10); s < k; s++) {
        const sy = y + h * random.float(0.1, 0.9);
        const pts = curve([mx + artWidth * random.float(0, 0.3), sy], [artWidth - mx - artWidth * random.float(0, 0.3), sy + random.centred() * h * 0.1], random.float(-0.04, 0.04));
        const shade = random.chance(0.5) ? lighten(fill, random.float(0.08, 0.22)) : darken(fill, random.float(0.06, 0.18));
        fields.push(bristleStroke(canvas, pts, Math.min(h * 0.35, shortSide * random.float(0.04, 0.09)), shade, 0.35));
      }
      if (h > biggestH) {
        biggestH = h;
        biggest = [artWidth / 2, y + h / 2];
      }
      y += h + gap;
    });
    canvas.body.push(fields.join(''));
    canvas.focus = biggest;
  } else {
    // Gestural abstraction: large soft shapes, then sweeping strokes and a few splashes.
    const ground = random.chance(0.6) ? '#efe9de' : lighten(paletteColour(canvas, 0), 0.8);
    canvas.body.push(`<rect width="${svgNum(artWidth)}" height="${svgNum(artHeight)}" fill="${ground}"/>`);
    const shapes: string[] = [];
    for (let i = 0, k = random.int(4, 7); i < k; i++) {
      const pts = roughen(random, blob(random, artWidth * random.float(0.1, 0.9), artHeight * random.float(0.1, 0.9), shortSide * random.float(0.14, 0.34), shortSide * random.float(0.12, 0.3), 0.3), shortSide * 0.005, 5);
      shapes.push(`<path d="${smoothPath(pts, true)}" fill="${paletteColour(canvas, i)}" fill-opacity="${svgOpacity(random.float(0.7, 0.95))}"/>`);
    }
    canvas.body.push(shapes.join(''));
    const strokes: string[] = [];
    for (let i = 0, k = random.int(7, 14); i < k; i++) {
      const a: Point = [artWidth * random.float(-0.05, 0.9), artHeight * random.float(0, 1)];
      const b: Point = [a[0] + artWidth * random.float(0.15, 0.6), a[1] + artHeight * random.centred() * 0.35];
      const colour = random.chance(0.25) ? darken(paletteColour(canvas, i + 1), 0.55) : random.chance(0.3) ? lighten(paletteColour(canvas, i), 0.5) : paletteColour(canvas, i + 2);
      strokes.push(bristleStroke(canvas, curve(a, b, random.float(-0.3, 0.3), 16), shortSide * random.float(0.015, 0.06), colour, 0.85));
    }
    for (let i = 0, k = random.int(8, 24); i < k; i++) {
      strokes.push(`<circle cx="${svgNum(artWidth * random.float(0, 1))}" cy="${svgNum(artHeight * random.float(0, 1))}" r="${svgNum(shortSide * random.float(0.002, 0.009))}" fill="${darken(paletteColour(canvas, i), 0.4)}" fill-opacity="0.8"/>`);
    }
    canvas.body.push(strokes.join(''));
    canvas.focus = [artWidth * random.float(0.3, 0.7), artHeight * random.float(0.3, 0.7)];
  }
  return true;
}
