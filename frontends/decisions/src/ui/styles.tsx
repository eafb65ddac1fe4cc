/**
 * The few styles the decisions screens add to the shell's stylesheet (whose classes they reuse):
 * timeline, badges, vote choices, counts, board columns. React 19 hoists the element into <head>
 * once, whichever screen renders it.
 */
const css = `
.decisions-sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.decisions-muted{color:var(--color-muted);margin:.25rem 0}
.decisions-list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:1rem}
.decisions-proposal{border:1px solid var(--color-border);border-radius:var(--radius);padding:1rem 1.25rem}
.decisions-proposal--pinned{border-left:6px solid var(--color-accent)}
.decisions-proposal__title{margin:0 0 .5rem;font-size:1.15rem;overflow-wrap:anywhere}
.decisions-proposal__meta{display:flex;flex-wrap:wrap;align-items:center;gap:.375rem .5rem;margin:0 0 .5rem;font-size:.875rem}
.decisions-proposal__author{color:var(--color-muted)}
.decisions-proposal__description{white-space:pre-line;overflow-wrap:anywhere}
.decisions-badge{display:inline-block;padding:.05rem .5rem;border:1px solid var(--color-border);border-radius:999px;background:var(--color-surface)}
.decisions-badge--rank{background:var(--color-accent);border-color:var(--color-accent);color:#fff;font-weight:700}
.decisions-badge--pin{border-color:var(--color-accent)}
.decisions-badge--signal{background:var(--color-warning-bg);border-color:var(--color-warning-border)}
.decisions-actions{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:.75rem}
.decisions-counts{list-style:none;padding:0;margin:.5rem 0;display:flex;flex-wrap:wrap;gap:.25rem 1rem;font-variant-numeric:tabular-nums}
.decisions-vote__choices{border:1px solid var(--color-border);border-radius:var(--radius);padding:.5rem 1rem;display:flex;flex-wrap:wrap;gap:.5rem 1.25rem}
.decisions-vote__choices legend{font-weight:600;padding:0 .25rem}
.decisions-vote__choice{display:inline-flex;align-items:center;gap:.375rem;cursor:pointer}
.decisions-vote__choice input{width:1.15rem;height:1.15rem}
.decisions-vote__mine{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem}
.decisions-countdown{font-size:1.05rem}
.decisions-countdown__label{font-weight:600}
.decisions-timeline{list-style:none;padding:0;margin:0 0 1rem;display:flex;flex-wrap:wrap;gap:.5rem;counter-reset:phase}
.decisions-timeline__step{counter-increment:phase;padding:.375rem .75rem;border:1px solid var(--color-border);border-radius:var(--radius);color:var(--color-muted)}
.decisions-timeline__step::before{content:counter(phase) '. '}
.decisions-timeline__step--done{background:var(--color-surface)}
.decisions-timeline__step--current{border:2px solid var(--color-accent);color:var(--color-text);font-weight:700}
.decisions-start-rule{margin:1rem 0}
.decisions-start-rule__title{font-size:1rem;margin:0 0 .5rem}
.decisions-progress{display:flex;flex-direction:column;gap:.125rem;margin-bottom:.5rem}
.decisions-progress progress{width:100%;max-width:20rem}
.decisions-cycles{margin-bottom:1rem}
.decisions-form textarea{font:inherit;padding:.5rem .625rem;border:1px solid #8c959f;border-radius:var(--radius);width:100%;resize:vertical}
.field--invalid textarea,.field--invalid select{border-color:var(--color-danger);border-width:2px}
.decisions-filter{min-width:16rem}
.decisions-board{display:grid;grid-auto-flow:column;grid-auto-columns:minmax(14rem,1fr);gap:1rem;overflow-x:auto;padding-bottom:.5rem}
.layout--default .decisions-board{width:min(var(--content-width) - 2.5rem,calc(100vw - 2.5rem))}
.decisions-board__column{background:var(--color-surface);border-radius:var(--radius);padding:.75rem}
.decisions-board__title{font-size:1rem;margin:0 0 .5rem}
.decisions-board__cards{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:.5rem}
.decisions-board__card{background:var(--color-bg);border:1px solid var(--color-border);border-radius:var(--radius);padding:.5rem .75rem}
.decisions-board__card-title{font-size:1rem;margin:0;overflow-wrap:anywhere}
.decisions-tabs{list-style:none;margin:0 0 1rem;padding:0;display:flex;flex-wrap:wrap;gap:.5rem}
.decisions-tabs a{display:inline-block;padding:.375rem .75rem;border:1px solid var(--color-border);border-radius:var(--radius);text-decoration:none}
.decisions-tabs a[aria-current=page]{border:2px solid var(--color-accent);font-weight:700}
.decisions-law{display:flex;flex-direction:column;gap:.75rem}
.decisions-group{border-left:4px solid var(--color-border);padding-left:1rem;margin:.5rem 0}
.decisions-group__title{margin:.25rem 0 .5rem;font-size:1.1rem}
.decisions-article--amendment{background:var(--color-surface)}
.decisions-amendments{margin-top:.75rem}
.decisions-actions--inline{display:inline-flex;margin:0 0 0 .5rem;vertical-align:middle}
.decisions-editor-forms{display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(18rem,1fr));border-top:1px solid var(--color-border);padding-top:1rem}
.decisions-sources{margin-top:.75rem}
.decisions-sources__title{font-size:.95rem;margin:0 0 .25rem}
.decisions-sources__list{margin:0 0 .5rem;padding-left:1.25rem;display:flex;flex-direction:column;gap:.375rem}
.decisions-apa{overflow-wrap:anywhere}
.decisions-final{margin:1rem 0}
.decisions-final__texts{display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(16rem,1fr));align-items:start}
.decisions-diff del{background:#ffebe9;color:#82071e}
.decisions-diff ins{background:#dafbe1;color:#116329;text-decoration:underline}
.decisions-code{font-family:ui-monospace,monospace;font-size:.85rem;overflow-wrap:anywhere}
.decisions-draw{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}
.decisions-draw dd{margin:0}
.decisions-search{display:flex;flex-wrap:wrap;gap:.75rem;align-items:flex-end}
.decisions-law-text h3{margin:1rem 0 .25rem}
.decisions-law-text h4{margin:.75rem 0 .25rem}
.decisions-final__result .decisions-badge{margin-left:.5rem}
.decisions-final__result{border-top:1px solid var(--color-border);padding-top:.5rem;margin-top:.5rem}
`;

export function DecisionsStyles() {
  return (
    <style href="civic-decisions" precedence="default">
      {css}
    </style>
  );
}
