// Generates the site's illustrations (no stock photos needed).
//
//   node scripts/make-art.mjs            # build everything listed in docs/images.md
//   node scripts/make-art.mjs hero gallery/ icons   # rebuild only images whose path contains a word;
//                                                   # `icons` = favicon.svg/.ico + apple-touch-icon
//
// Every image is an SVG scene assembled in code from a shared palette and a small kit of
// building blocks (room, window, skyline, plant, person, trolley, ...), then rasterised with
// sharp to a progressive mozjpeg JPEG at the exact size listed in docs/images.md.
// Also writes public/favicon.svg, public/favicon.ico (ICO wrapping a 32x32 PNG) and
// public/apple-touch-icon.png (180x180). Output is deterministic (seeded randomness).
import sharp from 'sharp';
import { mkdir, writeFile } from 'node:fs/promises';
import nodePath from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = nodePath.resolve(nodePath.dirname(fileURLToPath(import.meta.url)), '..');
const PUBLIC = nodePath.join(ROOT, 'public');

// ---------------------------------------------------------------- palette
const C = {
  navy: '#0b3b5c', navyDeep: '#072a42', navySoft: '#2c5a7a', steel: '#3d6480',
  teal: '#0f9d8f', tealDark: '#0b7a70', aqua: '#5fd3c6', aquaPale: '#d2f1ec',
  blue: '#7cc3e8', blueMid: '#4a9fd1', sky: '#cfe9f6', skyPale: '#eaf6fb',
  white: '#ffffff', warm: '#fbf8f2', cream: '#f3ede1', sand: '#efdcb4', sandDark: '#e2c791',
  wood: '#c8996b', woodLight: '#ddb98f', woodDark: '#9c7048',
  sun: '#ffc94a', sunPale: '#ffe7a3', coral: '#f2876b', pink: '#f3a0b8', purple: '#9a7fd1',
  grey: '#dde4ea', greyMid: '#aab7c2', greyDark: '#5d6f7d', ink: '#1d2731',
  leaf: '#2f9e6e', leafDark: '#1f7a55', leafLight: '#74c793', grass: '#8cc97a',
};
const SKIN = ['#f2c9a6', '#d9a27c', '#a86f4c', '#6f4430'];
const HAIR = ['#2b1d14', '#5a3825', '#c48a45', '#161616', '#8a8f96'];
const HAZE = ['#bcd8e9', '#b0d0e4', '#c7e0ee'];
const CITY = ['#86aecb', '#97bbd3', '#7aa3c2', '#a6c7dc'];

// ---------------------------------------------------------------- svg primitives
let uidN = 0;
const uid = (p) => `${p}${++uidN}`;
const r1 = (v) => Math.round(v * 10) / 10;
const kebab = (k) => k.replace(/[A-Z]/g, (m) => '-' + m.toLowerCase());
const attrs = (o) =>
  Object.entries(o)
    .filter(([, v]) => v !== undefined && v !== null && v !== false)
    .map(([k, v]) => `${kebab(k)}="${typeof v === 'number' ? r1(v) : v}"`)
    .join(' ');
const el = (tag, o, inner) => (inner == null ? `<${tag} ${attrs(o)}/>` : `<${tag} ${attrs(o)}>${inner}</${tag}>`);
const join = (x) => (Array.isArray(x) ? x.flat(Infinity).filter(Boolean).join('') : x || '');
const rect = (x, y, width, height, fill, o = {}) => el('rect', { x, y, width, height, fill, ...o });
const circ = (cx, cy, r, fill, o = {}) => el('circle', { cx, cy, r, fill, ...o });
const ell = (cx, cy, rx, ry, fill, o = {}) => el('ellipse', { cx, cy, rx, ry, fill, ...o });
const path = (d, fill, o = {}) => el('path', { d, fill, ...o });
const line = (x1, y1, x2, y2, stroke, w, o = {}) =>
  el('line', { x1, y1, x2, y2, stroke, strokeWidth: w, strokeLinecap: 'round', ...o });
const pts = (p) => p.map(([x, y]) => `${r1(x)},${r1(y)}`).join(' ');
const poly = (p, fill, o = {}) => el('polygon', { points: pts(p), fill, ...o });
const pline = (p, stroke, w, o = {}) =>
  el('polyline', { points: pts(p), fill: 'none', stroke, strokeWidth: w, strokeLinecap: 'round', strokeLinejoin: 'round', ...o });
const g = (inner, o = {}) => el('g', o, join(inner));
const at = (x, y, s = 1, flip = false) => `translate(${r1(x)} ${r1(y)}) scale(${flip ? -s : s} ${s})`;
const place = (x, y, s, flip, inner) => g(inner, { transform: at(x, y, s, flip) });
const lerp = (a, b, t) => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function clipPoly(p, inner) {
  const id = uid('c');
  return `<clipPath id="${id}">${poly(p, '#000')}</clipPath>` + g(inner, { clipPath: `url(#${id})` });
}
function clip(x, y, w, h, inner, rx = 0) {
  const id = uid('c');
  return `<clipPath id="${id}">${rect(x, y, w, h, '#000', { rx })}</clipPath>` + g(inner, { clipPath: `url(#${id})` });
}

// ---------------------------------------------------------------- shared defs
const stops = (s) =>
  s.map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}"${a < 1 ? ` stop-opacity="${a}"` : ''}/>`).join('');
const lin = (id, s, [x1, y1, x2, y2] = [0, 0, 0, 1]) =>
  `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops(s)}</linearGradient>`;
const rad = (id, s, [cx, cy, r] = [0.5, 0.5, 0.5]) =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops(s)}</radialGradient>`;
const blur = (id, sd) =>
  `<filter id="${id}" x="-60%" y="-60%" width="220%" height="220%"><feGaussianBlur stdDeviation="${sd}"/></filter>`;
const DEFS = [
  lin('gSky', [[0, '#86c8ec'], [0.65, '#cdeaf7'], [1, '#eef8fc']]),
  lin('gSkyMorning', [[0, '#8fcbec'], [0.5, '#d3ecf7'], [0.82, '#fcefd2'], [1, '#ffe2a6']]),
  lin('gSkyWarm', [[0, '#9fd3ee'], [0.6, '#e4f2f4'], [1, '#ffe6b0']]),
  lin('gWallWarm', [[0, '#fcfaf5'], [1, '#efe8db']]),
  lin('gWallCool', [[0, '#f3f8fa'], [1, '#dfeaef']]),
  lin('gWallAqua', [[0, '#eef8f6'], [1, '#d3ebe6']]),
  lin('gWallNavy', [[0, '#15496d'], [1, '#0b3b5c']]),
  lin('gFloor', [[0, '#c9d6df'], [1, '#eef3f6']]),
  lin('gFloorWarm', [[0, '#d9cdb8'], [1, '#f2ebde']]),
  lin('gFloorWood', [[0, '#c79d72'], [1, '#e2c29c']]),
  lin('gCarpet', [[0, '#6f8597'], [1, '#8fa3b3']]),
  lin('gNavy', [[0, '#15507a'], [1, '#072a42']]),
  lin('gTeal', [[0, '#19b8a7'], [1, '#0b7a70']]),
  lin('gAqua', [[0, '#8ee6da'], [1, '#2fb3a4']]),
  lin('gScreen', [[0, '#2a6f9a'], [1, '#0f3d5e']], [0, 0, 1, 1]),
  lin('gShine', [[0, '#ffffff', 0.7], [1, '#ffffff', 0]]),
  lin('gBeam', [[0, '#fff3cf', 0.75], [1, '#fff3cf', 0]]),
  lin('gWater', [[0, '#5fb2dc'], [1, '#2b7fb0']]),
  lin('gSea', [[0, '#39a9c9'], [0.4, '#2a93bb'], [1, '#1c6f9c']]),
  lin('gSand', [[0, '#f4e3bd'], [1, '#e6cc95']]),
  lin('gGrass', [[0, '#9fd68a'], [1, '#6cb869']]),
  lin('gHill', [[0, '#7fbf8a'], [1, '#4f9b6e']]),
  lin('gFadeX', [[0, '#ffffff', 0], [1, '#ffffff', 0.85]], [0, 0, 1, 0]),
  lin('gSpray', [[0, '#ffffff', 0.9], [1, '#ffffff', 0]], [0, 0, 1, 0]),
  `<pattern id="pCarpet" width="9" height="9" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="1.1" fill="#fff" opacity="0.12"/><circle cx="6.5" cy="6" r="1.1" fill="#0b3b5c" opacity="0.12"/></pattern>`,
  rad('gSun', [[0, '#fff6cf'], [0.28, '#ffd970', 0.9], [1, '#ffd970', 0]]),
  rad('gGlow', [[0, '#ffffff', 0.85], [1, '#ffffff', 0]]),
  rad('gWarmGlow', [[0, '#fff1c2', 0.9], [1, '#fff1c2', 0]]),
  blur('blur', 3),
  blur('blurM', 10),
  blur('blurL', 28),
  `<filter id="drop" x="-20%" y="-20%" width="140%" height="170%"><feGaussianBlur in="SourceAlpha" stdDeviation="14"/><feOffset dy="14" result="b"/><feFlood flood-color="${C.navy}" flood-opacity="0.2"/><feComposite in2="b" operator="in"/><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`,
].join('');

const svgDoc = (W, H, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${DEFS}</defs>${join(body)}</svg>`;

// ---------------------------------------------------------------- small shapes
const shade = (cx, cy, rx, ry, o = 0.2) => ell(cx, cy, rx, ry, C.navyDeep, { opacity: o, filter: 'url(#blur)' });
const sparkle = (x, y, r, fill = '#fff', o = 1) =>
  path(`M${x},${y - r}Q${x},${y} ${x + r},${y}Q${x},${y} ${x},${y + r}Q${x},${y} ${x - r},${y}Q${x},${y} ${x},${y - r}Z`, fill, {
    opacity: o,
  });
const twinkle = (x, y, r, fill = '#fff') => [circ(x, y, r * 0.9, 'url(#gGlow)', { opacity: 0.9 }), sparkle(x, y, r * 1.08, C.aqua, 0.55), sparkle(x, y, r * 0.8, fill)];
const sparkles = (list, fill = '#fff') => list.map(([x, y, r]) => twinkle(x, y, r, fill));
const droplet = (x, y, r, fill) =>
  path(`M${x},${y - r * 1.55}C${x + r * 0.35},${y - r} ${x + r},${y - r * 0.45} ${x + r},${y + r * 0.1}A${r},${r} 0 0 1 ${x - r},${y + r * 0.1}C${x - r},${y - r * 0.45} ${x - r * 0.35},${y - r} ${x},${y - r * 1.55}Z`, fill);
const leaf = (x, y, len, ang, wid, fill) =>
  path(`M0,0Q${wid},${-len / 2} 0,${-len}Q${-wid},${-len / 2} 0,0Z`, fill, { transform: `translate(${r1(x)} ${r1(y)}) rotate(${r1(ang)})` });
const cloud = (x, y, s = 1, o = 0.9) =>
  place(x, y, s, false, g([ell(0, 0, 70, 20, '#fff'), circ(-28, -10, 24, '#fff'), circ(10, -22, 32, '#fff'), circ(44, -6, 20, '#fff')], { opacity: o }));
const sunDisc = (x, y, r) => [circ(x, y, r * 4, 'url(#gSun)'), circ(x, y, r, '#fff3c9')];

// floor reflection of something bright standing on / above the floor line
const reflection = (x, y, w, h, o = 0.35) => rect(x, y, w, h, 'url(#gShine)', { opacity: o, filter: 'url(#blur)' });

// ---------------------------------------------------------------- interiors
function room(W, H, fy, { wall = 'url(#gWallWarm)', floor = 'url(#gFloor)', skirt = '#e4ddcf', grid = null } = {}) {
  const carpet = floor === 'url(#gCarpet)' && rect(0, fy, W, H - fy, 'url(#pCarpet)');
  return [rect(0, 0, W, fy, wall), rect(0, fy, W, H - fy, floor), carpet, grid && floorGrid(W, H, fy, grid), rect(0, fy - 12, W, 12, skirt)];
}
// perspective tile / board lines on a floor
function floorGrid(W, H, fy, { vx = W / 2, rows = 7, cols = 12, color = '#fff', o = 0.45, sw = 2 } = {}) {
  const d = H - fy;
  const vy = fy - d * 1.4;
  const out = [];
  for (let i = 1; i <= rows; i++) out.push(line(-10, fy + d * (i / rows) ** 1.9, W + 10, fy + d * (i / rows) ** 1.9, color, sw));
  const t = (fy - vy) / (H - vy);
  for (let i = -cols; i <= cols * 2; i++) {
    const xb = (i * W) / cols;
    out.push(line(vx + (xb - vx) * t, fy, xb, H, color, sw));
  }
  return g(out, { opacity: o });
}
function glassSheen(x, y, w, h) {
  const s = Math.min(w, h) * 0.22;
  return g(
    [
      poly([[x + w * 0.1, y + h], [x + w * 0.1 + s, y + h], [x + w * 0.55 + s, y], [x + w * 0.55, y]], '#fff'),
      poly([[x + w * 0.15 + s * 1.3, y + h], [x + w * 0.15 + s * 1.55, y + h], [x + w * 0.6 + s * 1.55, y], [x + w * 0.6 + s * 1.3, y]], '#fff'),
    ],
    { opacity: 0.12 },
  );
}
// a glazed window: sky gradient + optional view, sheen, frame and mullions
function glassWindow(x, y, w, h, { cols = 2, rows = 1, sky = 'url(#gSky)', view = '', frame = '#fff', fw = 10, sill = true } = {}) {
  const out = [clip(x, y, w, h, [rect(x, y, w, h, sky), view, glassSheen(x, y, w, h)])];
  out.push(rect(x, y, w, h, 'none', { stroke: frame, strokeWidth: fw }));
  for (let i = 1; i < cols; i++) out.push(rect(x + (w * i) / cols - fw / 2, y, fw, h, frame));
  for (let j = 1; j < rows; j++) out.push(rect(x, y + (h * j) / rows - fw / 2, w, fw, frame));
  if (sill) out.push(rect(x - fw * 1.5, y + h, w + fw * 3, fw * 1.3, frame), rect(x - fw * 1.5, y + h + fw * 1.3, w + fw * 3, fw * 0.6, C.navy, { opacity: 0.07 }));
  return out;
}
function blinds(x, y, w, h, { color = '#fff', slat = 14, open = 0.55 } = {}) {
  const out = [];
  for (let yy = y; yy < y + h * open; yy += slat) out.push(rect(x, yy, w, slat * 0.72, color, { opacity: 0.95 }));
  out.push(rect(x - 4, y - 8, w + 8, 10, color));
  return out;
}
function pendant(x, top, len, r, color = C.navy) {
  return [
    line(x, top, x, top + len, C.greyDark, 2),
    circ(x, top + len + r * 0.3, r * 2.2, 'url(#gWarmGlow)', { opacity: 0.7 }),
    path(`M${x - r},${top + len + r * 0.35}A${r},${r} 0 0 1 ${x + r},${top + len + r * 0.35}Z`, color),
    ell(x, top + len + r * 0.38, r * 0.55, r * 0.14, '#fff3c4'),
  ];
}
function plant(x, y, s = 1, { pot = C.white, kind = 'bush', flip = false } = {}) {
  const out = [shade(0, -1, 26, 4, 0.2)];
  if (kind === 'tall') {
    [-14, -7, 0, 6, 13, -3, 9].forEach((a, i) => out.push(leaf((i - 3) * 2.2, -40, 80 + ((i * 37) % 45), a, 7, i % 2 ? C.leaf : C.leafDark)));
  } else {
    const leaves = [[-60, 52], [-35, 70], [-10, 84], [15, 78], [40, 66], [65, 50], [-48, 40], [28, 44], [0, 58]];
    leaves.forEach(([a, l], i) => out.push(leaf(0, -40, l, a, 15, [C.leaf, C.leafDark, C.leafLight][i % 3])));
  }
  out.push(path('M-21,-44L21,-44L16,0L-16,0Z', pot), rect(-23, -47, 46, 6, pot, { rx: 2 }), path('M5,-44L21,-44L16,0L4,0Z', C.navy, { opacity: 0.06 }));
  return place(x, y, s, flip, out);
}
function desk(x, y, w, { s = 1, top = '#fff', monitor = true, chair = C.navy, items = true } = {}) {
  const H = 74 * s;
  const out = [];
  out.push(shade(x + w / 2, y, w * 0.55, 6 * s, 0.18));
  out.push(rect(x + 6 * s, y - H, 5 * s, H, C.greyMid), rect(x + w - 11 * s, y - H, 5 * s, H, C.greyMid));
  out.push(rect(x + w * 0.08, y - H + 6 * s, w * 0.84, 30 * s, C.grey, { opacity: 0.8 }));
  out.push(rect(x, y - H - 6 * s, w, 7 * s, top, { rx: 2 * s }), rect(x, y - H + 1 * s, w, 2 * s, C.navy, { opacity: 0.1 }));
  if (monitor) {
    const mw = Math.min(w * 0.42, 90 * s);
    const mx = x + w / 2 - mw / 2;
    out.push(rect(x + w / 2 - 3 * s, y - H - 22 * s, 6 * s, 18 * s, C.greyDark), rect(x + w / 2 - 14 * s, y - H - 8 * s, 28 * s, 3 * s, C.greyDark));
    out.push(rect(mx, y - H - 22 * s - mw * 0.6, mw, mw * 0.6, C.ink, { rx: 3 * s }), rect(mx + 3 * s, y - H - 19 * s - mw * 0.6, mw - 6 * s, mw * 0.6 - 6 * s, 'url(#gScreen)', { rx: 2 * s }));
    out.push(rect(mx + 9 * s, y - H - 12 * s - mw * 0.6, mw * 0.35, 4 * s, C.aqua, { opacity: 0.7 }), rect(mx + 9 * s, y - H - 4 * s - mw * 0.6, mw * 0.5, 3 * s, '#fff', { opacity: 0.35 }));
  }
  if (items) {
    out.push(rect(x + w * 0.12, y - H - 16 * s, 9 * s, 10 * s, C.white, { rx: 2 * s }), rect(x + w * 0.12 + 9 * s, y - H - 14 * s, 3 * s, 5 * s, 'none', { stroke: '#fff', strokeWidth: 1.5 * s }));
    out.push(plant(x + w * 0.86, y - H - 6 * s, 0.32 * s, { pot: C.teal }));
  }
  if (chair) out.push(officeChair(x + w * 0.38, y + 14 * s, s, chair));
  return out;
}

function officeChair(x, y, s = 1, color = C.navy, flip = false) {
  return place(x, y, s, flip, [
    shade(0, -2, 30, 4, 0.22), line(-24, -7, 24, -7, C.ink, 4), circ(-24, -4, 4, C.ink), circ(24, -4, 4, C.ink), circ(0, -3, 4, C.ink),
    rect(-3, -46, 6, 40, C.greyDark), rect(-28, -54, 56, 10, color, { rx: 5 }), rect(-24, -116, 48, 60, color, { rx: 13 }),
    rect(-24, -116, 48, 60, '#fff', { rx: 13, opacity: 0.08 }), rect(-8, -58, 16, 6, C.greyDark),
  ]);
}

// ---------------------------------------------------------------- people
const SH = { L: [-14, -136], R: [14, -136] };
const HIP = { L: [-7, -90], R: [7, -90] };
const POSES = {
  stand: { armL: [[-21, -112], [-22, -88]], armR: [[21, -112], [22, -88]], legL: [[-8, -46], [-9, -4]], legR: [[8, -46], [9, -4]] },
  mop: { armL: [[-6, -114], [9, -110]], armR: [[27, -104], [18, -84]], legL: [[-12, -46], [-17, -4]], legR: [[9, -46], [15, -4]] },
  wipe: { armL: [[-22, -112], [-22, -90]], armR: [[34, -118], [56, -106]], legL: [[-10, -46], [-14, -4]], legR: [[10, -46], [14, -4]] },
  spray: { armL: [[-24, -108], [-8, -118]], armR: [[34, -118], [56, -106]], legL: [[-10, -46], [-14, -4]], legR: [[10, -46], [14, -4]] },
  reach: { armR: [[24, -162], [30, -188]], armL: [[-22, -112], [-22, -88]] },
  reach2: { armR: [[26, -160], [36, -182]], armL: [[-8, -112], [10, -104]] },
  push: { armL: [[4, -106], [30, -100]], armR: [[24, -112], [38, -102]], legL: [[-12, -46], [-18, -4]], legR: [[9, -46], [13, -4]] },
  hold: { armL: [[-18, -108], [-4, -112]], armR: [[18, -106], [6, -114]] },
  cross: { armL: [[-22, -110], [9, -114]], armR: [[22, -108], [-9, -110]] },
  hips: { armL: [[-32, -112], [-17, -94]], armR: [[32, -112], [17, -94]], legL: [[-10, -46], [-13, -4]], legR: [[10, -46], [13, -4]] },
  wave: { armR: [[30, -150], [36, -178]] },
  polish: { armR: [[32, -128], [48, -152]], armL: [[-20, -112], [-18, -90]] },
  shake: { armR: [[26, -108], [46, -106]] },
  lance: { armL: [[6, -108], [24, -102]], armR: [[26, -114], [42, -106]], legL: [[-12, -46], [-19, -4]], legR: [[9, -46], [14, -4]] },
  walk: { armL: [[-24, -110], [-30, -88]], armR: [[18, -112], [26, -90]], legL: [[-12, -46], [-24, -4]], legR: [[12, -48], [20, -4]] },
  sit: { armL: [[-6, -112], [28, -108]], armR: [[24, -112], [40, -106]], legL: [[20, -88], [22, -44]], legR: [[26, -86], [28, -44]] },
};
const CREW = [
  { skin: SKIN[1], hair: HAIR[0], hairStyle: 'bun' },
  { skin: SKIN[0], hair: HAIR[2], hairStyle: 'short' },
  { skin: SKIN[3], hair: HAIR[3], hairStyle: 'curly' },
  { skin: SKIN[2], hair: HAIR[1], hairStyle: 'long' },
  { skin: SKIN[0], hair: HAIR[1], hairStyle: 'pony' },
  { skin: SKIN[2], hair: HAIR[3], hairStyle: 'short' },
];
const limb = (p, color, w) => pline(p, color, w);
function hairShapes(style, color, front) {
  const cap = path('M-13.8,-154C-15,-168 -7,-173 1,-172.5C10,-172 15,-165 13.8,-156C11,-162 5,-164 -1,-163.5C-7,-163 -11,-159 -13.8,-154Z', color);
  if (!front) {
    if (style === 'long') return path('M-15,-158Q-17,-136 -15,-128L15,-128Q17,-136 15,-158Q15,-173 0,-173Q-15,-173 -15,-158Z', color);
    if (style === 'pony') return path('M-9,-167Q-26,-160 -21,-134Q-15,-148 -9,-156Z', color);
    return '';
  }
  if (style === 'bun') return [cap, circ(0, -174, 6.5, color)];
  if (style === 'curly') return [-170, -145, -120, -90, -60, -35, -10].map((a) => circ(13 * Math.cos((a * Math.PI) / 180), -157 + 13 * Math.sin((a * Math.PI) / 180), 5.6, color));
  if (style === 'none') return '';
  return cap;
}
// A flat, faceless figure ~185 units tall standing on (0,0); arms/legs are stroked polylines.
function person(x, y, s, o = {}) {
  const { pose = 'stand', flip = false, skin = SKIN[0], hair = HAIR[0], hairStyle = 'short', shirt = C.teal, pants = C.navy,
    shoe = C.ink, mask = false, gloves = null, vest = null, cap = null, logo = true, sleeves = 'short', tool = '', behind = '', shadow = true } = o;
  const P = { ...POSES.stand, ...POSES[pose] };
  const out = [];
  if (shadow && pose !== 'sit') out.push(shade(0, -2, 36, 6, 0.25));
  out.push(hairShapes(hairStyle, hair, false), behind);
  for (const side of ['L', 'R']) {
    const [knee, foot] = P['leg' + side];
    out.push(limb([HIP[side], knee, foot], pants, 13), ell(foot[0] + 5, foot[1] + 1, 9.5, 5, shoe));
  }
  out.push(path('M-17,-142Q-21,-141 -19.5,-130L-16,-95Q-15,-86 -7,-86L7,-86Q15,-86 16,-95L19.5,-130Q21,-141 17,-142Q0,-147 -17,-142Z', shirt));
  out.push(path('M6,-145Q13,-144 17,-142Q21,-141 19.5,-130L16,-95Q15,-86 7,-86Z', C.navyDeep, { opacity: 0.1 }));
  out.push(rect(-4.5, -149, 9, 9, skin), path('M-7,-144L0,-134L7,-144Z', skin), path('M-7.5,-144.5L-1,-135L-8,-139Z', '#fff', { opacity: 0.5 }));
  if (vest) {
    out.push(path('M-17,-142L-9,-143L-5,-112L5,-112L9,-143L17,-142Q21,-141 19.5,-130L16,-95Q15,-86 7,-86L-7,-86Q-15,-86 -16,-95L-19.5,-130Q-21,-141 -17,-142Z', vest));
    out.push(rect(-18.5, -110, 37, 4.5, '#e8eef2'), rect(-17.5, -99, 35, 4.5, '#e8eef2'));
  } else if (logo) out.push(droplet(9, -125, 3.2, '#fff'));
  out.push(circ(0, -157, 13, skin), hairShapes(hairStyle, hair, true));
  if (mask) out.push(rect(-10, -156, 20, 10, '#e3f1f8', { rx: 3 }), line(-10, -153, -13, -157, '#e3f1f8', 1.2), line(10, -153, 13, -157, '#e3f1f8', 1.2));
  if (cap === 'bouffant') out.push(ell(0, -165, 16, 10, '#e3f1f8'), path('M-16,-165Q0,-158 16,-165', 'none', { stroke: '#c3dbe8', strokeWidth: 1.5 }));
  else if (cap) out.push(path('M-14,-158Q-14,-173 0,-173Q14,-173 14,-158Z', cap), path('M8,-160L25,-158L24,-155L8,-156Z', cap));
  out.push(tool);
  for (const side of ['L', 'R']) {
    const [elbow, hand] = P['arm' + side];
    out.push(limb([SH[side], elbow, hand], sleeves === 'long' ? shirt : skin, 9));
    if (sleeves === 'long') out.push(limb([lerp(elbow, hand, 0.85), hand], skin, 8));
    out.push(limb([SH[side], lerp(SH[side], elbow, 0.62)], shirt, 12.5));
    out.push(circ(hand[0], hand[1], 5.3, gloves || skin));
  }
  return place(x, y, s, flip, out);
}
const cleaner = (x, y, s, v, o = {}) => person(x, y, s, { ...CREW[v % CREW.length], ...o });

// tools, in the person's local coordinates (match the poses above)
const sprayBottle = (x, y, s = 1, color = C.teal) =>
  place(x, y, s, false, [rect(-5, -16, 10, 16, color, { rx: 2.5 }), rect(-2.5, -19, 5, 3, '#fff'), path('M-3.5,-19L6,-19L8.5,-24L-3.5,-25Z', '#fff'), rect(-5, -12, 10, 5, '#fff', { opacity: 0.45 })]);
const TOOLS = {
  mop: (head = C.blueMid) => [line(-1.5, -140, 45, -6, '#b9c5ce', 3.2), rect(22, -8, 48, 7, head, { rx: 3 }), rect(40, -11, 12, 4, C.greyDark)],
  vacuum: () => [line(-1.5, -140, 45, -6, '#c9d3da', 4), path('M28,-11L66,-11L68,-1L26,-1Z', C.ink), rect(30, -13, 34, 3, C.teal), path('M-2,-138Q-40,-150 -26,-112', 'none', { stroke: C.ink, strokeWidth: 4 })],
  vacuumPack: () => [rect(-27, -140, 14, 46, C.navySoft, { rx: 5 }), rect(-26, -128, 12, 5, C.teal)],
  cloth: (x, y, color = C.sun) => path(`M${x - 6},${y - 3}L${x + 7},${y - 6}L${x + 9},${y + 6}L${x - 5},${y + 8}Z`, color),
  spray: (x, y, color = C.teal, flip = true) => place(x, y + 8, 1, flip, sprayBottle(0, 0, 1, color)),
  squeegee: (x, y) => [line(x, y, x + 3, y - 26, C.greyMid, 3), rect(x - 16, y - 31, 38, 5, C.ink, { rx: 2 }), rect(x - 15, y - 27, 36, 2, C.teal)],
  clipboard: () => [rect(-12, -130, 26, 34, C.woodLight, { rx: 2, transform: 'rotate(-6 0 -112)' }), rect(-9, -126, 20, 26, '#fff', { transform: 'rotate(-6 0 -112)' }), rect(-4, -133, 10, 5, C.greyDark, { transform: 'rotate(-6 0 -112)' })],
  tablet: () => [rect(-13, -132, 28, 36, C.ink, { rx: 3, transform: 'rotate(-8 0 -114)' }), rect(-10, -129, 22, 30, 'url(#gScreen)', { transform: 'rotate(-8 0 -114)' })],
  lance: () => [line(20, -102, 110, -40, C.greyMid, 3.5), rect(14, -108, 12, 8, C.sun, { rx: 2 }), path('M110,-40L190,30L150,44Z', 'url(#gSpray)', { opacity: 0.85 })],
  wand: () => [line(-1.5, -140, 45, -6, '#d1dae0', 4), rect(20, -9, 52, 9, C.greyDark, { rx: 3 }), path('M-1,-138Q-30,-110 -40,-60', 'none', { stroke: C.ink, strokeWidth: 4 })],
};

// ---------------------------------------------------------------- equipment
function trolley(x, y, s = 1, flip = false) {
  const f = C.steel;
  const wheel = (cx) => [circ(cx, -8, 7.5, C.ink), circ(cx, -8, 2.6, C.greyMid)];
  return place(x, y, s, flip, [
    shade(10, -2, 92, 7, 0.24),
    line(-36, -188, -28, -70, '#b9c5ce', 3), rect(-40, -194, 7, 10, C.teal, { rx: 2, transform: 'rotate(4 -36 -190)' }),
    path('M48,-114L88,-114L86,-32Q86,-24 78,-24L58,-24Q50,-24 50,-32Z', '#f5c542'), path('M72,-114L88,-114L86,-32Q86,-24 78,-24L74,-24Z', '#e0a92a'),
    rect(84, -152, 5, 42, f), rect(80, -156, 14, 7, C.ink, { rx: 3 }), rect(46, -118, 46, 7, f, { rx: 3 }),
    rect(-6, -120, 6, 100, f), rect(42, -120, 6, 100, f), rect(-10, -122, 62, 7, f, { rx: 3 }), rect(-10, -74, 62, 6, f, { rx: 3 }),
    sprayBottle(4, -122, 1, C.teal), sprayBottle(20, -122, 1, C.blueMid), sprayBottle(35, -122, 1, C.pink),
    rect(-2, -100, 16, 26, '#fff', { rx: 4 }), rect(-2, -92, 16, 2, C.grey), rect(18, -96, 24, 22, C.blue, { rx: 3 }), rect(18, -88, 24, 3, '#fff', { opacity: 0.5 }),
    path('M2,-68L14,-68L13,-50L3,-52Z', C.sun), path('M18,-68L30,-68L31,-54L19,-52Z', C.aqua),
    path('M-62,-72L-12,-72L-17,-28L-57,-28Z', C.sun), rect(-64, -76, 54, 6, '#e3a91f', { rx: 3 }), path('M-45,-96L-27,-96L-24,-76L-48,-76Z', C.greyMid), rect(-50, -100, 28, 5, C.greyDark, { rx: 2 }),
    rect(-66, -28, 162, 9, f, { rx: 4 }),
    wheel(-55), wheel(-20), wheel(36), wheel(82),
  ]);
}
function wetSign(x, y, s = 1) {
  return place(x, y, s, false, [
    shade(0, -1, 28, 4, 0.22),
    path('M-20,0L-6,-78L6,-78L20,0L14,0L3,-66L-3,-66L-14,0Z', '#e9b21c'), path('M-16,0L-4,-72L4,-72L16,0Z', C.sun),
    path('M0,-58L12,-36L-12,-36Z', 'none', { stroke: C.ink, strokeWidth: 2.5, strokeLinejoin: 'round' }),
    rect(-1.2, -52, 2.4, 9, C.ink), circ(0, -40, 1.5, C.ink), rect(-10, -28, 20, 3, C.ink, { opacity: 0.8 }), rect(-8, -22, 16, 3, C.ink, { opacity: 0.8 }),
  ]);
}
function van(x, y, s = 1, flip = false) {
  return place(x, y, s, flip, [
    shade(170, -4, 180, 10, 0.3),
    path('M0,-30L0,-142Q0,-152 12,-152L232,-152Q248,-152 256,-140L292,-92L330,-82Q342,-79 342,-64L342,-30Z', '#fff'),
    path('M0,-72Q140,-118 342,-70L342,-52Q160,-94 0,-52Z', C.teal), path('M0,-52Q160,-94 342,-52L342,-46Q160,-86 0,-44Z', C.navy),
    path('M238,-142L252,-142L286,-94L238,-94Z', 'url(#gScreen)'), rect(150, -142, 76, 44, 'url(#gScreen)', { rx: 4 }),
    line(232, -146, 232, -34, C.grey, 2), line(140, -146, 140, -34, C.grey, 2), rect(216, -88, 12, 4, C.greyMid, { rx: 2 }),
    circ(70, -112, 22, C.navy), droplet(70, -110, 10, C.aqua), sparkle(82, -124, 6),
    rect(330, -72, 12, 8, C.sunPale, { rx: 2 }), rect(-4, -38, 350, 12, '#c7d2da', { rx: 5 }),
    path('M38,-30A34,34 0 0 1 106,-30Z', '#c7d2da'), path('M238,-30A34,34 0 0 1 306,-30Z', '#c7d2da'),
    circ(72, -28, 26, C.ink), circ(72, -28, 11, '#c7d2da'), circ(272, -28, 26, C.ink), circ(272, -28, 11, '#c7d2da'),
  ]);
}

// ---------------------------------------------------------------- outdoors
function skyline(x0, base, w, { seed = 1, hMin = 80, hMax = 300, fills = CITY, band = 16, minW = 34, maxW = 86, gap = 5, bandO = 0.22 } = {}) {
  const r = rng(seed);
  const out = [];
  let x = x0 - 20;
  while (x < x0 + w) {
    const bw = minW + r() * (maxW - minW);
    const bh = hMin + r() ** 1.4 * (hMax - hMin);
    const fill = fills[Math.floor(r() * fills.length)];
    const top = base - bh;
    const kind = r();
    out.push(rect(x, top, bw, bh + 2, fill));
    if (kind < 0.2) out.push(rect(x + bw * 0.18, top - bh * 0.07, bw * 0.64, bh * 0.07 + 1, fill));
    else if (kind < 0.34) out.push(line(x + bw / 2, top, x + bw / 2, top - bh * 0.2, fill, Math.max(2, bw * 0.05)));
    else if (kind < 0.44) out.push(poly([[x, top + 1], [x + bw, top + 1], [x + bw, top - bw * 0.4]], fill));
    if (band) for (let yy = top + band * 0.8; yy < base - band * 0.5; yy += band) out.push(rect(x + bw * 0.1, yy, bw * 0.8, band * 0.28, '#fff', { opacity: bandO }));
    out.push(rect(x + bw * 0.68, top, bw * 0.32, bh + 2, C.navy, { opacity: 0.08 }));
    x += bw + gap;
  }
  return out;
}
// A cantilever truss bridge in the spirit of Brisbane's Story Bridge.
function trussBridge(x, deck, w, h, color = C.steel) {
  const p1 = x + w * 0.28, p2 = x + w * 0.72, mid = x + w / 2;
  const topY = (px) => {
    if (px <= p1) return deck - h * 0.12 - (h * 0.88 * (px - x)) / (p1 - x);
    if (px <= mid) return deck - h + (h * 0.62 * (px - p1)) / (mid - p1);
    if (px <= p2) return deck - h * 0.38 - (h * 0.62 * (px - mid)) / (p2 - mid);
    return deck - h + (h * 0.88 * (px - p2)) / (x + w - p2);
  };
  const out = [];
  const N = 28;
  const xs = Array.from({ length: N + 1 }, (_, i) => x + (w * i) / N);
  const sw = Math.max(1.5, h * 0.018);
  xs.forEach((px, i) => {
    out.push(line(px, deck, px, topY(px), color, sw * 0.8));
    if (i < N) out.push(line(px, i % 2 ? deck : topY(px), xs[i + 1], i % 2 ? topY(xs[i + 1]) : deck, color, sw * 0.8));
  });
  out.push(pline([x, p1, mid, p2, x + w].map((px) => [px, topY(px)]), color, sw * 2.2));
  out.push(rect(x - w * 0.04, deck - h * 0.02, w * 1.08, h * 0.07, color));
  for (const px of [p1, p2]) out.push(poly([[px - h * 0.07, deck], [px + h * 0.07, deck], [px + h * 0.1, deck + h * 0.55], [px - h * 0.1, deck + h * 0.55]], color));
  return out;
}
function tree(x, y, s = 1, { c1 = C.leaf, c2 = C.leafLight, trunk = C.woodDark } = {}) {
  return place(x, y, s, false, [shade(0, 0, 30, 5, 0.18), rect(-4, -50, 8, 50, trunk, { rx: 3 }), circ(-18, -62, 24, c1), circ(16, -66, 26, c1), circ(0, -86, 30, c1), circ(-6, -92, 18, c2, { opacity: 0.55 }), circ(14, -74, 12, c2, { opacity: 0.4 })]);
}
function palm(x, y, s = 1, lean = 14) {
  const tx = lean, ty = -150;
  const fronds = [-160, -130, -100, -70, -40, -12, 20, -190].map((a, i) =>
    path('M0,0Q30,-16 62,4Q32,-4 0,0Z', i % 2 ? C.leaf : C.leafDark, { transform: `translate(${tx} ${ty}) rotate(${a}) scale(1.1)` }),
  );
  return place(x, y, s, false, [path(`M-4,0Q${lean * 0.2},-80 ${tx - 3},${ty}L${tx + 3},${ty}Q${lean * 0.2 + 6},-80 4,0Z`, '#a6835a'), fronds, circ(tx, ty + 4, 5, C.woodDark)]);
}
function queenslander(x, y, s = 1, { wall = '#fff', roof = '#9fb4c2', trim = C.teal } = {}) {
  return place(x, y, s, false, [
    shade(0, 0, 70, 5, 0.2),
    ...[-54, -18, 18, 54].map((sx) => rect(sx - 2, -26, 4, 26, C.woodDark)),
    rect(-62, -70, 124, 44, wall), rect(-62, -34, 124, 8, trim), ...[-40, 0, 40].map((wx) => rect(wx - 9, -62, 18, 22, 'url(#gScreen)')),
    path('M-74,-70L0,-112L74,-70Z', roof), path('M-74,-70L0,-112L0,-70Z', '#fff', { opacity: 0.12 }),
    ...Array.from({ length: 13 }, (_, i) => rect(-60 + i * 10, -44, 2, 12, '#fff')), rect(-12, -26, 24, 4, C.woodDark),
  ]);
}
function hills(W, base, amp, seed, fill, { wav = 4, o = 1 } = {}) {
  const r = rng(seed);
  const ph = r() * 6;
  const p = [];
  for (let x = 0; x <= W; x += W / 40) p.push([x, base - amp * (0.55 + 0.45 * Math.sin((x / W) * Math.PI * wav + ph) * Math.cos((x / W) * 2.3 + ph))]);
  return path(`M0,${base + 2000} L${p.map(([x, y]) => `${r1(x)},${r1(y)}`).join(' L')} L${W},${base + 2000}Z`, fill, { opacity: o });
}
function waves(x, y, w, n, gapY, color = '#fff', o = 0.5) {
  const out = [];
  const r = rng(n * 17 + Math.round(y));
  for (let i = 0; i < n; i++) {
    const yy = y + i * gapY * (1 + i * 0.15);
    for (let xx = x + r() * 80; xx < x + w; xx += 120 + r() * 160) out.push(line(xx, yy, xx + 30 + r() * 60 * (1 + i * 0.2), yy, color, 2 + i * 0.5, { opacity: o }));
  }
  return out;
}

// ================================================================ scenes
// --- interiors ------------------------------------------------------------
function hero(W, H) {
  const fy = 1060;
  const wx = 110, wy = 96, ww = W - 220, wh = 890;
  const view = [
    sunDisc(520, 330, 70),
    cloud(1150, 250, 1.6), cloud(1800, 200, 1.2, 0.8), cloud(300, 520, 1, 0.7),
    skyline(wx, 820, ww, { seed: 7, hMin: 120, hMax: 430, fills: HAZE, band: 0, maxW: 110 }),
    skyline(wx + 200, 870, ww - 700, { seed: 11, hMin: 80, hMax: 380, band: 18, bandO: 0.28 }),
    rect(wx, 862, ww, 200, 'url(#gWater)'), waves(wx, 900, ww, 4, 22, '#fff', 0.35),
    rect(wx, 852, ww, 14, C.leaf, { opacity: 0.7 }),
    trussBridge(1320, 880, 1020, 250, '#2f5b78'),
  ];
  const beams = [0, 1, 2, 3, 4].map((i) => {
    const x = wx + (ww / 5) * i + 20;
    return poly([[x, fy], [x + ww / 5 - 40, fy], [x + ww / 5 + 320, H], [x + 360, H]], '#fff3d2', { opacity: 0.35 });
  });
  return [
    room(W, H, fy, { floor: 'url(#gFloor)', grid: { rows: 6, cols: 10, o: 0.35 } }),
    glassWindow(wx, wy, ww, wh, { cols: 5, rows: 1, sky: 'url(#gSkyMorning)', view, fw: 14 }),
    rect(0, 0, W, 40, '#fff'), rect(0, 40, W, 8, C.navy, { opacity: 0.05 }),
    [0, 1, 2, 3, 4].map((i) => reflection(wx + (ww / 5) * i + 20, fy + 4, ww / 5 - 40, 300, 0.45)),
    beams,
    pendant(520, 40, 180, 46), pendant(900, 40, 180, 46), pendant(1280, 40, 180, 46),
    plant(200, 1150, 3.4, { kind: 'tall', pot: C.navy }),
    desk(340, 1120, 400, { s: 2.7 }), desk(770, 1120, 400, { s: 2.7, chair: C.teal }),
    plant(1240, 1120, 2.2, { pot: '#fff' }),
    plant(2250, 1110, 2.4, { kind: 'tall', pot: '#fff' }),
    wetSign(1300, 1330, 2.6),
    cleaner(1560, 1370, 3.5, 0, { pose: 'mop', tool: TOOLS.mop() }),
    trolley(2070, 1400, 3.2),
    plant(90, 1480, 3.2, { pot: C.cream }),
    sparkles([[1650, 1330, 44], [1810, 1400, 24], [1480, 1420, 20], [1120, 1290, 30], [900, 1420, 20], [560, 1330, 34], [2250, 1260, 22], [1960, 1200, 18]]),
  ];
}


// ---------------------------------------------------------------- more furniture & kit
const wallArt = (x, y, w, h, tones = [C.teal, C.sun, C.blue]) => [
  rect(x, y, w, h, '#fff', { filter: 'url(#drop)' }), rect(x + w * 0.08, y + h * 0.08, w * 0.84, h * 0.84, tones[2], { opacity: 0.35 }),
  circ(x + w * 0.68, y + h * 0.36, Math.min(w, h) * 0.15, tones[1]), path(`M${x + w * 0.08},${y + h * 0.92}L${x + w * 0.4},${y + h * 0.45}L${x + w * 0.62},${y + h * 0.72}L${x + w * 0.74},${y + h * 0.6}L${x + w * 0.92},${y + h * 0.92}Z`, tones[0]),
];
const wallClock = (x, y, r) => [circ(x, y, r, '#fff', { stroke: C.navy, strokeWidth: r * 0.12 }), line(x, y, x, y - r * 0.6, C.navy, r * 0.08), line(x, y, x + r * 0.45, y + r * 0.1, C.navy, r * 0.08), circ(x, y, r * 0.08, C.coral)];
const crossSign = (x, y, r, color = C.teal) => [circ(x, y, r, color), rect(x - r * 0.18, y - r * 0.58, r * 0.36, r * 1.16, '#fff', { rx: r * 0.05 }), rect(x - r * 0.58, y - r * 0.18, r * 1.16, r * 0.36, '#fff', { rx: r * 0.05 })];
function cabinetRun(x, y, w, h, { front = '#fff', top = C.woodLight, doors = 4, handle = C.greyDark, topH = 10 } = {}) {
  const out = [shade(x + w / 2, y, w * 0.52, 8, 0.15), rect(x, y - h, w, h, front), rect(x, y - 10, w, 10, C.navy, { opacity: 0.12 })];
  for (let i = 0; i < doors; i++) {
    const dx = x + (w * i) / doors;
    out.push(rect(dx + 4, y - h + topH + 6, w / doors - 8, h - topH - 20, '#000', { opacity: 0.035, rx: 3 }), rect(dx + w / doors / 2 - 14, y - h + topH + 16, 28, 4, handle, { rx: 2 }));
  }
  out.push(rect(x - 8, y - h - topH, w + 16, topH + 2, top, { rx: 2 }));
  return out;
}
function shelfUnit(x, y, w, h, rows, { frame = '#fff', seed = 1, fills = [C.teal, C.navy, C.sun, C.coral, C.blue, C.aqua], folded = false } = {}) {
  const r = rng(seed);
  const out = [rect(x, y - h, w, h, frame), rect(x + 6, y - h + 6, w - 12, h - 12, C.navy, { opacity: 0.06 })];
  const rh = (h - 12) / rows;
  for (let i = 0; i < rows; i++) {
    const sy = y - h + 6 + rh * (i + 1);
    let bx = x + 10;
    if (folded) {
      // stacks of folded garments
      for (; bx < x + w - 60; bx += 66) {
        const c = fills[Math.floor(r() * fills.length)];
        const n = 3 + Math.floor(r() * 3);
        for (let k = 0; k < n; k++) out.push(rect(bx + (k % 2) * 2, sy - 2 - (k + 1) * 11, 54, 10, c, { rx: 3 }), rect(bx + (k % 2) * 2, sy - 2 - (k + 1) * 11 + 7, 54, 3, '#000', { opacity: 0.08 }));
      }
    } else {
      while (bx < x + w - 24) {
        const bw = 8 + r() * 14, bh = rh * (0.55 + r() * 0.35);
        if (r() < 0.15) { bx += bw + 8; continue; }
        out.push(rect(bx, sy - bh, bw, bh, fills[Math.floor(r() * fills.length)], { rx: 1.5 }));
        bx += bw + 2;
      }
    }
    out.push(rect(x, sy - 2, w, 6, frame));
  }
  return out;
}
function scrubber(x, y, s = 1, flip = false) {
  return place(x, y, s, flip, [
    shade(10, -2, 110, 8, 0.3),
    path('M-98,-14Q-96,-2 -80,-2L-66,-2L-66,-14Z', C.ink), rect(-100, -18, 40, 6, C.greyDark, { rx: 3 }),
    path('M-62,-22L-62,-96Q-62,-112 -46,-112L58,-112Q78,-112 82,-94L92,-40L92,-22Z', 'url(#gTeal)'),
    path('M-62,-60L92,-60L92,-40L-62,-40Z', C.navy, { opacity: 0.18 }),
    rect(-58, -126, 120, 18, C.navy, { rx: 8 }), rect(-30, -132, 50, 8, C.navySoft, { rx: 4 }),
    rect(40, -104, 30, 16, C.ink, { rx: 3 }), rect(43, -101, 14, 6, C.aqua), circ(63, -96, 3, C.sun),
    rect(36, -34, 78, 24, C.ink, { rx: 11 }), rect(40, -12, 70, 6, C.greyDark), circ(-26, -20, 18, C.ink), circ(-26, -20, 7, C.greyMid),
    line(-60, -92, -92, -104, C.greyMid, 6), line(-92, -112, -90, -96, C.ink, 7), droplet(10, -78, 8, '#fff'),
  ]);
}
function rotaryMachine(x, y, s = 1, flip = false) {
  return place(x, y, s, flip, [
    shade(10, -2, 60, 7, 0.3), ell(10, -12, 52, 10, C.ink), rect(-42, -22, 104, 12, C.greyDark, { rx: 6 }),
    path('M-6,-22L-6,-56Q-6,-64 2,-64L22,-64Q30,-64 30,-56L30,-22Z', 'url(#gTeal)'), line(0, -50, -70, -106, C.greyMid, 6), line(-74, -112, -64, -98, C.ink, 9),
    path('M-70,-106Q-110,-80 -80,-30', 'none', { stroke: C.ink, strokeWidth: 3 }),
  ]);
}
function extractor(x, y, s = 1) {
  return place(x, y, s, false, [
    shade(0, -2, 50, 6, 0.28), rect(-40, -92, 80, 82, 'url(#gNavy)', { rx: 10 }), rect(-40, -62, 80, 12, C.teal), rect(-30, -110, 60, 20, C.navySoft, { rx: 8 }),
    rect(-14, -122, 28, 14, C.ink, { rx: 4 }), circ(-26, -8, 9, C.ink), circ(26, -8, 9, C.ink), rect(-20, -84, 26, 12, C.aqua, { opacity: 0.75, rx: 2 }),
  ]);
}
function examBed(x, y, s = 1) {
  return place(x, y, s, false, [
    shade(0, -2, 110, 8, 0.2), rect(-70, -60, 16, 58, C.greyMid), rect(54, -60, 16, 58, C.greyMid), rect(-84, -10, 168, 10, C.greyDark, { rx: 5 }),
    rect(-100, -78, 200, 22, C.teal, { rx: 6 }), path('M-98,-78L-84,-112Q-82,-118 -76,-116L-60,-110L-54,-78Z', C.tealDark),
    rect(-60, -84, 152, 8, '#fff', { rx: 3 }), rect(-60, -84, 152, 3, C.grey), rect(82, -90, 14, 14, '#fff', { rx: 7, stroke: C.grey, strokeWidth: 1.5 }),
  ]);
}
function flask(x, y, s, liquid) {
  return place(x, y, s, false, [path('M-4,-30L4,-30L4,-18L14,0L-14,0L-4,-18Z', '#fff', { opacity: 0.85, stroke: C.greyMid, strokeWidth: 1 }), path('M-9,-8L9,-8L14,0L-14,0Z', liquid)]);
}
function beaker(x, y, s, liquid) {
  return place(x, y, s, false, [rect(-8, -22, 16, 22, '#fff', { opacity: 0.85, stroke: C.greyMid, strokeWidth: 1, rx: 1.5 }), rect(-7.5, -10, 15, 10, liquid, { rx: 1 })]);
}
function cradle(x, y, w, s, people) {
  const rail = 96 * s, panel = 50 * s;
  return [
    people,
    rect(x, y - rail, w, 6 * s, C.navy, { rx: 3 * s }), rect(x, y - rail * 0.62, w, 4 * s, C.navy),
    ...Array.from({ length: 5 }, (_, i) => rect(x + ((w - 5 * s) * i) / 4, y - rail, 5 * s, rail, C.navy)),
    rect(x, y - panel, w, panel, 'url(#gTeal)'), rect(x, y - panel, w, 6 * s, C.tealDark), rect(x, y - 14 * s, w, 14 * s, C.navy, { opacity: 0.35 }),
    circ(x + w * 0.5, y - panel * 0.5, 12 * s, C.navy), droplet(x + w * 0.5, y - panel * 0.48, 5 * s, C.aqua),
    rect(x - 8 * s, y - 4 * s, w + 16 * s, 8 * s, C.navy, { rx: 3 * s }),
  ];
}
function card(x, y, w, h, inner = []) {
  return [rect(x, y, w, h, '#fff', { rx: 22, filter: 'url(#drop)' }), inner];
}
const tick = (x, y, r) => [circ(x, y, r, C.teal), pline([[x - r * 0.45, y], [x - r * 0.1, y + r * 0.38], [x + r * 0.5, y - r * 0.35]], '#fff', r * 0.28)];
const star = (x, y, r, fill = C.sun) =>
  poly(Array.from({ length: 10 }, (_, i) => { const a = -Math.PI / 2 + (i * Math.PI) / 5; const rr = i % 2 ? r * 0.45 : r; return [x + rr * Math.cos(a), y + rr * Math.sin(a)]; }), fill);
// a simple office interior backdrop: wall, floor, glazing with a city view, pendants
function officeBackdrop(W, H, fy, { wy = 60, cols = 4, seed = 3, floor = 'url(#gFloor)', grid = { rows: 6, cols: 10, o: 0.3 }, pendants = [], margin = 60 } = {}) {
  const ww = W - margin * 2, wh = fy - wy - 70;
  const view = [cloud(W * 0.7, wy + 90, 1.2), skyline(margin, wy + wh - 20, ww, { seed, hMin: 60, hMax: wh * 0.75, fills: HAZE, band: 0 }), skyline(margin, wy + wh + 6, ww, { seed: seed + 5, hMin: 40, hMax: wh * 0.55, band: 14 })];
  return [
    room(W, H, fy, { floor, grid }), glassWindow(margin, wy, ww, wh, { cols, view, fw: 10 }),
    Array.from({ length: cols }, (_, i) => reflection(margin + (ww / cols) * i + 14, fy + 2, ww / cols - 28, (H - fy) * 0.6, 0.4)),
    pendants.map((px) => pendant(px, 0, wy + 40, 30)),
  ];
}

// ---------------------------------------------------------------- interior scenes
function openPlanOffice(W, H) {
  const fy = 560;
  const stripes = [0, 1, 2, 3].map((i) => poly([[140 + i * 120, fy], [200 + i * 120, fy], [120 + i * 160, H], [40 + i * 160, H]], '#fff', { opacity: 0.07 }));
  return [
    officeBackdrop(W, H, fy, { floor: 'url(#gCarpet)', grid: { rows: 6, cols: 14, o: 0.15 }, pendants: [260, 600, 940], seed: 21 }),
    stripes,
    desk(70, 640, 230, { s: 1.6 }), desk(310, 640, 230, { s: 1.6, chair: C.teal }), desk(560, 640, 230, { s: 1.6 }), desk(800, 640, 230, { s: 1.6, chair: C.teal }),
    plant(1110, 680, 1.9, { kind: 'tall', pot: C.navy }),
    cleaner(640, 850, 2.15, 2, { pose: 'mop', tool: TOOLS.vacuum(), behind: TOOLS.vacuumPack() }),
    plant(80, 880, 2.3, { pot: '#fff' }),
    sparkles([[560, 800, 16], [330, 860, 11], [860, 840, 13]]),
  ];
}
function officeCleaning(W, H) {
  const fy = 720;
  return [
    room(W, H, fy, { floor: 'url(#gFloor)', grid: { rows: 6, cols: 10, o: 0.3 } }),
    glassWindow(90, 80, 620, 560, { cols: 2, view: [skyline(90, 660, 620, { seed: 41, hMin: 80, hMax: 420, band: 16 })] }), blinds(90, 80, 620, 560, { open: 0.32, slat: 16 }),
    reflection(100, fy + 4, 600, 250, 0.4),
    wallArt(880, 150, 260, 180), wallArt(1200, 200, 180, 130, [C.navy, C.coral, C.aqua]),
    cabinetRun(1130, fy, 400, 190, { doors: 3 }), plant(1470, fy - 200, 1.3, { pot: C.teal }), rect(1180, fy - 236, 70, 36, C.navy, { rx: 3 }),
    pendant(1000, 0, 120, 40), pendant(1320, 0, 120, 40),
    desk(780, 900, 560, { s: 3.1, chair: C.teal }),
    cleaner(620, 1020, 3.2, 3, { pose: 'spray', tool: [TOOLS.spray(-8, -118, C.teal), TOOLS.cloth(58, -104)] }),
    trolley(250, 1060, 2.8),
    sparkles([[1010, 590, 22], [1230, 620, 14], [900, 1000, 18], [420, 1080, 14]]),
  ];
}
function corporateLobby(W, H) {
  const fy = 600;
  const slats = Array.from({ length: 22 }, (_, i) => rect(360 + i * 22, 60, 12, fy - 72, C.woodLight, { opacity: 0.9 }));
  return [
    room(W, H, fy, { floor: 'url(#gFloorWarm)', grid: { rows: 5, cols: 8, o: 0.35 } }),
    glassWindow(40, 60, 260, fy - 110, { cols: 2, rows: 3, view: [tree(120, fy - 40, 2.6), tree(250, fy - 30, 2.2, { c1: C.leafDark })], fw: 8 }),
    rect(340, 40, 520, fy - 52, C.wood), slats, circ(600, 230, 70, C.navy), circ(600, 230, 42, 'none', { stroke: C.sun, strokeWidth: 10 }), circ(600, 230, 16, C.aqua),
    glassWindow(900, 60, 260, fy - 110, { cols: 2, rows: 3, view: [skyline(900, fy - 50, 260, { seed: 5, hMin: 100, hMax: 380, band: 14 })], fw: 8 }),
    reflection(50, fy + 2, 240, 200, 0.4), reflection(910, fy + 2, 240, 200, 0.4), reflection(360, fy + 2, 480, 160, 0.25),
    pendant(470, 0, 100, 34, C.sun), pendant(730, 0, 100, 34, C.sun),
    path(`M380,${fy + 40}L380,${fy - 70}Q380,${fy - 84} 396,${fy - 84}L804,${fy - 84}Q820,${fy - 84} 820,${fy - 70}L820,${fy + 40}Z`, '#fff'),
    rect(370, fy - 96, 460, 14, C.navy, { rx: 4 }), rect(380, fy - 40, 440, 10, C.teal), shade(600, fy + 42, 240, 8, 0.2),
    plant(300, fy + 40, 1.6, { kind: 'tall', pot: C.navy }), plant(900, fy + 40, 1.6, { kind: 'tall', pot: C.navy }),
    rect(60, 700, 230, 44, C.navy, { rx: 14 }), rect(70, 660, 210, 50, C.navySoft, { rx: 16 }), rect(76, 744, 8, 20, C.greyDark), rect(266, 744, 8, 20, C.greyDark), shade(175, 766, 120, 6, 0.2),
    wetSign(640, 850, 1.5),
    cleaner(860, 860, 2.05, 5, { pose: 'mop', tool: TOOLS.mop() }),
    reflection(800, 860, 200, 40, 0.4),
    sparkles([[730, 800, 18], [1000, 880, 12], [560, 720, 14], [180, 820, 10], [1080, 650, 12]]),
  ];
}
function boardroom(W, H) {
  const fy = 560;
  const chairsBack = [300, 440, 580, 720, 860].map((x) => rect(x - 28, 448, 56, 96, C.navy, { rx: 14 }));
  const chairsFront = [330, 510, 690].map((x) => officeChair(x, 770, 1.5, C.navySoft));
  return [
    officeBackdrop(W, H, fy, { cols: 3, seed: 33, floor: 'url(#gCarpet)', grid: { rows: 5, cols: 12, o: 0.12 } }),
    rect(420, 70, 360, 230, C.wood), rect(450, 100, 300, 175, C.ink, { rx: 6 }), rect(458, 108, 284, 159, 'url(#gScreen)', { rx: 3 }),
    path('M480,240L540,190L590,220L650,150L720,180', 'none', { stroke: C.aqua, strokeWidth: 5, strokeLinecap: 'round', strokeLinejoin: 'round' }),
    rect(480, 130, 80, 10, '#fff', { opacity: 0.5 }), rect(480, 148, 50, 8, '#fff', { opacity: 0.3 }),
    rect(250, 58, 700, 10, C.ink, { rx: 4 }), ...[0, 1, 2].map((i) => circ(400 + i * 200, 66, 40, 'url(#gWarmGlow)', { opacity: 0.6 })), line(300, 0, 300, 58, C.greyDark, 2), line(900, 0, 900, 58, C.greyDark, 2),
    chairsBack,
    shade(600, 700, 420, 10, 0.2), rect(260, 560, 8, 140, C.greyDark), rect(932, 560, 8, 140, C.greyDark),
    rect(200, 540, 800, 24, C.woodDark, { rx: 10 }), rect(200, 536, 800, 14, C.woodLight, { rx: 8 }),
    rect(330, 518, 26, 18, '#fff', { rx: 3 }), rect(640, 520, 50, 16, C.teal, { rx: 3 }), plant(470, 538, 0.5, { pot: '#fff' }),
    chairsFront, plant(90, 890, 2.3, { pot: '#fff' }),
    cleaner(1090, 730, 1.85, 4, { pose: 'wipe', flip: true, tool: TOOLS.cloth(58, -104) }),
    sparkles([[900, 522, 20], [760, 530, 14], [580, 525, 12], [420, 820, 12]]),
  ];
}
function staffKitchen(W, H) {
  const fy = 640;
  const tiles = [];
  for (let y = 300; y < 440; y += 28) for (let x = 120 + (((y - 300) / 28) % 2) * 28; x < 900; x += 56) tiles.push(rect(x, y, 52, 24, '#fff', { opacity: 0.55, rx: 2 }));
  return [
    room(W, H, fy, { floor: 'url(#gFloorWarm)', grid: { rows: 5, cols: 10, o: 0.4 } }),
    rect(120, 296, 780, 150, C.aquaPale), clip(120, 296, 780, 150, tiles),
    cabinetRun(120, 296, 360, 170, { doors: 3, top: '#fff', topH: 0 }), cabinetRun(640, 296, 260, 170, { doors: 2, top: '#fff', topH: 0 }),
    glassWindow(500, 110, 120, 170, { cols: 1, view: tree(560, 300, 1.3), fw: 6, sill: false }),
    cabinetRun(120, fy, 780, 190, { doors: 6, top: '#e9edf0', topH: 14 }),
    rect(480, 436, 130, 10, C.greyMid, { rx: 4 }), path('M560,438L560,392Q560,378 546,378L530,378', 'none', { stroke: C.greyDark, strokeWidth: 7, strokeLinecap: 'round' }), rect(590, 404, 14, 32, '#fff', { rx: 3 }), rect(594, 398, 6, 8, C.teal),
    rect(180, 382, 64, 54, C.ink, { rx: 6 }), rect(190, 392, 44, 14, C.steel), rect(200, 416, 24, 20, '#fff', { rx: 2 }), rect(264, 402, 34, 34, C.coral, { rx: 8 }), rect(296, 410, 8, 14, C.coral, { rx: 3 }),
    rect(700, 410, 36, 26, '#fff', { rx: 4 }), rect(744, 398, 50, 38, C.teal, { rx: 5 }), rect(806, 420, 22, 16, C.sun, { rx: 3 }),
    rect(930, 200, 200, fy - 200, '#e3e9ee', { rx: 8 }), rect(930, 200, 200, 150, '#edf2f5', { rx: 8 }), line(940, 350, 1120, 350, C.greyMid, 3), rect(950, 230, 8, 70, C.greyMid, { rx: 4 }), rect(950, 380, 8, 90, C.greyMid, { rx: 4 }), shade(1030, fy, 110, 6, 0.2),
    pendant(300, 0, 120, 30, C.teal), pendant(700, 0, 120, 30, C.teal),
    cleaner(680, 680, 2.25, 1, { pose: 'spray', flip: true, tool: TOOLS.cloth(58, -104), }),
    place(680, 680, 2.25, true, TOOLS.spray(-8, -118, C.blueMid)),
    rect(60, 720, 330, 18, C.woodLight, { rx: 6 }), rect(80, 738, 8, 120, C.greyDark), rect(362, 738, 8, 120, C.greyDark), shade(225, 860, 170, 6, 0.2),
    ...[120, 225, 330].map((x) => [rect(x - 22, 790, 44, 12, C.sun, { rx: 6 }), rect(x - 2, 802, 4, 62, C.greyDark), line(x - 16, 864, x + 16, 864, C.greyDark, 4)]),
    plant(1100, 880, 2.2, { pot: '#fff' }),
    sparkles([[440, 420, 16], [150, 560, 18], [860, 410, 14], [560, 600, 14], [250, 700, 12]]),
  ];
}
function schoolClassroom(W, H) {
  const fy = 600;
  const chairColors = [C.sun, C.teal, C.coral, C.blueMid];
  const studentDesk = (x, y, s, i) => [
    shade(x + 30 * s, y, 50 * s, 4 * s, 0.18), rect(x + 2 * s, y - 56 * s, 4 * s, 56 * s, C.greyDark), rect(x + 56 * s, y - 56 * s, 4 * s, 56 * s, C.greyDark),
    poly([[x - 4 * s, y - 60 * s], [x + 66 * s, y - 60 * s], [x + 60 * s, y - 74 * s], [x + 2 * s, y - 74 * s]], '#e9d2b0'), rect(x - 4 * s, y - 60 * s, 70 * s, 6 * s, C.woodLight, { rx: 2 * s }),
    rect(x + 10 * s, y - 70 * s, 20 * s, 8 * s, [C.coral, C.blue, C.sun][i % 3], { rx: 1 }), rect(x + 38 * s, y - 69 * s, 14 * s, 6 * s, '#fff', { rx: 1 }),
    // chair on the near side of the desk
    ...[[12, 0], [46, 0]].map(([cx]) => rect(x + cx * s, y + 22 * s - 36 * s, 4 * s, 36 * s, C.greyDark)),
    rect(x + 8 * s, y + 22 * s - 40 * s, 46 * s, 6 * s, chairColors[i % 4], { rx: 2 * s }), rect(x + 10 * s, y + 22 * s - 70 * s, 42 * s, 24 * s, chairColors[i % 4], { rx: 6 * s }), rect(x + 28 * s, y + 22 * s - 48 * s, 6 * s, 10 * s, C.greyDark),
  ];
  return [
    room(W, H, fy, { wall: 'url(#gWallAqua)', floor: 'url(#gFloor)', grid: { rows: 6, cols: 10, o: 0.35 } }),
    glassWindow(40, 90, 200, 400, { cols: 1, rows: 2, view: [tree(140, 500, 2.2)], fw: 8 }), blinds(40, 90, 200, 400, { open: 0.25 }),
    rect(300, 110, 560, 300, C.woodLight, { rx: 8 }), rect(312, 122, 536, 276, '#2f5d50', { rx: 4 }),
    pline([[360, 350], [430, 220], [500, 350], [360, 350]], '#fff', 4, { opacity: 0.85 }), circ(600, 270, 56, 'none', { stroke: '#fff', strokeWidth: 4, opacity: 0.85 }), path('M600,270L600,214A56,56 0 0 1 656,270Z', C.sunPale, { opacity: 0.7 }),
    rect(700, 330, 24, 30, C.aquaPale), rect(736, 290, 24, 70, C.aquaPale), rect(772, 250, 24, 110, C.aquaPale), rect(808, 200, 24, 160, C.sunPale), line(690, 362, 840, 362, '#fff', 3), line(690, 180, 820, 180, '#fff', 3, { opacity: 0.6 }),
    rect(300, 402, 560, 10, C.woodDark), rect(560, 394, 40, 8, '#fff'), rect(610, 394, 30, 8, C.coral), wallClock(580, 60, 30),
    rect(900, 120, 110, 80, C.sun, { rx: 4 }), rect(1030, 110, 120, 90, C.coral, { rx: 4, opacity: 0.85 }), rect(910, 220, 230, 130, C.blue, { rx: 4 }),
    path('M940,300Q960,250 1000,270Q1030,240 1050,290Q1020,320 980,310Z', C.leafLight), path('M1070,250Q1100,240 1110,280Q1090,300 1070,290Z', C.leafLight),
    shelfUnit(900, fy, 250, 180, 2, { seed: 9 }),
    rect(60, 640, 240, 14, C.wood, { rx: 4 }), cabinetRun(70, 740, 220, 86, { doors: 2, top: C.wood, topH: 0 }), rect(90, 610, 60, 30, C.blueMid, { rx: 3 }), rect(160, 618, 40, 22, '#fff', { rx: 3 }),
    ...[[400, 650], [580, 650], [760, 650]].map(([x, y], i) => studentDesk(x, y, 1.5, i)),
    ...[[330, 790], [560, 790]].map(([x, y], i) => studentDesk(x, y, 1.8, i + 2)),
    cleaner(930, 770, 2.0, 3, { pose: 'wipe', flip: true, tool: TOOLS.cloth(58, -104, C.blue) }),
    sparkles([[700, 640, 16], [430, 770, 18], [240, 630, 14], [1100, 640, 12]]),
  ];
}
function schoolCorridor(W, H) {
  const fy = 760;
  const colors = [C.teal, C.navySoft, C.sun];
  const lockers = [];
  for (let i = 0; i < 9; i++) {
    const x = 560 + i * 92;
    lockers.push(rect(x, 330, 88, fy - 330, colors[Math.floor(i / 3) % 3]), rect(x + 74, 510, 6, 34, '#fff', { opacity: 0.8, rx: 2 }));
    for (let v = 0; v < 4; v++) lockers.push(rect(x + 18, 356 + v * 12, 52, 4, C.navyDeep, { opacity: 0.2 }));
    lockers.push(rect(x, 330, 88, fy - 330, 'none', { stroke: C.navyDeep, strokeWidth: 2, opacity: 0.15 }));
  }
  const papers = [[110, 140, C.sun], [180, 170, '#fff'], [250, 130, C.coral], [320, 160, C.aqua], [140, 230, C.blue], [230, 240, '#fff'], [300, 230, C.sunPale]];
  const door = (x, w = 240) => [rect(x, 420, w, fy - 420, C.navy, { rx: 4 }), rect(x + 12, 432, w - 24, fy - 432, C.navySoft), rect(x + 40, 460, 60, 110, 'url(#gSky)'), circ(x + w - 40, 600, 8, C.sun)];
  return [
    room(W, H, fy, { wall: 'url(#gWallCool)', floor: 'url(#gFloor)', grid: { rows: 7, cols: 12, o: 0.4 } }),
    glassWindow(560, 90, 830, 190, { cols: 5, view: [tree(700, 300, 1.8), tree(1000, 290, 2), tree(1300, 300, 1.7)], fw: 8, sill: false }),
    rect(70, 100, 340, 260, C.woodLight, { rx: 6 }), rect(84, 114, 312, 232, '#d9b27d'), papers.map(([x, y, c], i) => [rect(x, y, 56, 70, c, { transform: `rotate(${(i % 3) - 1} ${x} ${y})` }), circ(x + 28, y + 6, 5, C.coral)]),
    door(100), lockers, door(1410, 170), rect(1420, 330, 170, 70, C.sun, { rx: 6 }), circ(1505, 365, 22, '#fff'), rect(1497, 350, 16, 22, C.coral, { rx: 3 }),
    reflection(560, fy + 4, 830, 200, 0.35),
    Array.from({ length: 4 }, (_, i) => [rect(300 + i * 340, 0, 160, 16, '#fff'), rect(310 + i * 340, 16, 140, 6, C.sunPale)]),
    wetSign(420, 960, 2.3),
    cleaner(760, 1010, 3.1, 0, { pose: 'mop', tool: TOOLS.mop() }),
    trolley(1180, 1040, 2.7),
    sparkles([[900, 980, 26], [620, 1050, 18], [1020, 900, 16], [300, 880, 18]]),
  ];
}
function medicalClinic(W, H) {
  const fy = 600;
  const seat = (x) => [rect(x - 40, 610, 80, 16, C.teal, { rx: 6 }), rect(x - 38, 530, 76, 80, C.teal, { rx: 12 }), rect(x - 38, 530, 76, 80, '#fff', { rx: 12, opacity: 0.1 })];
  return [
    room(W, H, fy, { wall: 'url(#gWallAqua)', floor: 'url(#gFloor)', grid: { rows: 5, cols: 9, o: 0.4 } }),
    glassWindow(60, 90, 320, 330, { cols: 2, view: [tree(140, 430, 2), tree(300, 440, 1.6, { c1: C.leafDark })], fw: 8 }), blinds(60, 90, 320, 330, { open: 0.3 }),
    crossSign(760, 170, 62), wallClock(1060, 130, 36), wallArt(480, 120, 160, 120),
    shade(250, 652, 220, 8, 0.2), rect(60, 624, 380, 12, C.greyDark, { rx: 4 }), rect(90, 636, 8, 20, C.greyDark), rect(400, 636, 8, 20, C.greyDark),
    [110, 200, 290, 380].map(seat),
    path(`M600,${fy + 60}L600,${fy - 60}Q600,${fy - 80} 620,${fy - 80}L1180,${fy - 80}L1180,${fy + 60}Z`, '#fff'), rect(590, fy - 94, 600, 16, C.navy, { rx: 4 }), rect(600, fy - 20, 580, 12, C.teal), shade(890, fy + 62, 300, 8, 0.2),
    rect(820, fy - 140, 100, 56, C.ink, { rx: 4 }), rect(826, fy - 134, 88, 44, 'url(#gScreen)'), plant(1130, fy - 94, 0.7, { pot: C.teal }),
    plant(520, 680, 1.5, { pot: '#fff' }),
    shade(300, 800, 120, 8, 0.2), rect(180, 744, 240, 14, '#fff', { rx: 6 }), rect(196, 758, 8, 40, C.greyMid), rect(396, 758, 8, 40, C.greyMid), rect(230, 732, 60, 12, C.coral, { rx: 2 }), rect(300, 734, 50, 10, C.blue, { rx: 2 }),
    cleaner(720, 870, 2.05, 2, { pose: 'mop', mask: true, gloves: '#7fb7e6', tool: TOOLS.mop(C.teal) }),
    wetSign(1000, 860, 1.4),
    sparkles([[820, 830, 18], [560, 860, 12], [1100, 760, 14], [330, 700, 12]]),
  ];
}
function treatmentRoom(W, H) {
  const fy = 760;
  return [
    room(W, H, fy, { wall: 'url(#gWallAqua)', floor: 'url(#gFloor)', grid: { rows: 6, cols: 10, o: 0.4 } }),
    glassWindow(1080, 110, 400, 440, { cols: 2, view: [tree(1180, 560, 2.4), tree(1400, 570, 2, { c1: C.leafDark })] }), blinds(1080, 110, 400, 440, { open: 0.4, slat: 16 }),
    rect(60, 40, 420, 10, C.greyMid), ...Array.from({ length: 9 }, (_, i) => rect(70 + i * 40, 50, 30, 560, C.aquaPale, { rx: 12 })), ...Array.from({ length: 9 }, (_, i) => rect(88 + i * 40, 50, 8, 560, '#fff', { opacity: 0.5 })),
    cabinetRun(560, 420, 420, 170, { doors: 3, top: '#fff', topH: 0 }), crossSign(770, 330, 40),
    rect(560, 440, 420, 130, '#fff', { opacity: 0.7 }), cabinetRun(560, fy, 420, 190, { doors: 3, top: '#e9edf0', topH: 14 }),
    rect(640, 540, 90, 12, C.greyMid, { rx: 4 }), path('M700,540L700,500Q700,488 688,488L672,488', 'none', { stroke: C.greyDark, strokeWidth: 7, strokeLinecap: 'round' }),
    rect(820, 470, 34, 52, '#fff', { stroke: C.grey, strokeWidth: 2, rx: 4 }), rect(830, 510, 14, 14, C.teal),
    line(1020, 60, 1020, 250, C.greyDark, 8), line(1020, 70, 880, 150, C.greyDark, 8), path('M850,150Q880,120 910,150Z', C.greyDark), ell(880, 152, 26, 6, C.sunPale),
    rect(230, fy - 280, 16, 280, C.greyMid), rect(180, fy - 380, 120, 90, C.ink, { rx: 8 }), rect(188, fy - 372, 104, 74, 'url(#gScreen)'), pline([[196, fy - 334], [220, fy - 334], [230, fy - 356], [244, fy - 312], [254, fy - 334], [286, fy - 334]], C.aqua, 3),
    examBed(620, 930, 2.6),
    rect(1380, 850, 70, 100, C.sun, { rx: 6 }), rect(1374, 840, 82, 16, '#e3a91f', { rx: 4 }), shade(1415, 950, 50, 5, 0.2),
    cleaner(1000, 1040, 3.1, 1, { pose: 'wipe', flip: true, mask: true, gloves: '#7fb7e6', tool: TOOLS.cloth(58, -104, C.aqua) }),
    sparkles([[560, 700, 22], [780, 690, 16], [400, 1000, 16], [1200, 1000, 14]]),
  ];
}
function retailShop(W, H) {
  const fy = 700;
  const shirt = (x, y, c, L) => path(`M${x - 18},${y}L${x - 7},${y - 5}Q${x},${y + 3} ${x + 7},${y - 5}L${x + 18},${y}L${x + 30},${y + 34}L${x + 21},${y + 39}L${x + 16},${y + 26}L${x + 16},${y + L}L${x - 16},${y + L}L${x - 16},${y + 26}L${x - 21},${y + 39}L${x - 30},${y + 34}Z`, c);
  const rack = (x, y, w, floor, seed) => {
    const r = rng(seed);
    const out = [shade(x + w / 2, floor, w / 2, 8, 0.22), rect(x + 6, y, 7, floor - y, C.greyDark), rect(x + w - 13, y, 7, floor - y, C.greyDark), rect(x - 10, floor - 8, 40, 8, C.greyDark, { rx: 4 }), rect(x + w - 30, floor - 8, 40, 8, C.greyDark, { rx: 4 })];
    for (let gx = x + 40; gx < x + w - 30; gx += 44) {
      const c = [C.teal, C.coral, C.navy, C.sun, C.aqua, C.pink, C.blue, '#fff'][Math.floor(r() * 8)];
      out.push(path(`M${gx},${y + 4}Q${gx},${y - 8} ${gx + 6},${y - 4}`, 'none', { stroke: C.greyDark, strokeWidth: 2.5 }), pline([[gx - 18, y + 12], [gx, y + 4], [gx + 18, y + 12]], C.greyDark, 2.5));
      out.push(shirt(gx, y + 12, c, r() < 0.4 ? 150 : 110), rect(gx - 16, y + 50, 32, 4, '#000', { opacity: 0.06 }));
    }
    out.push(rect(x, y - 3, w, 8, C.greyDark, { rx: 4 }));
    return out;
  };
  return [
    room(W, H, fy, { floor: 'url(#gFloorWood)', grid: { rows: 6, cols: 16, o: 0.2, color: C.woodDark } }),
    glassWindow(70, 90, 380, 500, { cols: 2, rows: 2, view: [tree(170, 600, 2.2), tree(380, 610, 1.8)] }),
    shelfUnit(520, fy, 330, 540, 4, { frame: '#fff', seed: 4, folded: true }), shelfUnit(870, fy, 330, 540, 4, { frame: '#fff', seed: 8, folded: true }),
    rect(1260, 110, 270, 460, C.aquaPale), circ(1395, 250, 64, C.sun, { opacity: 0.85 }), path('M1340,420L1450,420L1462,520L1328,520Z', C.teal), path('M1365,420Q1365,380 1395,380Q1425,380 1425,420', 'none', { stroke: C.navy, strokeWidth: 8 }),
    reflection(80, fy + 2, 360, 200, 0.35), reflection(520, fy + 2, 680, 120, 0.2),
    pendant(360, 0, 80, 36, C.navy), pendant(800, 0, 80, 36, C.navy), pendant(1240, 0, 80, 36, C.navy),
    rack(90, 620, 500, 930, 3),
    place(1440, 960, 2.4, false, [shade(0, -2, 30, 5, 0.25), line(0, 0, 0, -70, C.greyDark, 4), line(-16, 0, 16, 0, C.greyDark, 5),
      path('M-18,-150Q-24,-170 -14,-176L14,-176Q24,-170 18,-150L14,-120L30,-70L-30,-70L-14,-120Z', C.coral), rect(-7, -186, 14, 12, C.greyDark, { rx: 3 }), path('M-14,-120L14,-120L16,-112L-16,-112Z', C.navy)]),
    shade(1180, 960, 150, 10, 0.22), rect(1040, 850, 280, 20, C.woodLight, { rx: 8 }), rect(1160, 870, 40, 80, C.woodDark), rect(1090, 942, 180, 10, C.woodDark, { rx: 5 }),
    ...[[1060, C.coral], [1120, C.teal], [1180, C.sun], [1240, '#fff']].map(([x, c], i) => [0, 1, 2].map((k) => rect(x + (k % 2) * 2, 838 - k * 12 - (i % 2) * 4, 52, 11, c, { rx: 3 }))),
    wetSign(720, 1010, 2.3),
    cleaner(930, 1050, 3.0, 4, { pose: 'mop', tool: TOOLS.mop() }),
    sparkles([[1080, 1020, 24], [850, 1080, 16], [640, 880, 18], [1450, 1040, 16]]),
  ];
}
function retailShowroom(W, H) {
  const fy = 580;
  const arch = (x, w, top, fill) => path(`M${x - w / 2},${fy}L${x - w / 2},${top + w / 2}A${w / 2},${w / 2} 0 0 1 ${x + w / 2},${top + w / 2}L${x + w / 2},${fy}Z`, fill);
  const beam = (x) => [rect(x - 8, 48, 16, 24, C.ink, { rx: 4 }), poly([[x - 8, 72], [x + 8, 72], [x + 90, fy + 40], [x - 90, fy + 40]], '#fff6dc', { opacity: 0.35 })];
  const plinth = (x, w, h) => [shade(x, fy + 100, w * 0.6, 8, 0.25), rect(x - w / 2, fy + 100 - h, w, h, '#fff'), rect(x - w / 2, fy + 100 - h, w * 0.22, h, C.grey, { opacity: 0.6 })];
  return [
    room(W, H, fy, { wall: 'url(#gWallWarm)', floor: 'url(#gFloor)', grid: { rows: 5, cols: 8, o: 0.45 } }),
    rect(0, 0, W, 40, C.navy), line(60, 40, 1140, 40, C.ink, 8),
    arch(230, 300, 110, C.aquaPale), arch(600, 300, 80, C.sunPale), arch(970, 300, 110, '#e0ebf2'),
    [230, 600, 970].map(beam),
    reflection(90, fy + 2, 280, 150, 0.3), reflection(830, fy + 2, 280, 150, 0.3),
    plinth(230, 260, 80), rect(120, 530, 220, 56, C.teal, { rx: 18 }), rect(104, 500, 46, 86, C.teal, { rx: 16 }), rect(310, 500, 46, 86, C.teal, { rx: 16 }), rect(140, 470, 180, 70, C.tealDark, { rx: 18 }), rect(190, 490, 50, 34, C.sun, { rx: 10 }),
    plinth(600, 200, 140), line(600, 540, 600, 380, C.greyDark, 5), path('M552,380L648,380L626,320L574,320Z', C.sun), ell(600, 542, 36, 7, C.greyDark),
    plinth(970, 260, 80), rect(870, 560, 200, 14, C.woodLight, { rx: 5 }), rect(884, 574, 8, 26, C.woodDark), rect(1048, 574, 8, 26, C.woodDark), ell(940, 548, 28, 14, C.coral), rect(928, 500, 24, 50, '#fff', { rx: 10 }), circ(1010, 544, 16, C.navy),
    shade(560, 880, 300, 12, 0.25), rect(260, 740, 600, 140, C.navy, { rx: 6 }), rect(260, 740, 600, 14, C.navySoft), rect(280, 768, 560, 8, C.teal, { opacity: 0.7 }),
    rect(270, 620, 580, 120, 'url(#gSky)', { opacity: 0.35 }), rect(270, 620, 580, 120, 'none', { stroke: C.greyMid, strokeWidth: 4 }), rect(270, 694, 580, 4, C.greyMid),
    rect(320, 660, 70, 34, C.sun, { rx: 6 }), circ(460, 676, 18, C.coral), rect(520, 664, 60, 30, '#fff', { rx: 6 }), rect(640, 656, 40, 38, C.teal, { rx: 8 }), rect(730, 668, 70, 26, C.blueMid, { rx: 6 }),
    glassSheen(270, 620, 580, 120),
    cleaner(960, 880, 2.2, 3, { pose: 'wipe', flip: true, tool: [TOOLS.cloth(58, -104, C.aqua), TOOLS.spray(-22, -90, C.blueMid, false)] }),
    sparkles([[820, 640, 24], [600, 630, 18], [360, 700, 14], [160, 760, 16], [1100, 820, 14]]),
  ];
}
function laboratory(W, H) {
  const fy = 600;
  const colors = [C.teal, C.blueMid, C.coral, C.sun, C.purple];
  const glass = [];
  [150, 210, 260, 330, 390, 450].forEach((x, i) => glass.push(i % 2 ? flask(x, 300, 1.6, colors[i % 5]) : beaker(x, 300, 1.7, colors[(i + 2) % 5])));
  [620, 680, 740, 800].forEach((x, i) => glass.push(i % 2 ? beaker(x, 300, 1.6, colors[(i + 1) % 5]) : flask(x, 300, 1.5, colors[(i + 3) % 5])));
  const benchTop = fy + 40 - 194;
  return [
    room(W, H, fy, { wall: 'url(#gWallCool)', floor: 'url(#gFloor)', grid: { rows: 5, cols: 10, o: 0.4 } }),
    rect(100, 300, 760, 10, '#fff'), shelfUnit(100, 180, 760, 110, 1, { frame: '#fff', seed: 2, fills: [C.greyMid, C.blue, '#fff', C.aqua] }), glass,
    rect(900, 80, 260, fy - 80, '#e8eef2'), rect(920, 100, 220, 260, 'url(#gSky)', { opacity: 0.55 }), rect(920, 300, 220, 60, C.navy, { opacity: 0.15 }), rect(920, 100, 220, 260, 'none', { stroke: C.greyMid, strokeWidth: 6 }),
    rect(900, 60, 260, 30, C.teal), glassSheen(920, 100, 220, 260), flask(990, 360, 1.4, C.aqua), beaker(1050, 360, 1.4, C.sun),
    cabinetRun(60, fy + 40, 820, 180, { front: '#fff', top: C.ink, topH: 14, doors: 6, handle: C.teal }),
    rect(40, fy + 40, 840, 6, C.teal, { opacity: 0.5 }),
    place(160, benchTop, 1, false, [rect(-22, -22, 44, 22, C.ink, { rx: 4 }), line(0, -22, 12, -76, C.ink, 8), line(12, -76, 20, -100, C.greyDark, 8), rect(-20, -46, 50, 8, C.greyDark)]),
    flask(280, benchTop, 1.8, C.teal), beaker(340, benchTop, 2, C.blueMid), rect(390, benchTop - 26, 60, 26, '#fff', { stroke: C.grey, strokeWidth: 2, rx: 3 }),
    place(480, benchTop, 1, false, [rect(0, -36, 40, 36, C.greyMid, { rx: 3 }), ...[0, 1, 2, 3].map((i) => rect(4 + i * 9, -58, 6, 24, [C.coral, C.teal, C.sun, C.blueMid][i], { rx: 3 }))]),
    cabinetRun(900, fy + 40, 260, 180, { front: '#fff', top: C.ink, topH: 14, doors: 2, handle: C.teal }),
    cleaner(680, fy + 110, 1.95, 5, { pose: 'wipe', mask: true, gloves: '#9b8fe0', cap: 'bouffant', hairStyle: 'none', tool: TOOLS.cloth(58, -104, C.aqua) }),
    sparkles([[800, 430, 20], [560, 430, 14], [1000, 430, 16], [900, 780, 16], [300, 820, 14]]),
  ];
}

// --- equipment close-ups --------------------------------------------------
function floorScrubber(W, H) {
  const fy = 440;
  const shops = [0, 1, 2, 3].map((i) => [rect(40 + i * 290, 120, 260, fy - 130, 'url(#gSky)', { opacity: 0.6 }), rect(40 + i * 290, 100, 260, 26, [C.teal, C.navy, C.coral, C.sun][i]), glassSheen(40 + i * 290, 126, 260, fy - 136)]);
  const trail = [[0, 788], [470, 800], [470, 846], [0, 868]];
  return [
    room(W, H, fy, { wall: 'url(#gWallWarm)', floor: 'url(#gFloor)', grid: { rows: 7, cols: 10, o: 0.45 } }),
    shops, [40, 330, 620, 910, 1200].map((x) => rect(x - 14, 60, 28, fy - 60, '#fff')), rect(0, 40, W, 24, '#fff'), plant(180, fy + 10, 1.3, { kind: 'tall', pot: C.navy }), plant(1020, fy + 10, 1.3, { kind: 'tall', pot: C.navy }),
    reflection(40, fy + 4, 1120, 140, 0.3),
    poly(trail, '#cde6f1', { opacity: 0.55 }), poly(trail, 'url(#gFadeX)'),
    clipPoly(trail, [ell(330, 846, 40, 14, C.navy, { opacity: 0.18, filter: 'url(#blurM)' }), ell(390, 846, 26, 10, C.teal, { opacity: 0.2, filter: 'url(#blurM)' })]),
    cleaner(400, 820, 2.4, 5, { pose: 'push' }),
    scrubber(700, 830, 2.4),
    sparkles([[110, 800, 28], [300, 860, 18], [900, 600, 14], [980, 880, 14], [40, 860, 14], [500, 790, 12]]),
  ];
}
function carpetExtraction(W, H) {
  const fy = 380;
  const head = [560 + 20 * 2.6, 560 + 72 * 2.6];
  const stripe = (x0, x1, o) => poly([[x0, 862], [x1, 862], [x1 - (x1 - 600) * 0.75, fy], [x0 - (x0 - 600) * 0.75, fy]], '#fff', { opacity: o });
  const spots = [[900, 560, 40], [1030, 720, 60], [860, 830, 50], [1120, 520, 30], [1000, 440, 24]].map(([x, y, r]) => ell(x, y, r, r * 0.35, '#4a5b69', { opacity: 0.3, filter: 'url(#blur)' }));
  return [
    room(W, H, fy, { wall: 'url(#gWallCool)', floor: 'url(#gCarpet)', grid: { rows: 6, cols: 14, o: 0.1 } }),
    glassWindow(60, 60, 380, 260, { cols: 2, view: skyline(60, 330, 380, { seed: 61, hMin: 60, hMax: 220, band: 12 }) }),
    desk(620, 400, 300, { s: 1.3 }), desk(940, 400, 240, { s: 1.3, chair: C.teal }),
    spots,
    stripe(head[0], head[1], 0.16), stripe(head[0] - 140, head[0], 0.1), stripe(head[0] - 280, head[0] - 140, 0.16), stripe(head[0] - 420, head[0] - 280, 0.1),
    poly([[head[0], 862], [head[1], 862], [head[1] - 6, 820], [head[0] + 6, 820]], '#cfe6f2', { opacity: 0.35 }),
    extractor(200, 780, 2.3),
    path('M200,530Q250,430 420,520Q540,590 556,610', 'none', { stroke: C.ink, strokeWidth: 9, strokeLinecap: 'round' }),
    cleaner(560, 860, 2.6, 2, { pose: 'mop', tool: TOOLS.wand() }),
    sparkles([[420, 720, 24], [300, 860, 16], [640, 720, 18], [520, 560, 14], [180, 600, 14]]),
  ];
}
function pressureWasher(W, H) {
  const fy = 440;
  const pav = [];
  for (let i = 1; i <= 10; i++) { const y = fy + (H - fy) * (i / 10) ** 1.6; pav.push(line(0, y, W, y, '#8d8474', 2)); }
  for (let i = -10; i <= 22; i++) { const xb = i * 80; pav.push(line(W / 2 + (xb - W / 2) * 0.25, fy, xb, H, '#8d8474', 2)); }
  const cleanArea = `M0,${fy}L${W * 0.55},${fy}Q${W * 0.6},${fy + 200} ${W * 0.74},${H}L0,${H}Z`;
  const id = uid('c');
  return [
    rect(0, 0, W, fy, 'url(#gSky)'), sunDisc(1020, 90, 34), cloud(300, 90, 1), cloud(820, 60, 0.8),
    rect(60, 120, 1080, fy - 120, '#f6f1e7'), rect(60, 110, 1080, 24, C.navy), rect(120, 190, 200, fy - 190, 'url(#gScreen)', { opacity: 0.8 }), glassSheen(120, 190, 200, fy - 190),
    rect(380, 190, 360, 150, 'url(#gScreen)', { opacity: 0.75 }), glassSheen(380, 190, 360, 150), rect(800, 190, 280, 150, 'url(#gScreen)', { opacity: 0.75 }),
    path('M360,170L760,170L780,210L340,210Z', C.teal), ...Array.from({ length: 10 }, (_, i) => rect(344 + i * 44, 200, 22, 10, '#fff', { opacity: 0.8 })),
    palm(60, fy, 1.8, 18), palm(1150, fy, 1.6, -16), rect(380, 360, 360, 70, C.woodLight), plant(440, 432, 1, { kind: 'tall', pot: C.navy }), plant(680, 432, 1, { kind: 'tall', pot: C.navy }),
    rect(0, fy, W, H - fy, '#b7aa93'), ...[[200, 560, 90], [900, 620, 120], [1050, 800, 80], [760, 860, 60]].map(([x, y, r]) => ell(x, y, r, r * 0.3, '#8e8168', { opacity: 0.45, filter: 'url(#blurM)' })),
    `<clipPath id="${id}"><path d="${cleanArea}"/></clipPath>`, g([rect(0, fy, W, H - fy, 'url(#gSand)'), rect(0, fy, W, 160, 'url(#gShine)', { opacity: 0.35 })], { clipPath: `url(#${id})` }),
    g(pav, { opacity: 0.45 }),
    place(190, 820, 2.2, false, [shade(0, -2, 64, 6, 0.3), line(40, -40, 74, -134, C.greyDark, 5), rect(62, -142, 28, 9, C.ink, { rx: 4 }), rect(-56, -40, 112, 8, C.greyDark, { rx: 4 }),
      rect(-50, -76, 62, 38, C.sun, { rx: 8 }), rect(-44, -100, 48, 26, C.ink, { rx: 6 }), circ(-20, -60, 9, C.ink), circ(-20, -60, 4, C.greyMid), rect(16, -64, 30, 24, C.greyDark, { rx: 4 }),
      circ(30, -86, 18, C.teal), circ(30, -86, 12, C.ink, { opacity: 0.6 }), circ(30, -86, 4, C.greyMid),
      circ(-36, -14, 14, C.ink), circ(36, -14, 14, C.ink), circ(-36, -14, 5, C.greyMid), circ(36, -14, 5, C.greyMid)]),
    path('M330,700Q420,780 560,700Q640,650 680,640', 'none', { stroke: C.ink, strokeWidth: 5, strokeLinecap: 'round' }),
    cleaner(640, 860, 2.5, 1, { pose: 'lance', vest: '#c8f03c', cap: C.navy, tool: TOOLS.lance() }),
    ...Array.from({ length: 18 }, (_, i) => circ(870 + ((i * 47) % 160), 760 + ((i * 31) % 120), 3 + (i % 3), '#fff', { opacity: 0.8 })),
    sparkles([[300, 620, 18], [120, 720, 14], [540, 560, 14]]),
  ];
}

// --- exteriors & concepts ---------------------------------------------------
function aboutTeam(W, H) {
  const gy = 900;
  return [
    rect(0, 0, W, gy, 'url(#gSky)'), sunDisc(1400, 170, 44), cloud(300, 140, 1.2), cloud(1000, 110, 0.9),
    rect(80, 160, 760, gy - 160, C.navySoft), ...Array.from({ length: 6 }, (_, r) => Array.from({ length: 6 }, (_, c) => rect(110 + c * 122, 190 + r * 110, 106, 92, 'url(#gSky)', { opacity: 0.85 }))), glassSheen(80, 160, 760, gy - 160),
    rect(880, 380, 620, gy - 380, C.cream), ...Array.from({ length: 3 }, (_, r) => Array.from({ length: 5 }, (_, c) => rect(910 + c * 118, 410 + r * 120, 96, 90, 'url(#gScreen)', { opacity: 0.7 }))),
    tree(60, gy, 3), tree(1540, gy, 3.2, { c1: C.leafDark }), plant(870, gy, 1.6, { kind: 'tall', pot: C.navy }),
    rect(0, gy, W, H - gy, '#d5dde3'), rect(0, gy, W, 16, '#bfcad2'), line(0, gy + 120, W, gy + 120, '#fff', 4, { opacity: 0.6 }),
    van(560, gy + 40, 1.85),
    cleaner(180, 1050, 2.75, 0, { pose: 'hips' }), cleaner(360, 1066, 2.85, 2, { pose: 'cross' }), cleaner(530, 1058, 2.8, 4, { pose: 'hold', tool: TOOLS.clipboard() }),
    cleaner(1450, 1050, 2.75, 1, { pose: 'wave', flip: true }), cleaner(1270, 1068, 2.85, 5, { pose: 'stand', tool: TOOLS.spray(22, -88, C.teal, false) }),
    sparkles([[1020, 520, 24], [760, 360, 18], [1470, 640, 16], [300, 560, 14]]),
  ];
}
function howItWorks(W, H) {
  const fy = 900;
  const rows = [0, 1, 2, 3].map((i) => [tick(1010, 300 + i * 62, 16), rect(1040, 292 + i * 62, 180 - (i % 2) * 50, 16, C.grey, { rx: 8 })]);
  const cal = [];
  for (let r = 0; r < 4; r++) for (let c = 0; c < 5; c++) cal.push(rect(1130 + c * 52, 640 + r * 44, 40, 34, [1, 7, 13, 16].includes(r * 5 + c) ? C.teal : C.skyPale, { rx: 6 }));
  return [
    rect(0, 0, W, H, 'url(#gWallWarm)'), circ(1200, 480, 420, C.aquaPale, { opacity: 0.8 }), circ(260, 300, 200, C.sunPale, { opacity: 0.6 }), circ(560, 980, 300, C.skyPale),
    rect(0, fy, W, H - fy, '#e9e2d4'),
    path('M560,300C760,200 860,260 960,300M1180,500C1300,560 1260,600 1200,620', 'none', { stroke: C.teal, strokeWidth: 5, strokeDasharray: '4 16', strokeLinecap: 'round' }),
    card(960, 230, 320, 270, [rect(990, 250, 120, 14, C.navy, { rx: 7, opacity: 0.8 }), rows]),
    card(1100, 560, 320, 260, [rect(1100, 560, 320, 60, C.navy, { rx: 22 }), rect(1100, 600, 320, 20, C.navy), cal, circ(1150, 590, 8, '#fff'), circ(1370, 590, 8, '#fff')]),
    card(600, 120, 320, 120, [star(650, 180, 24), star(705, 180, 24), star(760, 180, 24), star(815, 180, 24), star(870, 180, 24)]),
    plant(120, fy + 10, 2.6, { kind: 'tall', pot: C.navy }),
    person(360, 960, 3.2, { pose: 'shake', skin: SKIN[0], hair: HAIR[4], hairStyle: 'short', shirt: C.navy, pants: C.ink, sleeves: 'long', logo: false }),
    cleaner(660, 960, 3.2, 3, { pose: 'shake', flip: true, tool: TOOLS.tablet() }),
    sparkles([[960, 200, 26], [1440, 540, 18], [500, 180, 16], [860, 560, 14]]),
  ];
}
function officeCutaway(W, H) {
  const gy = 1000, bx = 260, bw = 1080, fh = 220;
  const floors = [gy - fh * 4, gy - fh * 3, gy - fh * 2, gy - fh];
  const walls = ['#fbf8f2', '#eef6f8', '#f4f1ea', '#eef6f4'];
  const inner = floors.map((top, i) => [rect(bx + 30, top + 16, bw - 60, fh - 16, walls[i]), rect(bx + 30, top + fh - 30, bw - 60, 30, '#e3e9ed'), rect(bx + 30, top + fh - 32, bw - 60, 4, C.navy, { opacity: 0.1 })]);
  const s = 0.95;
  const [f0, f1, f2, f3] = floors.map((t) => t + fh - 16); // floor line of each level
  return [
    rect(0, 0, W, gy, 'url(#gSky)'), sunDisc(1420, 140, 44), cloud(160, 160, 1.1), cloud(1460, 320, 0.8),
    skyline(0, gy, W, { seed: 91, hMin: 200, hMax: 600, fills: HAZE, band: 0, maxW: 120 }),
    rect(0, gy, W, H - gy, '#cfd9df'), rect(0, gy, W, 18, '#b8c5ce'),
    shade(bx + bw / 2, gy + 6, bw * 0.55, 12, 0.3),
    rect(bx, floors[0] - 20, bw, gy - floors[0] + 20, C.navy), inner,
    floors.map((top) => rect(bx, top, bw, 16, C.navySoft)), rect(bx + 380, floors[0] - 80, 200, 60, C.navySoft), rect(bx + 620, floors[0] - 60, 90, 40, C.greyMid),
    // top floor: boardroom
    rect(bx + 260, floors[0] + 40, 180, 90, C.ink, { rx: 4 }), rect(bx + 266, floors[0] + 46, 168, 78, 'url(#gScreen)'), pline([[bx + 280, floors[0] + 110], [bx + 320, floors[0] + 80], [bx + 360, floors[0] + 96], [bx + 420, floors[0] + 60]], C.aqua, 3),
    [bx + 170, bx + 290, bx + 410, bx + 530].map((x) => rect(x - 22, f0 - 92, 44, 62, C.navy, { rx: 10 })),
    rect(bx + 130, f0 - 56, 8, 56, C.greyDark), rect(bx + 562, f0 - 56, 8, 56, C.greyDark), rect(bx + 120, f0 - 62, 460, 12, C.woodLight, { rx: 5 }),
    [bx + 230, bx + 470].map((x) => officeChair(x, f0 + 4, 0.75, C.navySoft)),
    cleaner(bx + 760, f0, s, 4, { pose: 'polish', tool: TOOLS.cloth(50, -152, C.aqua) }),
    glassWindow(bx + 800, floors[0] + 40, 220, 130, { cols: 2, fw: 6, sill: false, view: skyline(bx + 800, floors[0] + 176, 220, { seed: 2, hMin: 40, hMax: 110, band: 10 }) }),
    // level 3: open office, vacuum
    desk(bx + 80, f1, 220, { s: 1 }), desk(bx + 320, f1, 220, { s: 1, chair: C.teal }),
    cleaner(bx + 700, f1, s, 2, { pose: 'mop', tool: TOOLS.vacuum(), behind: TOOLS.vacuumPack() }), plant(bx + 960, f1, 1.1, { kind: 'tall', pot: C.navy }),
    // level 2: staff kitchen
    rect(bx + 80, f2 - 136, 420, 60, C.aquaPale), cabinetRun(bx + 80, f2 - 136, 420, 44, { doors: 4, top: '#fff', topH: 0 }), cabinetRun(bx + 80, f2, 420, 70, { doors: 4, top: '#e9edf0' }),
    rect(bx + 250, f2 - 92, 40, 8, C.greyMid), rect(bx + 130, f2 - 108, 30, 24, C.ink, { rx: 3 }), rect(bx + 400, f2 - 100, 36, 16, C.teal, { rx: 3 }),
    rect(bx + 560, f2 - 160, 90, 160, '#e3e9ee', { rx: 6 }), line(bx + 560, f2 - 108, bx + 650, f2 - 108, C.greyMid, 2),
    cleaner(bx + 800, f2, s, 1, { pose: 'mop', tool: TOOLS.mop() }), wetSign(bx + 950, f2, 0.9),
    // ground: lobby
    rect(bx + 60, floors[3] + 40, 300, fh - 56, 'url(#gSky)', { opacity: 0.8 }), line(bx + 210, floors[3] + 40, bx + 210, f3, '#fff', 6), glassSheen(bx + 60, floors[3] + 40, 300, fh - 56),
    rect(bx + 460, f3 - 84, 200, 84, '#fff'), rect(bx + 452, f3 - 92, 216, 12, C.teal, { rx: 4 }),
    cleaner(bx + 740, f3, s, 0, { pose: 'push' }), trolley(bx + 740 + 38 * s + 92 * 0.85, f3, 0.85, true),
    tree(120, gy, 2.6), tree(1480, gy, 2.8, { c1: C.leafDark }), plant(bx - 40, gy, 1.3, { kind: 'tall', pot: C.navy }),
    sparkles([[bx + 540, f0 - 70, 16], [bx + 980, f2 - 30, 14], [bx + 430, f1 - 30, 14], [1520, 600, 18], [160, 520, 16]]),
  ];
}
function warehouse(W, H) {
  const fy = 640;
  const racks = [];
  for (const [x0, n] of [[40, 3], [1000, 2]]) {
    for (let i = 0; i <= n; i++) racks.push(rect(x0 + i * 180, 120, 12, fy - 120, C.navySoft));
    for (let lv = 0; lv < 4; lv++) {
      const y = 200 + lv * 130;
      racks.push(rect(x0, y, n * 180 + 12, 12, C.coral));
      for (let i = 0; i < n; i++) for (let b = 0; b < 2; b++) racks.push(rect(x0 + i * 180 + 22 + b * 78, y - 82 + ((i + lv + b) % 2) * 14, 70, 82 - ((i + lv + b) % 2) * 14, C.sandDark), rect(x0 + i * 180 + 22 + b * 78, y - 40, 70, 6, C.woodDark, { opacity: 0.35 }));
    }
  }
  return [
    room(W, H, fy, { wall: 'url(#gWallCool)', floor: 'url(#gFloor)', skirt: C.greyMid }),
    Array.from({ length: 4 }, (_, i) => rect(620 + i * 90, 60, 60, 30, 'url(#gSky)')), rect(0, 0, W, 40, C.greyMid), rect(0, 40, W, 8, C.greyDark, { opacity: 0.3 }),
    racks, rect(600, 200, 360, 440, '#dfe8ee'), rect(640, 260, 280, 380, C.greyMid), Array.from({ length: 12 }, (_, i) => rect(640, 270 + i * 30, 280, 3, '#fff', { opacity: 0.4 })),
    line(0, 760, W, 740, C.sun, 10), line(0, 1050, W, 1030, C.sun, 10),
    poly([[0, 820], [860, 810], [860, 980], [0, 1000]], 'url(#gShine)', { opacity: 0.5 }),
    place(1000, 1000, 2.6, false, [
      shade(0, -2, 100, 8, 0.3), path('M-80,-20L-80,-90Q-80,-104 -66,-104L60,-104Q80,-104 84,-84L92,-20Z', 'url(#gTeal)'), rect(-80, -60, 172, 14, C.navy, { opacity: 0.2 }),
      rect(-60, -124, 70, 24, C.navy, { rx: 8 }), rect(-56, -168, 16, 50, C.navy, { rx: 6 }), line(40, -104, 54, -150, C.greyDark, 6), ell(52, -152, 18, 5, C.ink),
      rect(60, -40, 50, 26, C.ink, { rx: 8 }), circ(-50, -18, 20, C.ink), circ(-50, -18, 8, C.greyMid), circ(60, -16, 16, C.ink), rect(-100, -14, 24, 10, C.greyDark, { rx: 4 }), circ(60, -110, 6, C.sun),
    ]),
    person(1000 - 20 * 2.6, 1000 - 124 * 2.6 + 90 * 2.6, 2.6, { ...CREW[5], pose: 'sit', vest: '#ff9a3c', cap: C.sun, shadow: false }),
    cleaner(320, 1020, 2.9, 1, { pose: 'mop', vest: '#c8f03c', tool: TOOLS.mop(C.teal) }),
    sparkles([[200, 900, 22], [600, 940, 16], [1360, 860, 14], [780, 860, 14]]),
  ];
}
function carpetAndFloor(W, H) {
  const fy = 620, split = 700;
  const stripes = Array.from({ length: 5 }, (_, i) => poly([[140 + i * 130, fy], [200 + i * 130, fy], [60 + i * 170, H], [0 + i * 170, H]], '#fff', { opacity: i % 2 ? 0.04 : 0.12 }));
  return [
    room(W, H, fy, { wall: 'url(#gWallWarm)', floor: 'url(#gCarpet)', grid: { rows: 6, cols: 16, o: 0.1 } }),
    clipPoly([[split, fy], [W, fy], [W, H], [split + 260, H]], [rect(0, fy, W, H - fy, 'url(#gFloor)'), floorGrid(W, H, fy, { rows: 6, cols: 10, o: 0.5 })]), poly([[split, fy], [split + 14, fy], [split + 280, H], [split + 260, H]], C.greyMid),
    stripes,
    glassWindow(90, 100, 560, 420, { cols: 2, view: skyline(90, 530, 560, { seed: 12, hMin: 100, hMax: 360, band: 14 }) }), reflection(100, fy + 2, 540, 180, 0.2),
    rect(940, 150, 200, fy - 150, C.navySoft), rect(960, 170, 160, fy - 170, C.navy), circ(1100, 400, 7, C.sun),
    wallArt(1220, 180, 260, 190),
    reflection(940, fy + 2, 200, 300, 0.35), reflection(1200, fy + 2, 300, 260, 0.25),
    poly([[1000, 880], [W, 860], [W, 1100], [1120, 1100]], 'url(#gShine)', { opacity: 0.55 }),
    cleaner(400, 1010, 3, 3, { pose: 'mop', tool: TOOLS.vacuum(), behind: TOOLS.vacuumPack() }),
    rotaryMachine(1110, 1030, 2.8, true), cleaner(1110 + 74 * 2.8 + 38 * 3, 1012, 3, 5, { pose: 'push', flip: true }),
    sparkles([[1330, 960, 26], [1480, 880, 18], [1200, 1060, 16], [560, 1040, 18], [240, 860, 14]]),
  ];
}
function windowCleaning(W, H) {
  const fx = 300, fw = 640;
  const panes = [];
  for (let r = 0; r < 9; r++) for (let c = 0; c < 5; c++) {
    const x = fx + 20 + c * 122, y = 60 + r * 104, dirty = r >= 5;
    panes.push(rect(x, y, 112, 94, dirty ? '#a7c2d3' : 'url(#gSky)'), dirty ? '' : glassSheen(x, y, 112, 94));
    if (dirty) panes.push(ell(x + 30 + ((r * 37 + c * 13) % 50), y + 30 + ((c * 29) % 40), 22, 8, '#8ea6b5', { opacity: 0.45, filter: 'url(#blur)' }));
  }
  const crew = [cleaner(560, 600, 1.55, 1, { pose: 'reach', cap: C.sun, tool: TOOLS.squeegee(30, -188) }), cleaner(760, 600, 1.55, 2, { pose: 'reach2', cap: C.sun, flip: true, tool: TOOLS.squeegee(36, -182) })];
  return [
    rect(0, 0, W, H, 'url(#gSky)'), sunDisc(1080, 120, 40), cloud(140, 120, 1), cloud(1080, 330, 0.8),
    skyline(0, H, 300, { seed: 71, hMin: 400, hMax: 760, fills: HAZE, band: 0 }), skyline(960, H, 260, { seed: 73, hMin: 360, hMax: 700, fills: CITY, band: 18 }),
    rect(fx, 40, fw, H, C.navy), panes, rect(fx - 20, 20, fw + 40, 30, C.navySoft),
    rect(fx + 110, -10, 14, 34, C.greyDark), rect(fx + 516, -10, 14, 34, C.greyDark), line(fx + 100, 4, fx + 540, 4, C.greyDark, 12),
    line(fx + 140, 4, fx + 140, 590, C.ink, 3), line(fx + 500, 4, fx + 500, 590, C.ink, 3),
    pline([[fx + 260, 4], [fx + 262, 300], [fx + 256, 440]], C.coral, 2.5), pline([[fx + 380, 4], [fx + 378, 300], [fx + 384, 430]], C.coral, 2.5),
    cradle(fx + 120, 600, 400, 1.55, crew),
    sparkles([[420, 200, 24], [700, 120, 18], [860, 320, 20], [560, 300, 14], [360, 470, 14], [880, 500, 12]]),
    tree(120, H + 40, 3), tree(1120, H + 60, 3.4, { c1: C.leafDark }),
  ];
}

// --- locations ------------------------------------------------------------
function brisbane(W, H) {
  const river = 'M0,700C300,640 600,700 900,690C1150,682 1350,650 1600,660L1600,1000L0,1000Z';
  return [
    rect(0, 0, W, H, 'url(#gSkyWarm)'), sunDisc(1300, 220, 46), cloud(260, 150, 1.3), cloud(900, 110, 1), cloud(1480, 380, 0.7, 0.7),
    hills(W, 620, 60, 3, '#a9cbb9', { o: 0.7 }),
    skyline(380, 650, 900, { seed: 101, hMin: 120, hMax: 420, fills: HAZE, band: 0, maxW: 90 }),
    skyline(480, 672, 700, { seed: 107, hMin: 80, hMax: 360, band: 16 }),
    rect(0, 640, W, 40, 'url(#gGrass)'), [60, 200, 1350, 1500].map((x, i) => tree(x, 670, 1.3, { c1: i % 2 ? C.purple : C.leaf, c2: i % 2 ? '#c3b0ec' : C.leafLight })),
    path(river, 'url(#gWater)'), waves(0, 730, W, 6, 34, '#fff', 0.4),
    trussBridge(-40, 700, 980, 260, '#2f5b78'),
    path('M0,860C200,830 420,900 560,1000L0,1000Z', 'url(#gGrass)'), path('M1600,820C1400,830 1250,900 1180,1000L1600,1000Z', 'url(#gGrass)'),
    tree(90, 930, 2.4, { c1: C.purple, c2: '#c3b0ec' }), tree(300, 980, 2, { c1: '#8a6cc8', c2: '#c3b0ec' }), palm(1450, 960, 1.8, -14), tree(1290, 990, 2.2, { c1: C.leafDark }),
    place(1000, 820, 1.4, false, [shade(0, 6, 80, 6, 0.2), path('M-60,0L60,0L70,-14L-70,-14Z', '#fff'), rect(-44, -32, 80, 18, '#fff', { rx: 4 }), rect(-38, -28, 68, 8, 'url(#gScreen)'), rect(-70, -10, 140, 4, C.teal), path('M-80,4L-200,10L-80,8Z', '#fff', { opacity: 0.6 })]),
  ];
}
function goldCoast(W, H) {
  const base = 612;
  const towers = (seed, scale, fills, haze) => {
    const r = rng(seed);
    const out = [];
    let x = -20 + r() * 40;
    while (x < W) {
      const w = (46 + r() * 46) * scale;
      const peak = x > 420 && x < 900 ? 1.35 : x > 1300 ? 0.7 : 1;
      const h = (150 + r() * 250) * peak * scale;
      const glass = r() < 0.35;
      out.push(rect(x, base - h, w, h + 2, glass ? '#8ec3dd' : fills[Math.floor(r() * fills.length)]), rect(x + w * 0.66, base - h, w * 0.34, h, C.navy, { opacity: 0.08 }));
      if (!haze) for (let y = base - h + 12; y < base - 8; y += 14) out.push(rect(x + 5, y, w - 10, glass ? 2 : 5, glass ? '#fff' : C.blueMid, { opacity: glass ? 0.5 : 0.4 }));
      if (r() < 0.25) out.push(path(`M${x},${base - h}L${x + w / 2},${base - h - w * 0.4}L${x + w},${base - h}Z`, glass ? '#8ec3dd' : fills[0]));
      x += w + (haze ? 6 : 30 + r() * 50) * scale;
    }
    return out;
  };
  return [
    rect(0, 0, W, H, 'url(#gSky)'), sunDisc(1380, 160, 40), cloud(230, 120, 1.2), cloud(1040, 150, 0.9),
    hills(W, 560, 90, 7, '#a6cbbf', { o: 0.8, wav: 3 }),
    towers(211, 0.9, HAZE, true),
    towers(202, 1, ['#ffffff', '#eef4f8', '#f6efe3', '#e2edf4'], false),
    place(690, base, 1, false, [rect(-34, -520, 68, 520, '#eef4f8'), path('M-34,-520L0,-560L34,-520Z', '#dfe9f0'), rect(8, -520, 26, 520, C.navy, { opacity: 0.08 }), line(0, -556, 0, -592, C.greyMid, 5), ...Array.from({ length: 34 }, (_, i) => rect(-28, -510 + i * 15, 56, 5, C.blueMid, { opacity: 0.5 }))]),
    [120, 460, 900, 1260].map((px, i) => palm(px, 650, 1.1, i % 2 ? 12 : -12)),
    rect(0, base - 4, W, 90, 'url(#gSand)'), [300, 700, 1180].map((ux) => [path(`M${ux - 30},652A30,14 0 0 1 ${ux + 30},652Z`, C.coral), line(ux, 652, ux, 678, C.greyDark, 2)]),
    path('M0,690Q400,676 800,690T1600,684L1600,720Q1200,706 800,722T0,718Z', '#fff', { opacity: 0.95 }),
    rect(0, 712, W, H - 712, 'url(#gSea)'), waves(0, 760, W, 7, 34, '#fff', 0.45),
    place(1080, 880, 1.1, false, [path('M-70,0Q0,-16 70,0Q0,10 -70,0Z', C.sun), person(0, -2, 0.6, { ...CREW[1], pose: 'hips', shirt: C.navy, logo: false, shadow: false })]),
    [560, 580].map((fx, i) => [line(fx, 650, fx, 600, C.greyDark, 3), path(`M${fx},600L${fx + 30},606L${fx},614Z`, i ? C.sun : '#e04a3a'), path(`M${fx},606L${fx + 30},606L${fx},614Z`, i ? '#e04a3a' : C.sun)]),
  ];
}
function sunshineCoast(W, H) {
  // hazy volcanic plugs in the spirit of the Glass House Mountains
  const plug = (x, b, w, h, lean = 0) => {
    const top = `${x - w * 0.28 + lean},${b - h * 0.93}Q${x + lean * 0.5},${b - h * 1.05} ${x + w * 0.22 + lean},${b - h * 0.9}`;
    return [
      path(`M${x - w * 1.6},${b}Q${x - w},${b - h * 0.3} ${x - w * 0.55},${b - h * 0.55}L${x - w * 0.4},${b - h * 0.8}L${top}L${x + w * 0.42},${b - h * 0.55}Q${x + w},${b - h * 0.3} ${x + w * 1.6},${b}Z`, '#8fb0be'),
      path(`M${x + lean * 0.5},${b - h * 1.0}L${x + w * 0.22 + lean},${b - h * 0.9}L${x + w * 0.42},${b - h * 0.55}Q${x + w},${b - h * 0.3} ${x + w * 1.6},${b}L${x + w * 0.2},${b}L${x + w * 0.05},${b - h * 0.5}Z`, '#6f93a5', { opacity: 0.55 }),
      path(`M${x - w * 0.4},${b - h * 0.8}L${x - w * 0.2},${b - h * 0.55}L${x - w * 0.32},${b - h * 0.3}`, 'none', { stroke: '#b7cfd9', strokeWidth: 3, strokeLinecap: 'round' }),
    ];
  };
  return [
    rect(0, 0, W, H, 'url(#gSkyWarm)'), sunDisc(1240, 200, 40), cloud(420, 120, 1.2), cloud(1420, 300, 0.8, 0.8),
    g([plug(150, 640, 80, 230, -10), plug(340, 640, 60, 170, 8), plug(520, 640, 70, 260, -6), plug(700, 640, 90, 150, 10), plug(860, 640, 44, 110)], { opacity: 0.85 }),
    hills(W, 620, 70, 9, '#8fbf94', { wav: 2.5 }), hills(W, 670, 50, 13, 'url(#gHill)', { wav: 3.5 }),
    skyline(700, 692, 520, { seed: 303, hMin: 30, hMax: 110, fills: ['#fff', '#f4efe6', '#e6eff4'], band: 10, bandO: 0, gap: 14 }),
    [720, 860, 1000, 1160].map((x) => tree(x, 700, 0.6, { c1: C.leafDark })),
    rect(0, 690, W, 16, 'url(#gGrass)'),
    path('M1180,704Q1300,600 1460,620Q1560,630 1600,600L1600,760L1180,760Z', '#6f9f73'), rect(1450, 560, 18, 62, '#fff'), path('M1444,560L1459,538L1474,560Z', '#e04a3a'),
    rect(0, 702, W, H - 702, 'url(#gSea)'), waves(0, 740, W, 6, 30, '#fff', 0.45),
    path('M0,820Q500,790 900,840T1600,900L1600,1000L0,1000Z', 'url(#gSand)'), path('M0,818Q500,788 900,838T1600,898L1600,910Q1200,850 900,852T0,832Z', '#fff', { opacity: 0.9 }),
    palm(160, 990, 2, 20), palm(290, 1000, 1.5, -24),
    [1100, 1130].map((fx, i) => [line(fx, 900, fx, 820, C.greyDark, 3), path(`M${fx},820L${fx + 40},828L${fx},838Z`, i ? C.sun : '#e04a3a'), path(`M${fx},828L${fx + 40},828L${fx},838Z`, i ? '#e04a3a' : C.sun)]),
    person(760, 930, 0.9, { ...CREW[4], pose: 'walk', shirt: C.coral, logo: false }), person(820, 940, 0.85, { ...CREW[5], pose: 'walk', shirt: C.blueMid, logo: false }),
  ];
}
function regional(W, H) {
  const rows = [];
  for (let i = -12; i <= 30; i++) rows.push(line(800 + i * 18, 640, i * 110 - 400, H, C.leafDark, 8, { opacity: 0.35 }));
  const cane = [];
  const r = rng(77);
  for (let x = 0; x < W; x += 14) cane.push(leaf(x, 648, 26 + r() * 16, -14 + r() * 28, 4, r() < 0.5 ? C.leaf : C.leafDark));
  return [
    rect(0, 0, W, H, 'url(#gSkyWarm)'), sunDisc(1420, 200, 40), cloud(300, 140, 1.1), cloud(900, 90, 0.8),
    hills(W, 520, 180, 31, '#a7b8d4', { wav: 2, o: 0.85 }), hills(W, 580, 130, 37, '#8fae9f', { wav: 3 }),
    rect(0, 560, W, 90, 'url(#gGrass)'),
    // sugar mill: sheds, tanks and a tall stack with steam
    rect(1000, 480, 260, 110, '#d9cfc0'), path('M990,480L1080,440L1170,480Z', '#9fb4c2'), path('M1140,480L1200,452L1270,480Z', '#b3c4cf'), rect(1020, 510, 220, 10, C.coral, { opacity: 0.6 }),
    rect(1180, 300, 34, 290, '#b8876a'), rect(1176, 296, 42, 12, '#8f6550'), ...[0, 1, 2].map((i) => rect(1180, 360 + i * 70, 34, 6, '#8f6550', { opacity: 0.5 })),
    circ(1200, 270, 26, '#fff', { opacity: 0.8 }), circ(1230, 236, 36, '#fff', { opacity: 0.6 }), circ(1276, 200, 46, '#fff', { opacity: 0.45 }),
    rect(1050, 520, 50, 70, '#c9d3da', { rx: 22 }), rect(1110, 530, 50, 60, '#c9d3da', { rx: 22 }),
    rect(1330, 440, 10, 150, C.greyDark), rect(1370, 440, 10, 150, C.greyDark), ell(1355, 430, 50, 26, C.greyMid), rect(1305, 405, 100, 30, '#c9d3da', { rx: 10 }),
    queenslander(300, 600, 1.3), queenslander(560, 610, 1.1, { roof: C.coral, trim: C.navy }), queenslander(820, 605, 1, { trim: C.sun }),
    tree(160, 600, 1.2), tree(700, 600, 1.1, { c1: C.leafDark }), tree(940, 600, 1.3),
    rect(0, 640, W, H - 640, 'url(#gGrass)'), g(rows), cane,
    path('M760,640Q700,760 520,1000L700,1000Q800,780 800,640Z', '#c9b99c'), path('M780,640Q760,780 610,1000', 'none', { stroke: '#fff', strokeWidth: 4, strokeDasharray: '24 22', opacity: 0.7 }),
    rect(0, 700, W, 8, C.woodDark, { opacity: 0.6 }), place(1200, 700, 1.3, false, [rect(0, -40, 70, 34, C.sun, { rx: 4 }), rect(40, -56, 26, 18, C.sun), ...[0, 1, 2, 3].map((i) => [rect(80 + i * 66, -34, 58, 28, '#7a5a3a'), rect(80 + i * 66, -40, 58, 8, C.leaf)]), ...[10, 56, 100, 140, 170, 210, 236, 276, 300].map((wx) => circ(wx, -4, 6, C.ink))]),
  ];
}
// --- regional scenes, one per kind of country the regional location pages cover
function rainforestRange(W, base, seed, fill, amp = 220) {
  // a steep green range with a fringe of canopy bumps along its crest
  const r = rng(seed);
  const crest = [];
  for (let x = 0; x <= W; x += 20) crest.push([x, base - amp * (0.6 + 0.4 * Math.sin(x / 260 + seed) * Math.cos(x / 610)) - r() * 14]);
  const bumps = crest.filter((_, i) => i % 2 === 0).map(([x, y]) => circ(x, y + 6, 16 + r() * 10, fill));
  return [path(`M0,${base + 400} L${crest.map(([x, y]) => `${r1(x)},${r1(y)}`).join(' L')} L${W},${base + 400}Z`, fill), bumps];
}
function boat(x, y, s = 1, { hull = '#fff', trim = C.teal, flip = false } = {}) {
  return place(x, y, s, flip, [path('M-80,0L80,0L64,22L-66,22Z', hull), rect(-80, 0, 160, 5, trim), rect(-40, -26, 70, 26, '#fff', { rx: 6 }), rect(-32, -20, 54, 9, 'url(#gScreen)'), line(4, -26, 4, -110, C.greyDark, 3), path('M8,-104L8,-34L62,-34Z', '#fff', { opacity: 0.9 })]);
}
function tropicalNorth(W, H) {
  // Cairns and Townsville: rainforest ranges behind a palm-lined esplanade, reef-blue water, a marina
  return [
    rect(0, 0, W, H, 'url(#gSky)'), sunDisc(1260, 170, 42), cloud(300, 140, 1.3), cloud(820, 210, 0.9, 0.8), cloud(1500, 120, 0.8, 0.7),
    g(rainforestRange(W, 470, 3, '#7fae97'), { opacity: 0.75 }), rainforestRange(W, 560, 5, '#3f8f63', 180),
    skyline(420, 640, 700, { seed: 404, hMin: 40, hMax: 200, fills: ['#ffffff', '#eef4f8', '#f6efe3'], band: 12, bandO: 0.1, gap: 10 }),
    rect(0, 632, W, 24, 'url(#gGrass)'),
    rect(0, 652, W, H - 652, 'url(#gSea)'), path('M0,700Q500,660 1000,720T1600,700L1600,760Q1100,730 800,770T0,760Z', '#5fd3c6', { opacity: 0.45 }), waves(0, 720, W, 7, 34, '#fff', 0.4),
    // marina pontoon and boats
    rect(980, 740, 560, 12, C.woodLight), ...[1000, 1120, 1240, 1360, 1480].map((px) => rect(px, 740, 8, 44, C.woodDark)),
    boat(1080, 720, 0.9), boat(1300, 716, 1, { trim: C.coral }), boat(1470, 722, 0.8, { trim: C.navy, flip: true }),
    // esplanade lawn and palms in the foreground
    path('M0,860Q300,820 700,850T1000,1000L0,1000Z', 'url(#gGrass)'), path('M0,900Q340,860 640,890', 'none', { stroke: C.sand, strokeWidth: 16, strokeLinecap: 'round' }),
    palm(120, 990, 2.1, 18), palm(330, 960, 1.6, -16), palm(560, 930, 1.3, 12), palm(1540, 1000, 1.9, -20),
    person(420, 900, 0.8, { ...CREW[2], pose: 'walk', shirt: C.coral, logo: false }),
  ];
}
function whaleBay(W, H) {
  // Hervey Bay: a calm, sheltered bay, a long timber pier and a humpback's tail in the water
  const pier = [];
  for (let i = 0; i < 26; i++) { const px = 560 + i * 40, py = 720 - i * 2.4; pier.push(rect(px, py, 6, 36 - i * 0.6, C.woodDark)); }
  return [
    rect(0, 0, W, H, 'url(#gSkyWarm)'), sunDisc(420, 230, 46), cloud(980, 130, 1.1), cloud(1420, 220, 0.8, 0.8),
    hills(W, 600, 40, 41, '#9cbcbc', { wav: 1.6, o: 0.6 }),
    rect(0, 596, W, H - 596, 'url(#gSea)'), path('M0,640Q800,610 1600,640L1600,690Q800,660 0,690Z', '#5fd3c6', { opacity: 0.35 }), waves(0, 660, W, 7, 30, '#fff', 0.35),
    g(pier), path('M560,722L1600,658L1600,668L560,732Z', C.woodLight),
    place(1180, 780, 1.2, false, [path('M0,0Q-20,-40 -70,-70Q-30,-60 0,-34Q30,-60 70,-70Q20,-40 0,0Z', '#2d4a5e'), ell(0, 2, 60, 8, '#fff', { opacity: 0.6 })]),
    ...[1080, 1120, 1290].map((sx, i) => circ(sx, 760 - i * 8, 6 + i * 2, '#fff', { opacity: 0.5 })),
    path('M0,840Q400,800 800,850T1600,880L1600,1000L0,1000Z', 'url(#gSand)'), path('M0,838Q400,798 800,848T1600,878L1600,890Q1200,858 800,862T0,852Z', '#fff', { opacity: 0.85 }),
    palm(110, 1000, 1.9, 16), palm(1480, 1000, 1.7, -18), tree(1330, 990, 1.6, { c1: C.leafDark }),
    queenslander(300, 990, 1.2, { roof: C.coral, trim: C.navy }),
  ];
}
function riverCity(W, H) {
  // Rockhampton and Ipswich: heritage verandah buildings on a river, a bridge and a range behind
  const shopfront = (x, w, h, wall, roof) => [
    rect(x, 700 - h, w, h, wall), rect(x, 700 - h - 14, w, 14, roof), rect(x - 6, 640, w + 12, 8, C.navy),
    ...Array.from({ length: Math.floor(w / 36) }, (_, i) => [rect(x + 12 + i * 36, 700 - h + 18, 18, 30, 'url(#gScreen)'), line(x + 8 + i * 36, 648, x + 8 + i * 36, 700, '#fff', 3)]),
    ...Array.from({ length: Math.floor(w / 12) }, (_, i) => rect(x + 2 + i * 12, 652, 2, 14, '#fff')),
  ];
  return [
    rect(0, 0, W, H, 'url(#gSkyWarm)'), sunDisc(1350, 190, 40), cloud(260, 130, 1.1), cloud(880, 170, 0.9, 0.8),
    hills(W, 520, 140, 53, '#93aebb', { wav: 2.2, o: 0.8 }), hills(W, 600, 90, 59, '#7fae8f', { wav: 3 }),
    shopfront(120, 250, 150, '#f3ede1', '#9fb4c2'), shopfront(400, 200, 170, '#efdcb4', C.coral), shopfront(630, 280, 140, '#ffffff', C.teal),
    place(1000, 700, 1, false, [rect(-40, -240, 80, 240, '#e7dccb'), path('M-50,-240L0,-290L50,-240Z', '#9fb4c2'), circ(0, -200, 22, '#fff'), circ(0, -200, 22, 'none', { stroke: C.navy, strokeWidth: 4 }), line(0, -200, 0, -214, C.navy, 3), line(0, -200, 10, -200, C.navy, 3)]),
    tree(1120, 700, 1.3, { c1: C.purple, c2: '#c3b0ec' }), tree(1240, 700, 1.1), queenslander(1420, 700, 1),
    rect(0, 700, W, 30, 'url(#gGrass)'),
    rect(0, 726, W, H - 726, 'url(#gWater)'), waves(0, 770, W, 6, 32, '#fff', 0.35),
    trussBridge(760, 760, 840, 150, '#2f5b78'),
    path('M0,900Q300,860 640,900T1000,1000L0,1000Z', 'url(#gGrass)'), tree(120, 990, 2, { c1: C.purple, c2: '#c3b0ec' }), tree(420, 1000, 1.6, { c1: C.leafDark }),
  ];
}
function darlingDowns(W, H) {
  // Toowoomba: the garden city on the range, jacarandas, and the patchwork farms of the Downs below
  const fields = [];
  const r = rng(61);
  const colours = ['#c9d98a', '#e3cf8a', '#9fc77f', '#d8b97a', '#b6d48e'];
  for (let row = 0; row < 5; row++) {
    const y0 = 560 + row * 34, y1 = y0 + 34;
    for (let x = -100 + r() * 60; x < W; x += 160 + r() * 140) {
      const w = 150 + r() * 140;
      fields.push(poly([[x, y0], [x + w, y0], [x + w * 1.06, y1], [x - w * 0.04, y1]], colours[Math.floor(r() * colours.length)], { opacity: 0.9 }));
    }
  }
  return [
    rect(0, 0, W, H, 'url(#gSkyWarm)'), sunDisc(1200, 180, 44), cloud(340, 140, 1.2), cloud(1460, 250, 0.8, 0.8),
    hills(W, 540, 60, 67, '#a9bfcf', { wav: 1.4, o: 0.7 }), fields,
    place(1320, 730, 1, false, [rect(-60, -170, 44, 170, '#dfe5ea'), rect(-12, -190, 44, 190, '#cfd8df'), rect(36, -150, 44, 150, '#dfe5ea'), path('M-60,-170L-38,-190L-16,-170Z', '#b9c5cf'), path('M-12,-190L10,-212L32,-190Z', '#aab7c2'), path('M36,-150L58,-170L80,-150Z', '#b9c5cf')]),
    path('M0,730Q400,690 800,730T1600,720L1600,1000L0,1000Z', 'url(#gHill)'),
    queenslander(360, 860, 1.4, { roof: '#9fb4c2', trim: C.navy }), queenslander(760, 880, 1.1, { roof: C.coral, trim: C.teal }),
    tree(130, 900, 2.4, { c1: C.purple, c2: '#c3b0ec' }), tree(560, 930, 1.8, { c1: '#8a6cc8', c2: '#c3b0ec' }), tree(1000, 930, 2.2, { c1: C.purple, c2: '#c3b0ec' }), tree(1450, 960, 2, { c1: C.leafDark }),
    path('M0,960Q500,930 1000,970T1600,960L1600,1000L0,1000Z', 'url(#gGrass)'),
  ];
}
function tablelands(W, H) {
  // New South Wales central tablelands: golden paddocks, poplars, a heritage clock tower and verandahs
  const poplar = (x, y, s = 1) => place(x, y, s, false, [rect(-3, -30, 6, 30, C.woodDark), ell(0, -110, 22, 90, '#d9b54a'), ell(-6, -120, 10, 60, '#f0d27a', { opacity: 0.6 })]);
  return [
    rect(0, 0, W, H, 'url(#gSkyMorning)'), sunDisc(380, 240, 44), cloud(900, 120, 1.2), cloud(1420, 200, 0.9, 0.8),
    hills(W, 560, 120, 71, '#a8b7c9', { wav: 1.8, o: 0.75 }), hills(W, 620, 90, 73, '#c9c089', { wav: 2.6 }),
    path('M0,700Q500,640 1000,690T1600,660L1600,1000L0,1000Z', '#e3cf8a'), path('M0,760Q600,700 1100,760T1600,740L1600,1000L0,1000Z', '#d2b970', { opacity: 0.8 }),
    ...[140, 200, 260, 1380, 1440].map((px, i) => poplar(px, 720 + (i % 2) * 6, 1.1)),
    place(800, 740, 1, false, [
      rect(-200, -110, 160, 110, '#d8b49a'), rect(40, -100, 170, 100, '#e9d2b6'), rect(-40, -250, 80, 250, '#e7dccb'), path('M-50,-250L0,-310L50,-250Z', '#7e8f9c'),
      circ(0, -210, 24, '#fff'), circ(0, -210, 24, 'none', { stroke: C.navy, strokeWidth: 4 }), line(0, -210, 0, -226, C.navy, 3), line(0, -210, 12, -210, C.navy, 3),
      rect(-210, -54, 420, 8, C.navy), ...Array.from({ length: 22 }, (_, i) => line(-204 + i * 19.4, -46, -204 + i * 19.4, 0, '#fff', 3)),
      ...[-170, -110, 70, 140].map((wx) => rect(wx, -96, 24, 34, 'url(#gScreen)')),
    ]),
    rect(0, 740, W, 10, '#b89a5a', { opacity: 0.5 }),
    path('M0,880Q500,840 900,880T1600,900L1600,1000L0,1000Z', '#c7ab62'),
    ...Array.from({ length: 9 }, (_, i) => line(0, 900 + i * 12, W, 880 + i * 14, '#fff', 1.5, { opacity: 0.15 })),
    tree(1200, 960, 1.8, { c1: '#6f8f5a', c2: '#9fb57f' }), tree(320, 990, 2, { c1: '#6f8f5a', c2: '#9fb57f' }),
    place(1000, 930, 0.9, false, [shade(0, 2, 60, 6), ell(0, -30, 46, 26, '#fff'), circ(-46, -40, 14, '#fff'), line(-20, -6, -20, 0, C.ink, 5), line(20, -6, 20, 0, C.ink, 5)]),
  ];
}
function ogBanner(W, H) {
  const font = 'DejaVu Sans, Arial, sans-serif';
  return [
    rect(0, 0, W, H, 'url(#gNavy)'), circ(1020, 120, 300, C.teal, { opacity: 0.18 }), circ(1120, 560, 220, C.aqua, { opacity: 0.12 }),
    skyline(0, H, W, { seed: 5, hMin: 40, hMax: 200, fills: ['#0e4770', '#114d78', '#0d4268'], band: 14, bandO: 0.08 }),
    trussBridge(620, 560, 520, 140, '#1c5a84'),
    circ(1010, 200, 110, C.teal), droplet(1010, 214, 52, '#fff'), sparkle(1070, 140, 24), sparkle(940, 300, 14), sparkle(1110, 290, 12, C.sun),
    circ(1090, 90, 22, C.sun),
    rect(80, 150, 90, 10, C.sun, { rx: 5 }),
    `<text x="80" y="262" font-family="${font}" font-size="74" font-weight="700" fill="#ffffff">Commercial</text>`,
    `<text x="80" y="350" font-family="${font}" font-size="74" font-weight="700" fill="#ffffff">Cleaning Across</text>`,
    `<text x="80" y="438" font-family="${font}" font-size="74" font-weight="700" fill="${C.aqua}">Queensland</text>`,
  ];
}

// ---------------------------------------------------------------- jobs
const JOBS = [
  ['images/hero.jpg', 2400, 1500, hero],
  ['images/about-team.jpg', 1600, 1100, aboutTeam],
  ['images/how-it-works.jpg', 1600, 1100, howItWorks],
  ['images/services/office-cleaning.jpg', 1600, 1100, officeCleaning],
  ['images/services/medical-facility-cleaning.jpg', 1600, 1100, treatmentRoom],
  ['images/services/retail-cleaning.jpg', 1600, 1100, retailShop],
  ['images/services/educational-facility-cleaning.jpg', 1600, 1100, schoolCorridor],
  ['images/featured/office-commercial.jpg', 1600, 1100, officeCutaway],
  ['images/featured/specialised-industry.jpg', 1600, 1100, warehouse],
  ['images/featured/carpet-floor.jpg', 1600, 1100, carpetAndFloor],
  ['images/gallery/corporate-lobby.jpg', 1200, 900, corporateLobby],
  ['images/gallery/open-plan-office.jpg', 1200, 900, openPlanOffice],
  ['images/gallery/medical-clinic.jpg', 1200, 900, medicalClinic],
  ['images/gallery/retail-showroom.jpg', 1200, 900, retailShowroom],
  ['images/gallery/boardroom.jpg', 1200, 900, boardroom],
  ['images/gallery/floor-scrubber.jpg', 1200, 900, floorScrubber],
  ['images/gallery/school-classroom.jpg', 1200, 900, schoolClassroom],
  ['images/gallery/window-cleaning.jpg', 1200, 900, windowCleaning],
  ['images/gallery/staff-kitchen.jpg', 1200, 900, staffKitchen],
  ['images/gallery/carpet-extraction.jpg', 1200, 900, carpetExtraction],
  ['images/gallery/laboratory.jpg', 1200, 900, laboratory],
  ['images/gallery/pressure-washer.jpg', 1200, 900, pressureWasher],
  ['images/locations/brisbane.jpg', 1600, 1000, brisbane],
  ['images/locations/gold-coast.jpg', 1600, 1000, goldCoast],
  ['images/locations/sunshine-coast.jpg', 1600, 1000, sunshineCoast],
  ['images/locations/regional.jpg', 1600, 1000, regional],
  ['images/locations/tropical-north.jpg', 1600, 1000, tropicalNorth],
  ['images/locations/whale-bay.jpg', 1600, 1000, whaleBay],
  ['images/locations/river-city.jpg', 1600, 1000, riverCity],
  ['images/locations/darling-downs.jpg', 1600, 1000, darlingDowns],
  ['images/locations/tablelands.jpg', 1600, 1000, tablelands],
  ['images/og.jpg', 1200, 630, ogBanner],
];

// ---------------------------------------------------------------- icons
const ICON_SVG = (size, rounded = true) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32"><defs>${lin('iDrop', [[0, '#7fe3d6'], [1, C.teal]])}</defs>` +
  rect(0, 0, 32, 32, C.navy, { rx: rounded ? 7 : 0 }) + droplet(15, 18.5, 8, 'url(#iDrop)') + path('M12,20.5a4.2,4.2 0 0 0 4.2,3.6', 'none', { stroke: '#fff', strokeWidth: 1.6, strokeLinecap: 'round', opacity: 0.85 }) +
  sparkle(24.5, 8, 4.2, C.sun) + '</svg>';

async function writeIcons() {
  await writeFile(nodePath.join(PUBLIC, 'favicon.svg'), ICON_SVG(32) + '\n');
  const png32 = await sharp(Buffer.from(ICON_SVG(32))).png({ compressionLevel: 9 }).toBuffer();
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // image count
  header.writeUInt8(32, 6); // width
  header.writeUInt8(32, 7); // height
  header.writeUInt8(0, 8); // palette colours
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png32.length, 14); // image data size
  header.writeUInt32LE(22, 18); // image data offset
  await writeFile(nodePath.join(PUBLIC, 'favicon.ico'), Buffer.concat([header, png32]));
  await sharp(Buffer.from(ICON_SVG(180, false))).png({ compressionLevel: 9 }).toFile(nodePath.join(PUBLIC, 'apple-touch-icon.png'));
  console.log('favicon.svg, favicon.ico (32x32 PNG in ICO), apple-touch-icon.png (180x180)');
}

async function writeJpeg(rel, W, H, fn) {
  const file = nodePath.join(PUBLIC, rel);
  await mkdir(nodePath.dirname(file), { recursive: true });
  const svg = svgDoc(W, H, fn(W, H));
  const info = await sharp(Buffer.from(svg)).resize(W, H).jpeg({ quality: 82, mozjpeg: true, progressive: true }).toFile(file);
  console.log(`${rel.padEnd(50)} ${W}x${H}  ${(info.size / 1024).toFixed(0)} KB`);
}

async function main() {
  const only = process.argv.slice(2);
  const pick = (rel) => !only.length || only.some((o) => rel.includes(o));
  await mkdir(PUBLIC, { recursive: true });
  for (const [rel, W, H, fn] of JOBS) if (pick(rel)) await writeJpeg(rel, W, H, fn);
  if (!only.length || only.includes('icons')) await writeIcons();
}
await main();
