/**
 * Rasterises the stats charts with resvg (`@resvg/resvg-js`, a devDependency) and DejaVu Sans from
 * the `dejavu-fonts-ttf` devDependency, with no system fonts: the same pixels on every machine.
 * Used by scripts/render-charts.mjs and by the chart tests, which measure each text's box.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve("dejavu-fonts-ttf/package.json")), "ttf");

/** resvg's font options: DejaVu Sans Book and Bold only, for every family. */
export const FONT_OPTIONS = {
  loadSystemFonts: false,
  fontFiles: [path.join(fontDir, "DejaVuSans.ttf"), path.join(fontDir, "DejaVuSans-Bold.ttf")],
  defaultFontFamily: "DejaVu Sans",
  sansSerifFamily: "DejaVu Sans",
};

/**
 * Renders an SVG document to PNG bytes at `scale` × its size.
 * @returns { png, width, height } with the pixel size of the PNG.
 */
export function renderPng(svg, scale = 1) {
  const resvg = new Resvg(svg, { font: FONT_OPTIONS, fitTo: { mode: "zoom", value: scale }, background: "#ffffff" });
  const image = resvg.render();
  return { png: image.asPng(), width: image.width, height: image.height };
}

/**
 * The box of what the fragment `element` draws, in the document's user units: the fragment is
 * rendered alone on a canvas of `width` × `height`.
 * @returns { x, y, width, height }, or undefined when it draws nothing.
 */
export function inkBox(element, width, height) {
  const resvg = new Resvg(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${element}</svg>`, {
    font: FONT_OPTIONS,
  });
  const box = resvg.getBBox();
  return box ? { x: box.x, y: box.y, width: box.width, height: box.height } : undefined;
}
