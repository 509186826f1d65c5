// The downloadable HTML report's style sheet (www/report-html/report.js inlines it): a document that reads
// well on a screen and a phone and prints cleanly, each source's colour set by its palette class.

/** The report's whole style sheet (the palette classes are added per report). */
export const REPORT_CSS = `*{box-sizing:border-box}
html{-webkit-print-color-adjust:exact;print-color-adjust:exact}
body{margin:0 auto;max-width:62rem;padding:1.5rem 1.25rem 3rem;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#fff}
header{border-bottom:2px solid #1a1a1a;padding-bottom:.75rem}
h1{margin:.15rem 0;font-size:1.7rem;line-height:1.25;overflow-wrap:anywhere}
h2{font-size:1.3rem;margin:2rem 0 .75rem}
h3{font-size:1.05rem;margin:0 0 .2rem;display:flex;flex-wrap:wrap;gap:.25rem 1rem;align-items:baseline}
h4,.kicker{font-size:.8rem;text-transform:uppercase;letter-spacing:.06em;color:#555;margin:0 0 .35rem}
a{color:#0b4f9c}
.meta{margin:.25rem 0;color:#555}
.options{list-style:none;padding:0;margin:.6rem 0 0;display:flex;flex-wrap:wrap;gap:.35rem}
.options li{border:1px solid #bbb;border-radius:1rem;padding:0 .65rem;font-size:.85rem;color:#333}
.figures{display:flex;flex-wrap:wrap;gap:0 2rem;align-items:baseline}
.big{font-size:2.6rem;font-weight:700;line-height:1.1;margin-right:.3rem}
.warning{border:2px solid #b00020;border-left-width:.5rem;background:#fff5f5;padding:.25rem 1rem;border-radius:4px;margin:1rem 0}
.warning p,.figures p{margin:.4rem 0}
.sources{list-style:none;padding:0;margin:0}
.sources li{display:flex;gap:.75rem;align-items:flex-start;padding:.6rem 0;border-bottom:1px solid #ddd;break-inside:avoid}
.sources li>div{flex:1;min-width:0;overflow-wrap:anywhere}
.line{display:flex;flex-wrap:wrap;justify-content:space-between;gap:0 1rem;margin:0}.share{white-space:nowrap}
.num{display:inline-flex;flex:none;justify-content:center;align-items:center;min-width:2rem;height:2rem;padding:0 .3rem;border-radius:4px;background:var(--c);border:1px solid #1a1a1a;font-weight:700;color:#1a1a1a}
.bar{display:block;height:.7rem;border:1px solid #888;border-radius:.35rem;margin:.3rem 0;overflow:hidden;background:#fff}.bar span{display:block;height:100%;min-width:3px;background:var(--c);border-right:1px solid #1a1a1a}
.stats{font-size:.9rem;color:#444;margin:0}.near{font-size:.9rem;color:#8a0016;margin:.2rem 0 0}.key{font-size:.85rem;color:#444;margin:.35rem 0 0}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.legend{font-size:.9rem;color:#333;padding-left:1.2rem;margin:0 0 .75rem}
.quotes{padding-left:1.2rem;margin:0 0 .75rem;overflow-wrap:anywhere}.quotes .ex{font-style:italic}
.doc,.ex{font-family:Georgia,"Times New Roman",serif;white-space:pre-wrap;overflow-wrap:anywhere}
.doc{font-size:1.02rem;line-height:1.75;border:1px solid #bbb;border-radius:6px;padding:1rem 1.25rem}
mark{background:var(--c);border-radius:2px;-webkit-box-decoration-break:clone;box-decoration-break:clone}
mark .n{font:700 .75rem/1 system-ui,sans-serif;color:#1a1a1a;background:#fff;border:1px solid #1a1a1a;border-radius:3px;padding:.1em .3em;margin-right:.25em;vertical-align:.2em;text-decoration:none}
.x{color:#5c5c5c;background:#efefef}
.ev{text-decoration:underline wavy #b00020;text-decoration-skip-ink:none;text-underline-offset:.2em}.hid{border-left:2px solid #b00020;margin:0 1px}
.source{border-top:5px solid var(--c);margin-top:3rem}
.source h2{margin:.75rem 0 .25rem;display:flex;gap:.6rem;align-items:center;overflow-wrap:anywhere}
.passage{margin:1.25rem 0 1.75rem}
.evidence{margin:0 0 .6rem;font-size:.9rem;color:#444}
.pair{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
.side{border:1px solid #bbb;border-radius:6px;padding:.6rem .8rem;min-width:0}
.ex{margin:0;font-size:.95rem;line-height:1.65}
.ctx,.muted,footer{color:#666}
.gap{text-decoration:underline dotted #1a1a1a;text-underline-offset:.2em}.back{font-size:.85rem;font-weight:400}
footer{margin-top:3rem;border-top:1px solid #bbb;font-size:.85rem}
@media (max-width:40rem){body{padding:1rem .75rem 2rem}.pair{grid-template-columns:1fr}.big{font-size:2rem}h1{font-size:1.4rem}}
@media print{@page{margin:14mm}
body{max-width:none;padding:0;font-size:10.5pt}
.source{break-before:page;margin-top:0}
h2,h3,h4,.evidence{break-after:avoid}
a{color:inherit;text-decoration:none}.back{display:none}
.doc{border:0;padding:0}}
`;
