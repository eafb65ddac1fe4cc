/**
 * The few styles the decisions screens add to the design system (packages/frontend-kit design.css,
 * whose tokens and ui- classes they use): proposal and text cards, vote choices, the cycle cards,
 * the board, the final vote's columns. React 19 hoists the element into <head> once, whichever
 * screen renders it.
 */
const css = `
.layout__list:has([data-layout=side-panel]),.layout__body:has([data-layout=side-panel]){max-width:none}
.decisions-muted{color:var(--ui-color-muted);margin:var(--ui-space-1) 0}
.decisions-section{margin-block:var(--ui-space-5)}
.decisions-section>h2{margin:0 0 var(--ui-space-3)}
.decisions-list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:var(--ui-space-4)}
.decisions-list>li>.ui-card+.ui-card{margin-top:0}
.decisions-skeletons{display:flex;flex-direction:column;gap:var(--ui-space-4)}
.decisions-proposal{display:flex;flex-direction:column;gap:var(--ui-space-2)}
.decisions-proposal>*{margin:0}
.decisions-proposal__title{font-size:var(--ui-font-size-lg);overflow-wrap:anywhere}
.decisions-proposal__meta{display:flex;flex-wrap:wrap;align-items:center;gap:var(--ui-space-1) var(--ui-space-2);font-size:var(--ui-font-size-sm)}
.decisions-proposal__author{color:var(--ui-color-muted)}
.decisions-proposal__description{white-space:pre-line;overflow-wrap:anywhere;line-height:1.6}
.decisions-badge{display:inline-block;padding:0 var(--ui-space-2);border:1px solid var(--ui-color-border);border-radius:999px;font-size:var(--ui-font-size-xs)}
.decisions-badge--pin{border-color:var(--ui-color-accent)}
.decisions-actions{display:flex;flex-wrap:wrap;align-items:center;gap:var(--ui-space-2);margin-top:var(--ui-space-2)}
.decisions-actions .ui-button{white-space:normal;max-width:100%;text-align:center}
.decisions-actions--inline{display:inline-flex;margin:0 0 0 var(--ui-space-2);vertical-align:middle}
.decisions-tally{display:flex;flex-direction:column;gap:var(--ui-space-1)}
.decisions-tally .ui-bars{margin:0}
.decisions-tally__score{margin:0;font-size:var(--ui-font-size-sm);font-variant-numeric:tabular-nums}
.decisions-vote{display:flex;flex-direction:column;gap:var(--ui-space-3)}
.decisions-vote__choices{border:0;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:var(--ui-space-2);min-width:0}
.decisions-vote__choices legend{font-weight:600;padding:0;margin-bottom:var(--ui-space-2);overflow-wrap:anywhere}
.decisions-vote__choice{display:inline-flex;align-items:center;gap:var(--ui-space-2);min-height:var(--ui-touch);padding:0 var(--ui-space-4);border:1px solid var(--ui-color-border-strong);border-radius:999px;background:var(--ui-color-surface);cursor:pointer}
.decisions-vote__choice:has(input:checked){border:2px solid var(--ui-color-accent);background:var(--ui-color-accent-soft);font-weight:700}
.decisions-vote__choice:has(input:focus-visible){outline:3px solid var(--ui-color-focus);outline-offset:2px}
.decisions-vote__choice input{width:1.15rem;height:1.15rem;margin:0;accent-color:var(--ui-color-accent)}
.decisions-vote__mine{display:flex;flex-wrap:wrap;align-items:center;gap:var(--ui-space-2);margin:0;color:var(--ui-color-muted)}
.decisions-countdown{margin:0 0 var(--ui-space-3);font-variant-numeric:tabular-nums}
.decisions-countdown__label{font-weight:600}
.decisions-cycles{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:var(--ui-space-4)}
.decisions-cycle{display:flex;flex-direction:column;gap:var(--ui-space-3)}
.decisions-cycle>p,.decisions-cycle__facts>*{margin:0}
.decisions-cycle__head{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:var(--ui-space-2)}
.decisions-cycle__head>*{margin:0}
.decisions-cycle__title{font-size:var(--ui-font-size-xl)}
.decisions-cycle__facts{display:flex;flex-wrap:wrap;gap:var(--ui-space-1) var(--ui-space-5)}
.decisions-start-rule{display:flex;flex-direction:column;gap:var(--ui-space-2)}
.decisions-start-rule>*{margin:0}
.decisions-start-rule__title{font-size:var(--ui-font-size-md)}
.decisions-links{list-style:none;margin:0;padding:0;display:grid;gap:var(--ui-space-4);grid-template-columns:repeat(auto-fill,minmax(min(100%,16rem),1fr))}
.decisions-links .ui-card+.ui-card{margin-top:0}
.decisions-link__title{margin:0 0 var(--ui-space-1);font-size:var(--ui-font-size-lg)}
.decisions-form textarea{font:inherit;padding:var(--ui-space-2) var(--ui-space-3);border:1px solid var(--ui-color-border-strong);border-radius:var(--ui-radius-md);background:var(--ui-color-surface);color:var(--ui-color-text);width:100%;resize:vertical}
.field--invalid textarea,.field--invalid select{border-color:var(--ui-color-danger);border-width:2px}
.decisions-filter{min-width:min(16rem,100%)}
.decisions-board{display:grid;grid-auto-flow:column;grid-auto-columns:minmax(14rem,1fr);gap:var(--ui-space-4);overflow-x:auto;padding-bottom:var(--ui-space-2);max-width:100%}
.decisions-board__column{background:var(--ui-color-surface-2);border-radius:var(--ui-radius-lg);padding:var(--ui-space-3)}
.decisions-board__title{font-size:var(--ui-font-size-md);margin:0 0 var(--ui-space-2)}
.decisions-board__cards{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:var(--ui-space-2)}
.decisions-board__card{background:var(--ui-color-surface);border:1px solid var(--ui-color-border);border-radius:var(--ui-radius-md);padding:var(--ui-space-2) var(--ui-space-3);box-shadow:var(--ui-shadow-1)}
.decisions-board__card-title{font-size:var(--ui-font-size-md);margin:0;overflow-wrap:anywhere}
.decisions-tabs{list-style:none;margin:0 0 var(--ui-space-4);padding:0;display:flex;flex-wrap:wrap;gap:var(--ui-space-2)}
.decisions-tabs a{display:inline-flex;align-items:center;min-height:var(--ui-touch);padding:0 var(--ui-space-4);border:1px solid var(--ui-color-border);border-radius:999px;text-decoration:none;background:var(--ui-color-surface);overflow-wrap:anywhere}
.decisions-tabs a[aria-current=page]{border:2px solid var(--ui-color-accent);background:var(--ui-color-accent-soft);font-weight:700}
.decisions-law{display:flex;flex-direction:column;gap:var(--ui-space-3)}
.decisions-law>h2,.decisions-law>p{margin:0}
.decisions-article--amendment{background:var(--ui-color-surface-2)}
.decisions-sources{margin-top:var(--ui-space-3)}
.decisions-sources__title{font-size:var(--ui-font-size-sm);margin:0 0 var(--ui-space-1)}
.decisions-sources__list{margin:0 0 var(--ui-space-2);padding-left:var(--ui-space-5);display:flex;flex-direction:column;gap:var(--ui-space-2)}
.decisions-apa{overflow-wrap:anywhere}
.decisions-final{margin:var(--ui-space-5) 0}
.decisions-final>h3{margin:0 0 var(--ui-space-3)}
.decisions-final__texts{display:grid;gap:var(--ui-space-4);grid-template-columns:repeat(auto-fit,minmax(min(100%,18rem),1fr));align-items:start}
.decisions-final__texts .ui-card+.ui-card{margin-top:0}
.decisions-diff{line-height:1.6;overflow-wrap:anywhere}
.decisions-diff del{background:var(--ui-color-danger-soft);color:var(--ui-color-danger)}
.decisions-diff ins{background:var(--ui-color-success-soft);color:var(--ui-color-success);text-decoration:underline}
.decisions-code{font-family:ui-monospace,monospace;font-size:var(--ui-font-size-sm);overflow-wrap:anywhere}
.decisions-draw{display:grid;grid-template-columns:max-content 1fr;gap:var(--ui-space-1) var(--ui-space-4)}
.decisions-draw dd{margin:0;min-width:0}
.decisions-search{display:flex;flex-wrap:wrap;gap:var(--ui-space-3);align-items:flex-end}
.decisions-search .field{min-width:min(14rem,100%)}
.decisions-law-text{line-height:1.6}
.decisions-law-text h3{margin:var(--ui-space-4) 0 var(--ui-space-1)}
.decisions-law-text h4{margin:var(--ui-space-3) 0 var(--ui-space-1)}
.decisions-final__result{border-top:1px solid var(--ui-color-border);padding-top:var(--ui-space-2);margin-top:var(--ui-space-2);display:flex;flex-direction:column;gap:var(--ui-space-2)}
.decisions-final__result>p{margin:0}
.decisions-final__result .ui-badge{margin-left:var(--ui-space-2)}
@media (max-width:63.99rem){[data-remote=decisions] .ui-button--sm{min-height:var(--ui-touch)}}
`;

export function DecisionsStyles() {
  return (
    <style href="civic-decisions" precedence="default">
      {css}
    </style>
  );
}
