import { type Canvas, paletteColour, glow, linearGradient, radialGradient } from './canvas';
import { darken, lighten, mix } from './colour';
import { svgNum, svgOpacity, polyline, type Point, ridge, smoothPath } from './geometry';

// Photography: a photographic landscape with haze, a glow and a vignette

/**
 * Draws a landscape or a seascape outright (true); any other motif stands in front of hills,
 * against the light (false).
 */
export function drawPhotograph(canvas: Canvas): boolean {
  const { artWidth, artHeight, random } = canvas;
  const shortSide = Math.min(artWidth, artHeight);
  const mode = canvas.motif === 'sea' ? 'sea' : canvas.motif === 'land' ? random.pick(['hills', 'mountains'] as const) : 'hills';
  const horizonY = artHeight * random.float(0.45, 0.62);
  const high = darken(paletteColour(canvas, 0), 0.3);
  const mid = lighten(paletteColour(canvas, 1), 0.3);
  const horizon = lighten(paletteColour(canvas, 2), 0.62);
  // The sky, graded from the zenith down to a bright horizon.
  canvas.body.push(`<rect width="${svgNum(artWidth)}" height="${svgNum(horizonY + 2)}" fill="${linearGradient(canvas, [[0, high], [0.6, mid], [1, horizon]])}"/>`);
  canvas.body.push(`<rect y="${svgNum(horizonY)}" width="${svgNum(artWidth)}" height="${svgNum(artHeight - horizonY)}" fill="${darken(horizon, 0.3)}"/>`);
  // The sun's horizon near the horizon.
  const sx = artWidth * random.float(0.2, 0.8);
  const sy = horizonY - artHeight * random.float(0.02, 0.14);
  canvas.body.push(
    `<ellipse cx="${svgNum(sx)}" cy="${svgNum(sy)}" rx="${svgNum(shortSide * 0.55)}" ry="${svgNum(shortSide * 0.4)}" fill="${radialGradient(canvas, [[0, lighten(horizon, 0.7), 0.95], [0.25, horizon, 0.55], [1, horizon, 0]])}"/>`,
  );
  canvas.body.push(glow(canvas, sx, sy, shortSide * 0.05, shortSide * 0.05, '#fffaf0', 1));
  canvas.body.push(`<circle cx="${svgNum(sx)}" cy="${svgNum(sy)}" r="${svgNum(shortSide * 0.018)}" fill="#fffdf6"/>`);
  // Soft clouds.
  const clouds: string[] = [];
  for (let i = 0, k = random.int(3, 7); i < k; i++) {
    const cy = horizonY * random.float(0.08, 0.7);
    clouds.push(glow(canvas, artWidth * random.float(0, 1), cy, artWidth * random.float(0.15, 0.4), artHeight * random.float(0.02, 0.05), lighten(mid, random.float(0.3, 0.7)), random.float(0.35, 0.7)));
  }
  canvas.body.push(clouds.join(''));

  const darkest = darken(paletteColour(canvas, 3), 0.78);
  if (mode === 'sea') {
    // Water below the horizon, reflecting the sky, with the sun's path on it.
    const water = linearGradient(canvas, [[0, mix(horizon, mid, 0.4)], [0.3, darken(mid, 0.25)], [1, darken(high, 0.35)]]);
    canvas.body.push(`<rect y="${svgNum(horizonY)}" width="${svgNum(artWidth)}" height="${svgNum(artHeight - horizonY)}" fill="${water}"/>`);
    const glints: string[] = [];
    for (let i = 0; i < 70; i++) {
      const t = random.float(0, 1);
      const y = horizonY + (artHeight - horizonY) * t * t;
      const spread = artWidth * (0.02 + 0.16 * t);
      const x = sx + random.centred() * spread;
      const len = artWidth * random.float(0.01, 0.05) * (0.3 + t);
      glints.push(`<rect x="${svgNum(x - len / 2)}" y="${svgNum(y)}" width="${svgNum(len)}" height="${svgNum(Math.max(0.8, artHeight * 0.002 * (0.5 + t)))}" rx="${svgNum(len / 2)}" fill="#fff8e8" fill-opacity="${svgOpacity(random.float(0.2, 0.7) * (1 - t * 0.6))}"/>`);
    }
    canvas.body.push(glints.join(''));
    // A distant headland on the horizon, and a dark foreground shore.
    const side = random.chance(0.5) ? 1 : -1;
    // A distant headland running out of the frame, rising from the sea.
    const x0 = side > 0 ? artWidth * random.float(0.5, 0.7) : -artWidth * 0.02;
    const x1 = side > 0 ? artWidth * 1.02 : artWidth * random.float(0.3, 0.5);
    const far: Point[] = Array.from({ length: 17 }, (_, i) => {
      const t = i / 16;
      const rise = Math.sqrt(side > 0 ? t : 1 - t);
      return [x0 + (x1 - x0) * t, horizonY - artHeight * 0.045 * rise * (1 + 0.25 * Math.sin(t * 9 + random.float(0, 1)))] as Point;
    });
    canvas.body.push(`<path d="${smoothPath(far, false)}L${svgNum(x1)} ${svgNum(horizonY + 1)}L${svgNum(x0)} ${svgNum(horizonY + 1)}Z" fill="${mix(horizon, darkest, 0.4)}"/>`);
    if (random.chance(0.7)) {
      const shore = ridge(random, -artWidth * 0.05, artWidth * 1.05, artHeight * random.float(0.86, 0.94), artHeight * 0.05, { waves: 3, jagged: 0.2 });
      canvas.body.push(`<path d="${smoothPath(shore, false)}L${svgNum(artWidth * 1.05)} ${svgNum(artHeight * 1.05)}L${svgNum(-artWidth * 0.05)} ${svgNum(artHeight * 1.05)}Z" fill="${darkest}"/>`);
    }
    canvas.focus = [sx, horizonY];
  } else {
    // Hills or mountains, layered with atmospheric haze: paler and softer with distance.
    const layers = random.int(3, 5);
    for (let i = 0; i < layers; i++) {
      const t = i / (layers - 1);
      const lift = mode === 'mountains' ? 0.26 : 0.14;
      const top = horizonY + (artHeight - horizonY) * t * 0.6 - artHeight * lift * (1 - t * 0.7);
      const amp = artHeight * (mode === 'mountains' ? 0.1 : 0.05) * (1 - t * 0.4);
      const pts = ridge(random, -artWidth * 0.05, artWidth * 1.05, top, amp, {
        steps: mode === 'mountains' ? 30 : 16,
        waves: mode === 'mountains' ? 4 : 2,
        jagged: mode === 'mountains' ? 0.25 - t * 0.1 : 0.05,
      });
      const tone = mix(mix(horizon, paletteColour(canvas, i + 1), 0.35), darkest, 0.2 + 0.75 * t);
      const haze = mix(tone, horizon, 0.45 * (1 - t * 0.6));
      const d = `${mode === 'mountains' ? polyline(pts) : smoothPath(pts, false)}L${svgNum(artWidth * 1.05)} ${svgNum(artHeight * 1.05)}L${svgNum(-artWidth * 0.05)} ${svgNum(artHeight * 1.05)}Z`;
      const fill = linearGradient(canvas, [[0, tone], [0.5, haze], [1, darken(tone, 0.1)]]);
      canvas.body.push(`<path d="${d}" fill="${fill}"/>`);
    }
    // A line of trees along the nearest ridge, as a dark, irregular fringe.
    if (random.chance(0.6)) {
      const ty = artHeight * random.float(0.8, 0.9);
      const trees: string[] = [];
      for (let x = -artWidth * 0.02; x < artWidth * 1.02; x += artWidth * random.float(0.012, 0.03)) {
        const h = artHeight * random.float(0.02, 0.07);
        trees.push(`<ellipse cx="${svgNum(x)}" cy="${svgNum(ty - h * 0.4)}" rx="${svgNum(h * random.float(0.3, 0.5))}" ry="${svgNum(h * 0.6)}"/>`);
      }
      canvas.body.push(`<g fill="${darkest}" opacity="0.92">${trees.join('')}<rect x="${svgNum(-artWidth * 0.05)}" y="${svgNum(ty - artHeight * 0.01)}" width="${svgNum(artWidth * 1.1)}" height="${svgNum(artHeight)}"/></g>`);
    }
    canvas.focus = [sx, horizonY - artHeight * 0.05];
  }
  canvas.groundY = horizonY + (artHeight - horizonY) * 0.7;
  return canvas.motif === 'sea' || canvas.motif === 'land';
}
