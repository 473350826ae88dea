/**
 * The stylesheet rules of the SVG pictures (issue #22): the graph (graph-svg.ts) and the
 * timeline chart (timeline-chart.ts). Part of the one stylesheet (style.ts): inline SVG takes
 * its colours from these classes, so the pictures follow light and dark and need no style
 * attribute (the CSP allows none).
 */

/** The CSS text, appended to the dashboard's stylesheet. */
export const PICTURE_STYLE = `
.picture-frame{margin:0 0 18px;overflow-x:auto;background:var(--surface);border:1px solid var(--border);border-radius:var(--radius);padding:12px}
svg.picture{display:block;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
svg.picture a:focus-visible{outline:none}svg.picture a:focus-visible rect,svg.picture a:focus-visible circle{stroke:var(--accent);stroke-width:3}
.node rect{fill:var(--surface);stroke:var(--border);stroke-width:1.2}
.node .top{font-size:10.5px;fill:var(--muted);font-weight:600;letter-spacing:.03em}
.node .label{font-size:13px;fill:var(--text);font-weight:600}
a.node:hover rect{stroke:var(--accent);stroke-width:2}
.node.k-decision rect{stroke:var(--info)}.node.k-blocker rect{stroke:var(--bad)}.node.k-risk rect{stroke:var(--warn)}.node.k-plan_revision rect{stroke:var(--good)}
.node.s-superseded rect,.node.s-rejected rect,.node.s-deprecated rect,.node.s-resolved rect,.node.s-cleared rect,.node.s-retired rect{fill:var(--sunken)}
.node.t-missing rect,.node.t-external rect,.node.t-task rect{stroke-dasharray:4 3;fill:var(--sunken)}
.node.focus rect{stroke:var(--accent);stroke-width:3}
path.edge{fill:none;stroke:var(--muted);stroke-width:1.4}
path.edge.blocked_by{stroke:var(--bad);stroke-width:1.8}path.edge.supersedes{stroke:var(--info);stroke-dasharray:6 3}path.edge.relates_to{stroke-dasharray:2 3}
path.edge.done{opacity:.55}
.arrow path{fill:var(--muted)}.arrow.blocked_by path{fill:var(--bad)}.arrow.supersedes path{fill:var(--info)}
.edge-label rect{fill:var(--surface);stroke:none}
.edge-label text{font-size:11px;fill:var(--muted);text-anchor:middle}
.edge-label.blocked_by text{fill:var(--bad);font-weight:600}.edge-label.supersedes text{fill:var(--info)}
a.edge-label:hover text{text-decoration:underline}
.axis line{stroke:var(--border)}.axis text{font-size:11px;fill:var(--muted)}
.band-name{font-size:12px;font-weight:700;fill:var(--muted);letter-spacing:.05em}
.item circle{fill:var(--info);stroke:var(--surface);stroke-width:1.5}
.item.k-plan_revision circle{fill:var(--good)}
.item.s-superseded circle,.item.s-rejected circle,.item.s-deprecated circle{fill:var(--dim)}
.item.s-proposed circle{fill:var(--surface);stroke:var(--info);stroke-width:2}
.item text{font-size:12px;fill:var(--text)}
.item.s-superseded text,.item.s-rejected text,.item.s-deprecated text{fill:var(--muted)}
a.item:hover text{text-decoration:underline}
path.chain{fill:none;stroke:var(--info);stroke-width:1.5;stroke-dasharray:5 3}
.arrow.chain path{fill:var(--info)}
.filters .check{flex-direction:row;align-items:center;gap:6px}
table.edges{table-layout:auto}.edges td.relation{white-space:nowrap;color:var(--muted);font-size:13px}
`;
