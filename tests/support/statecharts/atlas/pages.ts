import type { MachineEntry, MachineName } from '@machines/index';
import type { MachineFiles, RouteFlows } from './flow-map';
import type { AtlasModel, AtlasState } from './model';

/** What the atlas shows of one leaf state: its screen, or why there is none. */
export type ScreenShot =
  | { shown: true; screen: string; dialog: string | null; phone: string | null; texts: string[] }
  | { shown: false; reason: string };

const html = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

const page = (title: string, body: string) => `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(title)}</title>
<link rel="stylesheet" href="atlas.css">
</head>
<body>
${body}
</body>
</html>
`;

const list = (items: string[], empty = '—') =>
  items.length ? `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>` : empty;

const pathLinks = (paths: number[]) =>
  paths.length ? paths.map((p) => `<a href="#path-P${p + 1}">P${p + 1}</a>`).join(' ') : '—';

const stateSection = (name: string, state: AtlasState, index: number, shot: ScreenShot | undefined) => {
  const pictures =
    shot?.shown === true
      ? `<div class="shots">
<a href="${html(shot.screen)}"><img src="${html(shot.screen)}" width="1440" height="900" loading="lazy" alt="${html(`${name} · ${state.path}: the page`)}"></a>
${shot.dialog ? `<a href="${html(shot.dialog)}"><img class="dialog" src="${html(shot.dialog)}" loading="lazy" alt="${html(`${name} · ${state.path}: the dialog`)}"></a>` : ''}
${shot.phone ? `<a href="${html(shot.phone)}"><img class="phone" src="${html(shot.phone)}" width="390" height="844" loading="lazy" alt="${html(`${name} · ${state.path}: on a phone`)}"></a>` : ''}
</div>`
      : `<p class="hidden-state">Not shown on a screen: ${html(shot?.reason ?? 'not recorded')}</p>`;
  return `<section class="state" id="state-${html(state.path)}">
<h2><span class="order">${index + 1}</span> ${html(state.path)}${state.tags.map((t) => ` <span class="tag">${html(t)}</span>`).join('')}</h2>
<p class="back"><a href="#node-${html(state.path)}">↑ in the diagram</a> · <a href="#states">all states</a></p>
${pictures}
<dl>
<dt>Events it accepts</dt><dd>${list(
    state.events.map((e) => `<code>${html(e)}</code>`),
    'none (a final state)',
  )}</dd>
<dt>Covering paths through it</dt><dd>${pathLinks(state.paths)}</dd>
<dt>Texts on the screen</dt><dd>${shot?.shown ? list(shot.texts.map(html)) : '—'}</dd>
</dl>
</section>`;
};

/** One machine's atlas page: the diagram, each state's screen in the order a believer meets them, the paths. */
export const machinePage = (
  entry: MachineEntry,
  model: AtlasModel,
  svg: string,
  shots: Record<string, ScreenShot>,
  files: MachineFiles,
  routes: string[],
) => {
  const shown = model.states.filter((s) => shots[s.path]?.shown).length;
  const body = `<header>
<p><a href="index.html">← Flow atlas</a></p>
<h1>${html(entry.name)}</h1>
<p class="lead">${entry.surface === 'server' ? 'Runs on the server (the order lifecycle): no screen of its own.' : `Seen on ${routes.length ? routes.map((r) => `<code>${html(r)}</code>`).join(', ') : 'the site'}.`}
${model.states.length} states (${shown} with a screen), ${model.paths.length} covering paths, ${model.transitions.length} transitions.
Machine: <a href="../../../${html(files.machine)}"><code>${html(files.machine)}</code></a> · picture <a href="../${html(entry.name)}.svg">${html(entry.name)}.svg</a> · tables <a href="../${html(entry.name)}.md">${html(entry.name)}.md</a></p>
</header>
<section id="diagram" class="diagram">
<h2>Diagram</h2>
<p>Click a state to see its screen: a computer's (1440 × 900, with its dialog) and, for a believer's flow, a phone's (390 × 844).</p>
${svg.replace(/^<\?xml[^>]*>\s*(<!DOCTYPE[^>]*>\s*)?/, '')}
</section>
<nav id="states" class="states">
<h2>States, in the order a believer meets them</h2>
<ol>${model.states.map((s) => `<li><a href="#state-${html(s.path)}">${html(s.path)}</a>${shots[s.path]?.shown ? '' : ' <span class="tag">no screen</span>'}</li>`).join('')}</ol>
</nav>
${model.states.map((s, i) => stateSection(entry.name, s, i, shots[s.path])).join('\n')}
<section id="paths">
<h2>Covering paths (what the view tests run)</h2>
<table>
<thead><tr><th>path</th><th>steps (event → state)</th><th>ends in</th></tr></thead>
<tbody>
${model.paths
  .map(
    (p) =>
      `<tr id="path-${p.id}"><td>${p.id}</td><td><ol start="0"><li><code>${html(model.start)}</code></li>${p.steps.map((s) => `<li><code>${html(s.event)}</code> → <code>${html(s.value)}</code></li>`).join('')}</ol></td><td><code>${html(p.expected)}</code></td></tr>`,
  )
  .join('\n')}
</tbody>
</table>
</section>
<section id="transitions">
<h2>Transitions and the paths that take them</h2>
<table>
<thead><tr><th>transition</th><th>paths</th></tr></thead>
<tbody>
${model.transitions.map((t) => `<tr><td><code>${html(t.label)}</code></td><td>${pathLinks(t.paths)}</td></tr>`).join('\n')}
</tbody>
</table>
</section>
<section id="files">
<h2>Files</h2>
${filesList(files, '../../../')}
</section>`;
  return page(`${entry.name} · flow atlas`, body);
};

const fileLinks = (files: string[], prefix: string) =>
  files.length
    ? files.map((f) => `<a href="${html(prefix + f)}"><code>${html(f)}</code></a>`).join('<br>')
    : '—';

const filesList = (files: MachineFiles, prefix: string) => `<dl class="files">
<dt>machine</dt><dd>${fileLinks([files.machine], prefix)}</dd>
<dt>views</dt><dd>${fileLinks(files.views, prefix)}</dd>
<dt>contract</dt><dd>${fileLinks(files.contract, prefix)}</dd>
<dt>server</dt><dd>${fileLinks(files.services, prefix)}</dd>
<dt>tests</dt><dd>${fileLinks(files.tests, prefix)}</dd>
</dl>`;

/** The atlas's index: each route with the machines it runs, then each machine with its files. */
export const indexPage = (
  routes: RouteFlows[],
  machines: { entry: MachineEntry; model: AtlasModel; files: MachineFiles; shown: number }[],
) => {
  const link = (name: MachineName) => `<a href="${name}.html">${name}</a>`;
  const body = `<header>
<h1>Flow atlas</h1>
<p class="lead">Every state of every flow of the site, with the screen a believer (or a member of staff) sees in it,
drawn by <code>npm run atlas</code> from the same machines, view adapters and fixtures the generated tests use.
Designers: open a machine, read its states in the order a believer meets them, with the Chinese texts of each screen.
QA: each state lists the covering paths (P1…) that pass through it, and each page ends with the paths and the
transitions they take; <code>npm run paths -- &lt;machine&gt; --format csv</code> gives the same paths for a test
management tool.</p>
</header>
<section>
<h2>Routes and the flows they run</h2>
<table>
<thead><tr><th>route</th><th>page</th><th>machines (the page's own first)</th><th>route file</th></tr></thead>
<tbody>
${routes
  .filter((r) => r.machines.length > 0)
  .map(
    (r) =>
      `<tr><td><code>${html(r.route)}</code></td><td>${html(r.title)}</td><td>${r.machines.map(link).join(', ')}</td><td><a href="../../../${html(r.file)}"><code>${html(r.file)}</code></a></td></tr>`,
  )
  .join('\n')}
</tbody>
</table>
<p>Routes that run no machine: ${routes
    .filter((r) => r.machines.length === 0)
    .map((r) => `<code>${html(r.route)}</code>`)
    .join(', ')}.</p>
</section>
<section>
<h2>Machines</h2>
${machines
  .map(
    ({ entry, model, files, shown }) => `<article class="machine">
<h3>${link(entry.name)}</h3>
<p>${model.states.length} states, ${shown} with a screen · ${model.paths.length} covering paths · ${model.transitions.length} transitions${entry.surface === 'server' ? ' · runs on the server' : ''}</p>
${filesList(files, '../../../')}
</article>`,
  )
  .join('\n')}
</section>`;
  return page('Flow atlas', body);
};

export const ATLAS_CSS = `:root { color-scheme: light; --ink: #2b2320; --soft: #5a4d45; --temple: #8c2a1c; --gold: #b8893b; --paper: #faf6ee; }
body { margin: 0 auto; max-width: 1520px; padding: 24px 40px 80px; font: 16px/1.6 "Noto Sans CJK SC", system-ui, sans-serif; color: var(--ink); background: var(--paper); }
h1 { color: var(--temple); margin: 0 0 8px; }
h2 { margin-top: 40px; }
a { color: var(--temple); }
code { font-size: 14px; }
.lead { max-width: 72rem; color: var(--soft); }
.diagram { background: #fff; border: 1px solid #e6dccb; border-radius: 8px; padding: 8px 16px 16px; overflow-x: auto; }
.diagram svg { max-width: 100%; height: auto; }
.diagram g.node:target polygon, .diagram g.node:target path, .diagram g.cluster:target path { stroke: #c0392b; stroke-width: 4; }
.states ol { columns: 3; }
.state { border-top: 2px solid #e6dccb; padding-top: 8px; margin-top: 40px; scroll-margin-top: 16px; }
.state h2 { margin: 8px 0 0; }
.order { display: inline-block; min-width: 2em; color: #fff; background: var(--temple); border-radius: 999px; text-align: center; font-size: 18px; }
.tag { font-size: 13px; font-weight: normal; background: #efe6d4; border-radius: 4px; padding: 1px 6px; color: var(--soft); }
.back { margin: 4px 0 12px; }
.shots { display: flex; gap: 16px; align-items: flex-start; flex-wrap: wrap; }
.shots img { display: block; width: 960px; height: auto; border: 1px solid #d9cdb8; border-radius: 4px; background: #fff; }
.shots img.dialog { width: auto; max-width: 480px; }
.shots img.phone { width: 390px; }
.hidden-state { padding: 16px; background: #fff; border: 1px dashed var(--gold); border-radius: 8px; color: var(--soft); }
dl { display: grid; grid-template-columns: 14rem 1fr; gap: 6px 16px; }
dt { color: var(--soft); }
dd { margin: 0; }
dd ul { margin: 0; padding-left: 1.2em; }
table { border-collapse: collapse; width: 100%; background: #fff; }
th, td { border: 1px solid #e6dccb; padding: 6px 10px; text-align: left; vertical-align: top; }
td ol { margin: 0; padding-left: 1.6em; }
tr:target { background: #fff4d6; }
.machine { border-top: 1px solid #e6dccb; }
.files { grid-template-columns: 7rem 1fr; font-size: 14px; }
`;
