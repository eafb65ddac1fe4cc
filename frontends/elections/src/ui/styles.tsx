/**
 * The few styles the elections screens add to the design system's stylesheet (the shell loads it
 * once; these screens use its `ui-` classes and tokens). React 19 hoists the element into <head>
 * once, whichever screen renders it.
 */
const css = `
.elections-muted{color:var(--ui-color-muted);margin:var(--ui-space-1) 0}
.elections-stack{display:flex;flex-direction:column;gap:var(--ui-space-5)}
.elections-stack>.ui-card+.ui-card,.elections-roles>.ui-card+.ui-card{margin-top:0}
.elections-schedule{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:var(--ui-space-3) var(--ui-space-5)}
.elections-countdown{margin:0}
.elections-countdown p{margin:var(--ui-space-1) 0}
.elections-countdown p:first-child{font-size:var(--ui-font-size-lg,1.125rem);font-weight:600}
.elections-countdown [role=timer]{font-variant-numeric:tabular-nums;color:var(--ui-color-accent-strong)}
.elections-nav{display:flex;flex-wrap:wrap;gap:var(--ui-space-2) var(--ui-space-3);margin:0;padding:0;list-style:none}
.elections-roles{display:grid;grid-template-columns:minmax(0,1fr);gap:var(--ui-space-5)}
.elections-role__head{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:var(--ui-space-2) var(--ui-space-4)}
.elections-role__title{margin:0}
.elections-role__actions{display:flex;flex-wrap:wrap;align-items:center;gap:var(--ui-space-2) var(--ui-space-3);margin:var(--ui-space-3) 0}
.elections-list{list-style:none;margin:var(--ui-space-3) 0 0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,20rem),1fr));gap:var(--ui-space-3)}
.elections-candidate{height:100%;box-sizing:border-box;display:flex;flex-direction:column;justify-content:space-between;gap:var(--ui-space-3);padding:var(--ui-space-4);border:1px solid var(--ui-color-border);border-radius:var(--ui-radius-md);background:var(--ui-color-surface)}
.elections-candidate--mine{border-left:4px solid var(--ui-color-accent)}
.elections-candidate__name{margin:0;font-size:var(--ui-font-size-md,1.0625rem);overflow-wrap:anywhere;display:flex;flex-wrap:wrap;align-items:center;gap:var(--ui-space-2)}
.elections-candidate__figures{list-style:none;padding:0;margin:var(--ui-space-2) 0 0;display:flex;flex-wrap:wrap;gap:var(--ui-space-1) var(--ui-space-4);font-variant-numeric:tabular-nums;color:var(--ui-color-muted)}
.elections-candidate__figures strong{color:var(--ui-color-text)}
.elections-support{display:flex;height:.5rem;margin-top:var(--ui-space-2);border-radius:999px;overflow:hidden;background:var(--ui-color-surface-2)}
.elections-support span{display:block;height:100%}
.elections-support__for{background:var(--ui-color-vote-for)}
.elections-support__against{background:var(--ui-color-vote-against)}
.elections-role__actions .ui-button,.elections-schedule .ui-button,.elections-nav .ui-button,.elections-role__actions .ui-badge{white-space:normal;text-align:center;max-width:100%}
.elections-vote{display:flex;flex-wrap:wrap;align-items:center;gap:var(--ui-space-2)}
.elections-vote .ui-button[aria-pressed="true"]{box-shadow:inset 0 0 0 2px var(--ui-color-on-accent)}
.elections-vote__state{flex-basis:100%;margin:0;color:var(--ui-color-muted)}
.elections-table-scroll{overflow-x:auto;margin:var(--ui-space-3) 0 0}
.elections-table{border-collapse:collapse;width:100%;margin:0;font-variant-numeric:tabular-nums}
.elections-table th,.elections-table td{border-bottom:1px solid var(--ui-color-border);padding:var(--ui-space-2);text-align:left}
.elections-table thead th{color:var(--ui-color-muted);font-weight:600}
.elections-table td.elections-number,.elections-table th.elections-number{text-align:right}
.elections-officials{list-style:none;margin:var(--ui-space-3) 0 0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,16rem),1fr));gap:var(--ui-space-3)}
.elections-official{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:var(--ui-space-2);padding:var(--ui-space-3) var(--ui-space-4);border:1px solid var(--ui-color-border);border-radius:var(--ui-radius-md);background:var(--ui-color-surface);overflow-wrap:anywhere}
.elections-past{list-style:none;margin:var(--ui-space-2) 0 0;padding:0;display:flex;flex-direction:column}
.elections-past li{display:flex;flex-wrap:wrap;align-items:center;gap:0 var(--ui-space-3);min-height:44px;border-bottom:1px solid var(--ui-color-border)}
.elections-past li:last-child{border-bottom:0}
.elections-past a{display:inline-flex;align-items:center;min-height:44px;font-weight:600}
@media (prefers-reduced-motion:no-preference){.elections-support span{transition:width .2s ease-out}}
`;

export function ElectionsStyles() {
  return (
    <style href="civic-elections" precedence="default">
      {css}
    </style>
  );
}
