/**
 * Every message key an alert may carry: the notifications service writes them, the shell translates
 * each one as `notifications.message.<key>` in EN and FR.
 */
export const alertMessageKeys = [
  'cycleOpened',
  'phaseChanged',
  'proposalSelected',
  'proposalSecondChance',
  'proposalEditedByModerator',
  'proposalDeletedByModerator',
  'proposalSignalled',
  'creatorDrawn',
  'lawAdopted',
  'lawRejected',
  'contentSignalled',
  'contentModerated',
  'elected',
  'roleLost',
  'chatReplied',
  'chatMessageSignalled',
  'chatMessageModerated',
  'suspended',
  'suspensionLifted',
  'notice',
] as const;
export type AlertMessageKey = (typeof alertMessageKeys)[number];
