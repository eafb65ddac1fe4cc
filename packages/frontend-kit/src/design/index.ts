/**
 * The design system: the components every screen uses. The shell imports design.css once; the
 * remotes get this module from the shell through the module-federation shared scope.
 */
export { Badge, Card, EmptyState, Meter, PageHeader, Skeleton, SkeletonCard, VisuallyHidden, type CardProps, type Tone } from './Basics.js';
export { Button, ButtonLink, buttonClass, type ButtonLinkProps, type ButtonProps, type ButtonVariant } from './Button.js';
export { Menu, type MenuItem } from './Menu.js';
export { TabPanel, Tabs, type TabItem } from './Tabs.js';
export { ResultBars, VoteBars, percentages, type VoteChoice } from './Charts.js';
export { PhaseTimeline, nowPosition, type TimelinePhase } from './PhaseTimeline.js';
export { SidePanelLayout, WIDE_QUERY, useNarrowDialog, useWideScreen, type SidePanelLayoutProps } from './SidePanelLayout.js';
export { focusables, nextIndex, trapTab } from './keys.js';
