import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import * as fr from '@zxcvbn-ts/language-fr';
import type { PasswordEstimator } from '../domain/password-policy.js';

/**
 * Past this many characters only the start is scored: what follows cannot make a weak start weak
 * again, and the estimate's cost grows with the length (128 characters are allowed).
 */
const SCORED_LENGTH = 64;
/**
 * How many l33t substitutions the estimator tries ('@' for 'a'...). Its default (100) lets a password
 * full of substitutable characters cost seconds of CPU; six still finds 'P4$$w0rd'.
 */
const L33T_SUBSTITUTIONS = 6;

let factory: ZxcvbnFactory | null = null;

/**
 * zxcvbn-ts with its common, English and French dictionaries and no translations, so that its
 * feedback comes as keys ('similarToCommon', 'anotherWord') that the shell words in either language.
 * Built once (about a second: the dictionaries are ranked); the service builds it at start.
 */
export const zxcvbnEstimator: PasswordEstimator = (password, userInputs) => {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary, ...fr.dictionary },
    graphs: common.adjacencyGraphs,
    maxLength: SCORED_LENGTH,
    l33tMaxSubstitutions: L33T_SUBSTITUTIONS,
  });
  const { score, feedback } = factory.check(password, [...userInputs]);
  return { score, feedback: { warning: feedback.warning, suggestions: [...feedback.suggestions] } };
};
