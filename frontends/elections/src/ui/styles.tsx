/**
 * The few styles the elections screens add to the shell's stylesheet (whose classes they reuse).
 * React 19 hoists the element into <head> once, whichever screen renders it.
 */
const css = `
.elections-sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.elections-muted{color:var(--color-muted);margin:.25rem 0}
.elections-nav{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;margin:0 0 1rem;padding:0;list-style:none}
.elections-countdown{font-size:1.05rem;margin:.25rem 0 1rem}
.elections-roles{display:flex;flex-direction:column;gap:1.5rem}
.elections-role{border:1px solid var(--color-border);border-radius:var(--radius);padding:1rem 1.25rem}
.elections-role__title{margin:0 0 .25rem;font-size:1.25rem}
.elections-role__actions{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem;margin:.75rem 0}
.elections-list{list-style:none;margin:.5rem 0 0;padding:0;display:flex;flex-direction:column;gap:.75rem}
.elections-candidate{border:1px solid var(--color-border);border-radius:var(--radius);padding:.75rem 1rem;display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem 1rem}
.elections-candidate--mine{border-left:6px solid var(--color-accent)}
.elections-candidate__name{margin:0;font-size:1.05rem;overflow-wrap:anywhere}
.elections-candidate__figures{list-style:none;padding:0;margin:.25rem 0 0;display:flex;flex-wrap:wrap;gap:.25rem 1rem;font-variant-numeric:tabular-nums}
.elections-vote{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem}
.elections-vote button[aria-pressed="true"]{outline:3px solid var(--color-accent);outline-offset:1px;font-weight:700}
.elections-badge{display:inline-block;margin-left:.5rem;padding:.05rem .5rem;border:1px solid var(--color-border);border-radius:999px;background:var(--color-surface);font-size:.8rem;font-weight:400}
.elections-badge--elected{background:var(--color-accent);border-color:var(--color-accent);color:#fff;font-weight:700}
.elections-table-scroll{overflow-x:auto;margin:.5rem 0 1rem}
.elections-table{border-collapse:collapse;width:100%;margin:0;font-variant-numeric:tabular-nums}
.elections-table th,.elections-table td{border-bottom:1px solid var(--color-border);padding:.375rem .5rem;text-align:left}
.elections-table td.elections-number,.elections-table th.elections-number{text-align:right}
.elections-officials{list-style:none;margin:.5rem 0 1rem;padding:0;display:flex;flex-direction:column;gap:.5rem}
.elections-official{border:1px solid var(--color-border);border-radius:var(--radius);padding:.5rem .75rem}
.elections-past{list-style:none;margin:.5rem 0 0;padding:0;display:flex;flex-direction:column;gap:.375rem}
`;

export function ElectionsStyles() {
  return (
    <style href="civic-elections" precedence="default">
      {css}
    </style>
  );
}
