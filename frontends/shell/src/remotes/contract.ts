// The shell/remote contract is shared with the remotes through @civic/frontend-kit.
export type * from '@civic/frontend-kit/shell-contract';
