/**
 * The dashboard's one stylesheet (issue #8 part 2: "one small stylesheet, light and dark by
 * `prefers-color-scheme`; readable on a phone"). Served at {@link STYLE_PATH}, whose query
 * carries the content hash, so it is cached for a year (`immutable`) and a new version gets a
 * new URL. System fonts, no images; focus is always visible; tables become cards on narrow
 * screens.
 */
import { createHash } from 'node:crypto';
import { PICTURE_STYLE } from './picture-style.js';

/** The CSS text. */
export const STYLE = `
:root{color-scheme:light dark;--bg:#f6f7f9;--surface:#fff;--sunken:#eef0f4;--text:#1a1c22;--muted:#5b6070;--border:#dfe2e8;--accent:#2f54d9;--accent-soft:#e6ebff;
--good:#16794a;--good-bg:#dff5e9;--info:#1f5fbf;--info-bg:#e1ecfd;--warn:#925a00;--warn-bg:#fdf0d5;--bad:#b42318;--bad-bg:#fde4e1;--dim:#5b6070;--dim-bg:#eceef2;
--add-bg:#e3f6e8;--del-bg:#fde7e7;--mark:#ffe58a;--radius:8px;--mono:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace}
@media (prefers-color-scheme:dark){:root{--bg:#0f1115;--surface:#171a21;--sunken:#1d212a;--text:#e4e6eb;--muted:#9ba1ae;--border:#2b303b;--accent:#8aa4ff;--accent-soft:#232b45;
--good:#6fd39f;--good-bg:#15301f;--info:#8cb8ff;--info-bg:#172845;--warn:#f0bf62;--warn-bg:#352913;--bad:#ff9488;--bad-bg:#3d1915;--dim:#a2a7b3;--dim-bg:#252a33;
--add-bg:#16301f;--del-bg:#3a1a1a;--mark:#6b5a12}}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--text);font:15px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",Ubuntu,Cantarell,sans-serif}
a{color:var(--accent);text-decoration:none}a:hover{text-decoration:underline}a:not([href]){color:inherit;text-decoration:underline dotted}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px;border-radius:4px}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.skip{position:absolute;left:-999px;top:8px;background:var(--surface);padding:8px 12px;border-radius:var(--radius);z-index:10}.skip:focus{left:8px}
code,pre,kbd,.mono{font-family:var(--mono);font-size:.88em}
.wrap{max-width:76rem;margin:0 auto;padding:0 20px}
header.top{background:var(--surface);border-bottom:1px solid var(--border)}
.bar{display:flex;flex-wrap:wrap;align-items:center;gap:10px 18px;padding-top:12px;padding-bottom:8px}
.brand{font-weight:700;font-size:17px;color:var(--text);letter-spacing:-.01em;display:flex;align-items:center;gap:8px}
.brand::before{content:"";width:14px;height:14px;border-radius:4px;background:var(--accent);transform:rotate(45deg)}
.bar form{display:flex;align-items:center;gap:6px;margin:0}
.bar .switch{min-width:0;max-width:100%}.bar .switch select{flex:1 1 auto;min-width:0;max-width:100%;text-overflow:ellipsis}
.bar .search{margin-left:auto;flex:1 1 260px;max-width:420px}.bar .search input{flex:1;min-width:0}
nav.pages ul{display:flex;gap:4px;list-style:none;margin:0;padding:0;overflow-x:auto}
nav.pages a{display:block;padding:8px 12px;color:var(--muted);border-bottom:2px solid transparent;font-weight:500;white-space:nowrap}
nav.pages a:hover{color:var(--text);text-decoration:none}
nav.pages a[aria-current=page]{color:var(--text);border-bottom-color:var(--accent)}
input,select,button{font:inherit;color:inherit}
input[type=text],input[type=search],input[type=number],select{background:var(--surface);border:1px solid var(--border);border-radius:6px;padding:6px 9px;min-height:34px}
button,.button{background:var(--accent);color:#fff;border:0;border-radius:6px;padding:6px 14px;min-height:34px;font-weight:600;cursor:pointer;display:inline-flex;align-items:center}
@media (prefers-color-scheme:dark){button,.button{color:#0f1115}}
.button.quiet,button.quiet{background:transparent;color:var(--accent);border:1px solid var(--border)}
label{font-size:13px;color:var(--muted);font-weight:500}
main{padding-top:22px;padding-bottom:48px}
h1{font-size:26px;line-height:1.25;margin:0 0 6px;letter-spacing:-.015em;overflow-wrap:anywhere}
h2{font-size:18px;margin:0;letter-spacing:-.01em}
h3{font-size:15px;margin:18px 0 6px}
.muted{color:var(--muted)}.small{font-size:13px}
.upstream{margin-top:6px;margin-bottom:0}.upstream.warn{color:var(--warn)}
.lede{color:var(--muted);margin:0 0 18px}
.panel{background:var(--surface);border:1px solid var(--border);border-radius:var(--radius);padding:16px 18px;margin:0 0 18px}
.filters{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:10px 12px;align-items:end}
.filters div{display:flex;flex-direction:column;gap:3px}
.filters .actions{flex-direction:row;gap:8px;align-items:center}
.tiles{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:10px;margin:0 0 22px;padding:0;list-style:none}
.tiles a{display:block;background:var(--surface);border:1px solid var(--border);border-radius:var(--radius);padding:10px 14px;color:var(--text)}
.tiles a:hover{border-color:var(--accent);text-decoration:none}
.tiles .n{display:block;font-size:24px;font-weight:700;line-height:1.2}.tiles .k{font-size:13px;color:var(--muted)}
section.kind{margin:0 0 26px}
.section-head{display:flex;flex-wrap:wrap;align-items:baseline;gap:6px 14px;margin:0 0 8px}
.count{display:inline-block;min-width:24px;padding:0 8px;border-radius:999px;background:var(--sunken);color:var(--muted);font-size:13px;font-weight:600;text-align:center;margin-left:6px}
.chips{display:flex;flex-wrap:wrap;gap:6px;margin:0;padding:0;list-style:none;font-size:13px}
.chips a,.chips span{display:inline-block;padding:1px 9px;border-radius:999px;border:1px solid var(--border);color:var(--muted);background:var(--surface)}
.chips a[aria-current=true]{border-color:var(--accent);color:var(--accent);background:var(--accent-soft)}
table.entries{width:100%;border-collapse:separate;border-spacing:0;background:var(--surface);border:1px solid var(--border);border-radius:var(--radius);overflow:hidden}
.entries th{font-size:12px;text-transform:uppercase;letter-spacing:.04em;color:var(--muted);font-weight:600;text-align:left;padding:8px 12px;background:var(--sunken);border-bottom:1px solid var(--border)}
.entries td{padding:10px 12px;border-bottom:1px solid var(--border);vertical-align:top}
.entries tr:last-child td{border-bottom:0}
.entries .title>a{font-weight:600;color:var(--text)}.entries .title>a:hover{color:var(--accent)}
table.entries{table-layout:fixed}.c-entry{width:auto}.c-status{width:120px}.c-detail{width:230px}.c-who{width:120px}.c-when{width:130px}
.entries td{overflow-wrap:anywhere}
.entries .meta{font-size:12.5px;color:var(--muted);margin-top:2px}
.entries td.detail{font-size:13px}.entries td.when{color:var(--muted);font-size:13px}.entries td.when time{white-space:nowrap}
.empty{background:var(--surface);border:1px dashed var(--border);border-radius:var(--radius);padding:14px;color:var(--muted);margin:0}
.more{margin:8px 0 0;font-size:14px}
.badge{display:inline-block;padding:1px 8px;border-radius:999px;font-size:12px;font-weight:600;white-space:nowrap;background:var(--dim-bg);color:var(--dim)}
.badge.good{background:var(--good-bg);color:var(--good)}.badge.info{background:var(--info-bg);color:var(--info)}
.badge.warn{background:var(--warn-bg);color:var(--warn)}.badge.bad{background:var(--bad-bg);color:var(--bad)}
.tag{display:inline-block;font-size:12px;padding:0 7px;border-radius:4px;background:var(--sunken);color:var(--muted);margin-right:4px}
.id{font-family:var(--mono);font-size:12px;color:var(--muted)}
.adr{font-family:var(--mono);font-size:12px;font-weight:600}
.pager{display:flex;gap:10px;align-items:center;margin:14px 0 0}
.crumbs{font-size:13px;color:var(--muted);margin:0 0 10px}
.kind-label{font-size:12px;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);font-weight:700;margin:0}
.entry-grid{display:grid;grid-template-columns:minmax(0,1fr) 300px;gap:22px;align-items:start}
.prose{overflow-wrap:anywhere}.prose>:first-child{margin-top:0}.prose>:last-child{margin-bottom:0}
.prose pre{background:var(--sunken);padding:10px 12px;border-radius:6px;overflow-x:auto}
.prose blockquote{margin:0;padding-left:12px;border-left:3px solid var(--border);color:var(--muted)}
.prose h3{font-size:17px;margin:20px 0 8px}.prose h4{font-size:15px;margin:16px 0 6px}.prose h5,.prose h6{font-size:14px;margin:14px 0 4px}
.prose table{border-collapse:collapse}.prose th,.prose td{border:1px solid var(--border);padding:4px 8px}
dl.facts{margin:0;display:grid;grid-template-columns:max-content minmax(0,1fr);gap:6px 12px;font-size:14px}
dl.facts dt{color:var(--muted)}dl.facts dd{margin:0;overflow-wrap:anywhere}
ul.plain{list-style:none;margin:0;padding:0}ul.plain li{margin:0 0 4px}
ol.history{list-style:none;margin:0;padding:0}
ol.history>li{border-left:2px solid var(--border);padding:0 0 18px 16px;position:relative}
ol.history>li::before{content:"";position:absolute;left:-6px;top:5px;width:10px;height:10px;border-radius:50%;background:var(--accent)}
.rev-head{display:flex;flex-wrap:wrap;gap:4px 12px;align-items:baseline}
.rev-head h3{margin:0}
.changes{margin:8px 0 0;font-size:14px}.changes>div{margin:0 0 8px}
.changes .field{font-family:var(--mono);font-size:12.5px;color:var(--muted)}
.old{background:var(--del-bg);text-decoration:line-through;text-decoration-color:var(--muted);padding:0 3px;border-radius:3px}
.new{background:var(--add-bg);padding:0 3px;border-radius:3px}
pre.diff{margin:4px 0 0;background:var(--sunken);border-radius:6px;padding:8px 0;overflow-x:auto;font-size:12.5px;line-height:1.45}
pre.diff span{display:block;padding:0 12px;white-space:pre-wrap}
pre.diff .add{background:var(--add-bg)}pre.diff .del{background:var(--del-bg)}pre.diff .hunk{color:var(--muted)}
ol.results{list-style:none;margin:0;padding:0}
ol.results li{background:var(--surface);border:1px solid var(--border);border-radius:var(--radius);padding:12px 14px;margin:0 0 10px}
ol.results .title{font-weight:600;font-size:16px;margin:4px 0 0}ol.results .snippet{margin:4px 0;color:var(--muted)}
mark{background:var(--mark);color:inherit;border-radius:2px;padding:0 1px}
.rel{display:inline-block;width:60px;height:6px;border-radius:3px;background:var(--sunken);vertical-align:middle;overflow:hidden}
.rel i{display:block;height:100%;background:var(--accent)}
${Array.from({ length: 10 }, (_, i) => `.rel .r${i + 1}{width:${(i + 1) * 10}%}`).join('')}
ol.timeline{list-style:none;margin:0;padding:0}
.day{font-size:13px;font-weight:700;color:var(--muted);margin:18px 0 8px;text-transform:uppercase;letter-spacing:.05em}
.event{display:grid;grid-template-columns:74px minmax(0,1fr);gap:12px;background:var(--surface);border:1px solid var(--border);border-radius:var(--radius);padding:10px 14px;margin:0 0 8px}
.event .time{color:var(--muted);font-size:13px;font-variant-numeric:tabular-nums}
.event .what{margin:0 0 2px}.event .what .kind-label{display:inline;margin-right:6px}.event .by{margin:0}details pre{white-space:pre-wrap;overflow-wrap:anywhere}summary{cursor:pointer;font-weight:600}
ul.tree,ul.tree ul{list-style:none;margin:0;padding:0}ul.tree.panel{padding:10px 18px}
ul.tree ul{margin-left:18px;padding-left:14px;border-left:1px solid var(--border)}
ul.tree li{margin:6px 0}
.edge{font-size:12px;color:var(--muted);margin-right:6px}
.cycle{color:var(--bad);font-weight:600}
.warning{background:var(--bad-bg);color:var(--bad);border-radius:var(--radius);padding:12px 16px;margin:0 0 18px}
.warning ul{margin:6px 0 0;padding-left:20px}
.brief{max-width:52rem}
.candidate{padding:14px 18px}.candidate h2{font-size:17px;margin:2px 0 4px;overflow-wrap:anywhere}.candidate h2 a{color:var(--text)}
.cand-grid{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:16px;align-items:start}
.concerns{background:var(--sunken);border-radius:6px;padding:10px 12px;overflow-wrap:anywhere}.concerns h3{margin:2px 0 4px}.concerns.none{background:transparent;border:1px dashed var(--border)}
.key-text{margin:6px 0;overflow-wrap:anywhere;white-space:pre-line}.verdict{margin:10px 0 0;overflow-wrap:anywhere}.decided{margin:6px 0 0;overflow-wrap:anywhere}.how{margin:0 0 14px;overflow-wrap:anywhere}
dl.scores{grid-template-columns:repeat(6,max-content);gap:0 10px;font-size:12.5px;margin:6px 0 0;font-variant-numeric:tabular-nums}dl.scores dt{grid-row:1}
.evidence th:first-child{width:34%}.signals{margin:6px 0 0}.signals .tag,.verdict-panel .tag{overflow-wrap:anywhere}.filters-status{margin:0 0 16px}
footer.bottom{border-top:1px solid var(--border);color:var(--muted);font-size:12.5px;padding-top:14px;padding-bottom:24px}
.error-page{max-width:40rem;margin:40px auto}
${PICTURE_STYLE}
.repo{display:inline-block;font-family:var(--mono);font-size:12px;font-weight:600;padding:0 7px;border-radius:4px;background:var(--accent-soft);color:var(--accent);margin-right:6px;white-space:nowrap}
.c-repo{width:110px}.repo-cell .repo{max-width:100%;overflow:hidden;text-overflow:ellipsis;vertical-align:bottom}.c-state{width:260px}.c-sync{width:170px}.signout{margin:0}.signin{max-width:34rem;margin:40px auto}.signin form{display:flex;flex-direction:column;gap:8px}.signin input{width:100%;font-family:var(--mono)}
@media (max-width:760px){
 .wrap{padding:0 14px}
 .bar .search{margin-left:0;max-width:none;flex-basis:100%}
 .bar .switch{flex-basis:100%}
 nav.pages ul{flex-wrap:wrap}nav.pages a{padding:6px 10px}
 h1{font-size:22px}
 .entry-grid,.cand-grid{grid-template-columns:minmax(0,1fr)}
 table.entries,table.entries tbody,table.entries tr,table.entries td{display:block;width:100%}
 table.entries thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0)}
 table.entries{background:transparent;border:0}
 table.entries tr{background:var(--surface);border:1px solid var(--border);border-radius:var(--radius);margin:0 0 8px;padding:8px 12px}
 .entries td{border:0;padding:2px 0}
 .entries td.status,.entries td.detail,.entries td.who,.entries td.when,.entries td.repo-cell{display:inline-block;width:auto;margin-right:10px}
 .event{grid-template-columns:minmax(0,1fr)}
}
`;

/** First 16 hex chars of the stylesheet's sha256 (changes with every edit). */
export const STYLE_HASH = createHash('sha256').update(STYLE).digest('hex').slice(0, 16);

/** Where the stylesheet is served; the query makes the URL change with the content. */
export const STYLE_PATH = `/assets/dashboard.css?v=${STYLE_HASH}`;
