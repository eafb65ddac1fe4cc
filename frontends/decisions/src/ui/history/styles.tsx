/** The few styles of the history and the seal panel, hoisted into <head> once as the remote's other styles are. */
const css = `
.decisions-history{display:flex;flex-direction:column;gap:var(--ui-space-3)}
.decisions-history>p{margin:0}
.decisions-history__head,.decisions-version__head{display:flex;flex-wrap:wrap;align-items:center;gap:var(--ui-space-2)}
.decisions-history__head>*,.decisions-version__head>*{margin:0}
.decisions-history__title,.decisions-history__document{overflow-wrap:anywhere}
.decisions-history__document{color:var(--ui-color-muted)}
.decisions-version{display:flex;flex-direction:column;gap:var(--ui-space-2)}
.decisions-version>*{margin:0}
.decisions-version__name{font-size:var(--ui-font-size-md)}
.decisions-version__title{font-weight:600;overflow-wrap:anywhere}
.decisions-version__reason{overflow-wrap:anywhere;border-left:3px solid var(--ui-color-accent);padding-left:var(--ui-space-2)}
.decisions-version__hash,.decisions-seal__hash{display:flex;flex-wrap:wrap;align-items:center;gap:var(--ui-space-2)}
.decisions-hash{display:inline-flex;flex-wrap:wrap;align-items:center;gap:var(--ui-space-1);min-width:0}
.decisions-history-link{font-size:var(--ui-font-size-sm);font-weight:400}
.decisions-seal{display:flex;flex-direction:column;gap:var(--ui-space-3)}
.decisions-seal>*{margin:0}
.decisions-seal__problems{margin:0;padding-left:var(--ui-space-5)}
`;

export function HistoryStyles() {
  return (
    <style href="civic-decisions-history" precedence="default">
      {css}
    </style>
  );
}
