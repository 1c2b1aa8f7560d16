/**
 * Charts for `handoff stats`: the adoption bar chart, the history line chart (SVG 1.1, text laid
 * out with measured font widths and XML-escaped, no fonts or scripts loaded), and the HTML page
 * that holds a chart beside its data table.
 */
export { barChartSvg } from "./bar-chart.js";
export { figuresTableHtml, historyTableHtml, htmlPage } from "./html.js";
export { lineChartSvg, type HistoryPoint } from "./line-chart.js";
export { escapeXml } from "./svg.js";
