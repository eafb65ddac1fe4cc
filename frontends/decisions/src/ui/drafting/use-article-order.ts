/**
 * The order of a law's articles as the workspace shows it: the service's, or the one the reader just
 * asked for while the service works through it (optimistic). Drag and drop, and Move up / Move down
 * in an article's menu, all go through `move`.
 */
import { useState } from 'react';
import type { Article, LawDetail } from '@civic/contracts';
import { lawsApi } from '../../api/laws.js';
import { useAct, type Reload } from '../act.js';
import { useFeedback } from '../feedback.js';
import { moveWithinGroup, orderKey, shownOrder, type AskedOrder } from './order.js';

export interface ArticleOrder {
  /** The law's articles in the order to show. */
  articles: Article[];
  /** Moves an article to index `to` of its group; resolves once the service has answered. */
  move: (articleId: string, to: number) => void;
}

export function useArticleOrder(law: LawDetail, reload: Reload, doneMessage: string): ArticleOrder {
  const act = useAct();
  const { toast } = useFeedback();
  // The order asked for, tied to the service's order it started from: once the service's order
  // changes (the reload after the move, or someone else's change), the service's wins.
  const [asked, setAsked] = useState<AskedOrder | null>(null);
  const served = orderKey(law.articles);
  const articles = shownOrder(law.articles, asked);

  const move = (articleId: string, to: number) => {
    const planned = moveWithinGroup(articles, articleId, to);
    if (!planned) return;
    void act(async () => {
      setAsked({ from: served, ids: planned.order.map((article) => article.id) });
      try {
        // One step at a time, as Move up / Move down: the service keeps positions dense.
        for (const direction of planned.steps) await lawsApi.moveArticle(law.id, articleId, { direction });
      } catch (error) {
        // Refused (or cut off half way): back to the service's order, and its message (useAct shows it).
        setAsked(null);
        reload();
        throw error;
      }
      toast(doneMessage, 'success');
      reload();
    });
  };

  return { articles, move };
}
