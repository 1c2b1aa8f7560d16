/** Types of scripts/render-svg.mjs. */

/** resvg's font options: DejaVu Sans Book and Bold only, for every family. */
export declare const FONT_OPTIONS: {
  loadSystemFonts: false;
  fontFiles: string[];
  defaultFontFamily: string;
  sansSerifFamily: string;
};

/** Renders an SVG document to PNG bytes at `scale` × its size. */
export declare function renderPng(svg: string, scale?: number): { png: Buffer; width: number; height: number };

/** The box of what the fragment `element` draws, alone on a `width` × `height` canvas; undefined when it draws nothing. */
export declare function inkBox(element: string, width: number, height: number): { x: number; y: number; width: number; height: number } | undefined;
