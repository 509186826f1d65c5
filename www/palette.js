// The colours of the sources, shared by the page and the downloadable HTML report (www/report-html/report.js)
// so that source 3 has the same colour on screen and on paper. Each colour is a highlight behind dark
// text (#1a1a1a): all pass WCAG AA (contrast >= 4.5:1; in fact >= 7:1) and stay visible on white. They
// were picked for distinctness (CIEDE2000 >= 13 between any two, most distinct first), so the first
// sources are the easiest to tell apart; tests/js/report-html.test.mjs checks both properties. Colour is
// never the only cue: every highlight also carries its source's number.

/** The text colour every highlight is tested against. */
export const HIGHLIGHT_TEXT = '#1a1a1a';

/** The source colours, in the order sources are ranked (14 before they repeat). */
export const PALETTE = Object.freeze([
  '#ffe066', // yellow
  '#ca99ef', // lilac
  '#6fdcf5', // sky
  '#f89177', // salmon
  '#6fc884', // green
  '#7cb4fc', // blue
  '#febccf', // pink
  '#e5a14b', // ochre
  '#d1f492', // lime
  '#8ef0d0', // mint
  '#c4bd7a', // khaki
  '#4fb8a6', // teal
  '#fec7a2', // peach
  '#c0c5ff', // periwinkle
]);

/** The colour of the source ranked `index` (0 = most similar), as '#rrggbb'; wraps past the palette's end. */
export function sourceColour(index, palette = PALETTE) {
  const n = palette.length;
  return palette[((Math.trunc(index) % n) + n) % n];
}
