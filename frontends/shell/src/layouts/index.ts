import type { ShellLayouts } from '@civic/frontend-kit/shell-contract';
import { CardsListLayout } from './CardsListLayout.js';
import { ListLayout } from './ListLayout.js';
import { ProfileLayout } from './ProfileLayout.js';
import { DefaultLayout, SingleColumnLayout } from './ScreenLayout.js';

export { CardsListLayout, DefaultLayout, ListLayout, ProfileLayout, SingleColumnLayout };

/** The layouts handed to remotes. */
export const layouts: ShellLayouts = {
  cardsList: CardsListLayout,
  default: DefaultLayout,
  list: ListLayout,
  profile: ProfileLayout,
  singleColumn: SingleColumnLayout,
};
