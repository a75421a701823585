"use strict";
// An error map (app/engine/error_map.h) drawn as small multiples: the last two dimensions are the image,
// one canvas per slice of the leading ones; one pixel block per cell. The colour is the cell's level:
// either how many of its elements failed or how large its largest error is.

const heatMap = (() => {
  const NO_FAILURE = [236, 239, 241];

  function decodeLevels(text) {
    const raw = atob(text);
    const bytes = new Uint8Array(raw.length);
    for (let i = 0; i < raw.length; ++i) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }

  // Level 1..255 from pale yellow to dark red; 0 is the neutral grey of a cell with no failure.
  function colour(level) {
    if (level === 0) return NO_FAILURE;
    const t = (level - 1) / 254;
    const hue = 52 * (1 - t), light = 0.72 - 0.42 * t;
    const c = (1 - Math.abs(2 * light - 1)), x = c * (1 - Math.abs(((hue / 60) % 2) - 1)), m = light - c / 2;
    const [r, g] = hue < 60 ? [c, x] : [x, c];
    return [Math.round((r + m) * 255), Math.round((g + m) * 255), Math.round(m * 255)];
  }

  // The error a level stands for at least: 2^((level - 1) / 8), as ErrorOfLevel says.
  function errorOfLevel(level) { return level <= 1 ? 0 : Math.pow(2, (level - 1) / 8); }

  // The map's shape as an image: rows and columns of cells, and the slices (leading dimensions).
  function shape(map) {
    const g = map.grid, rank = g.length;
    const rows = rank >= 2 ? g[rank - 2] : 1, cols = rank >= 1 ? g[rank - 1] : 1;
    const leading = rank > 2 ? g.slice(0, rank - 2) : [];
    const slices = leading.reduce((a, b) => a * b, 1);
    return { rows, cols, leading, slices, rank };
  }

  // Grid coordinates of cell `index` (row-major over map.grid).
  function cellCoordinates(map, index) {
    const at = new Array(map.grid.length);
    for (let d = map.grid.length - 1; d >= 0; --d) { at[d] = index % map.grid[d]; index = Math.floor(index / map.grid[d]); }
    return at;
  }

  // The elements a cell covers along each dimension: [first, last].
  function cellRanges(map, at) {
    return at.map((g, d) => [g * map.cellSizes[d], Math.min((g + 1) * map.cellSizes[d], map.sizes[d]) - 1]);
  }

  // The grid cell holding element `coordinates`.
  function cellOf(map, coordinates) {
    let index = 0;
    for (let d = 0; d < map.grid.length; ++d) index = index * map.grid[d] + Math.floor(coordinates[d] / map.cellSizes[d]);
    return index;
  }

  function draw(canvas, levels, map, slice, scale) {
    const { rows, cols } = shape(map);
    canvas.width = cols * scale;
    canvas.height = rows * scale;
    const ctx = canvas.getContext("2d");
    const image = ctx.createImageData(canvas.width, canvas.height);
    const base = slice * rows * cols;
    for (let y = 0; y < canvas.height; ++y) {
      for (let x = 0; x < canvas.width; ++x) {
        const [r, g, b] = colour(levels[base + Math.floor(y / scale) * cols + Math.floor(x / scale)]);
        const p = (y * canvas.width + x) * 4;
        image.data[p] = r; image.data[p + 1] = g; image.data[p + 2] = b; image.data[p + 3] = 255;
      }
    }
    ctx.putImageData(image, 0, 0);
  }

  function legend() {
    const canvas = document.createElement("canvas");
    canvas.width = 128; canvas.height = 10;
    const ctx = canvas.getContext("2d");
    for (let x = 0; x < 128; ++x) {
      const [r, g, b] = colour(1 + Math.round(x * 254 / 127));
      ctx.fillStyle = `rgb(${r},${g},${b})`;
      ctx.fillRect(x, 0, 1, 10);
    }
    return canvas;
  }

  return { decodeLevels, colour, errorOfLevel, shape, cellCoordinates, cellRanges, cellOf, draw, legend };
})();
