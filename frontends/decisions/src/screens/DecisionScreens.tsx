/** The screens of the creation and final-vote phases (their own files), under the names the routes use. */
export { CreationsScreen } from './CreationScreen.js';
export { CreatorsScreen } from './CreatorsScreen.js';
export { FinalVoteScreen } from './FinalVoteScreen.js';
