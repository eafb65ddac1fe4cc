/**
 * The pure rules of the history screen (unit-tested): which versions are listed newest first, what
 * each is compared with, how a hash is shortened, and which versions break the chain, as the service
 * found and as the reader's browser checks again (docs/text-chain.md).
 */
import { verifyShownChain, type TextHistory } from '@civic/contracts';

/** The fields of a version the screen compares (a TextVersionView). */
export interface ComparedVersion {
  seq: number;
  change: 'created' | 'edited' | 'deleted';
  title: string | null;
  body: string | null;
  withheld: boolean;
}

/** What one row shows of its version: the text before it, when both can be read and compared. */
export interface VersionRow<V extends ComparedVersion> {
  version: V;
  /** The version before it in the chain (null for the first). */
  previous: V | null;
  /** The body to compare with: the previous version's, when both texts are shown (not withheld, not a tombstone). */
  bodyBefore: string | null;
  /** The previous title, when the title changed and both are shown. */
  titleBefore: string | null;
}

/** Versions whose word diff is painted at once; earlier ones wait for "Show earlier versions". */
export const FIRST_VERSIONS = 20;
/** How many more each "Show earlier versions" adds. */
export const MORE_VERSIONS = 50;

const readable = (version: ComparedVersion | null): version is ComparedVersion => Boolean(version && !version.withheld && version.change !== 'deleted');

/**
 * The rows of the history, newest first (versions come oldest first). A version is compared with the
 * one right before it: a withheld text or a tombstone on either side shows no diff, only the text.
 */
export function historyRows<V extends ComparedVersion>(versions: readonly V[]): VersionRow<V>[] {
  const ordered = [...versions].sort((a, b) => a.seq - b.seq);
  const rows = ordered.map((version, index) => {
    const previous = ordered[index - 1] ?? null;
    const both = readable(previous) && readable(version);
    return {
      version,
      previous,
      bodyBefore: both && previous.body !== null && version.body !== null ? previous.body : null,
      titleBefore: both && previous.title !== null && version.title !== null && previous.title !== version.title ? previous.title : null,
    };
  });
  return rows.reverse();
}

/** How many rows to show: the first ones at once, then `MORE_VERSIONS` more each time, never more than there are. */
export function shownCount(total: number, clicks: number): number {
  return Math.min(total, FIRST_VERSIONS + clicks * MORE_VERSIONS);
}

/** A hash as shown in a chip: its first 12 hexadecimal digits. */
export const shortHash = (hash: string) => hash.slice(0, 12);

/**
 * The versions that break the text's chain: those the service found (it reads the withheld words too)
 * and those this browser finds checking the answer itself (every link, and the hash of every version
 * whose words and salt are shown). Sorted, each once; empty for an intact chain.
 */
export async function brokenVersions(history: Pick<TextHistory, 'id' | 'chain' | 'versions'>): Promise<number[]> {
  const shown = history.versions.map(({ editorName: _name, ...version }) => ({ ...version, textId: history.id }));
  const found = await verifyShownChain(shown);
  const seqs = [...history.chain.problems, ...found].map((problem) => ('seq' in problem ? problem.seq : 0)).filter((seq) => seq > 0);
  return [...new Set(seqs)].sort((a, b) => a - b);
}
