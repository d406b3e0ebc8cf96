import type { StrengthScore } from './strength-meter';

/** What the strength estimator says about one password. */
export interface StrengthEstimate {
  score: StrengthScore;
  /** The estimator's main warning, e.g. "This is a very common password.", or null. */
  warning: string | null;
  suggestions: string[];
}

/** The loaded estimator (zxcvbn-ts with the common and English dictionaries). */
export interface Estimator {
  /** Estimates `password`; `userInputs` (name, email…) count as easy to guess. */
  estimate(password: string, userInputs?: readonly string[]): StrengthEstimate;
}

let loading: Promise<Estimator> | null = null;
let loaded: Estimator | null = null;

/** The estimator when an earlier `loadEstimator()` has finished. */
export function getLoadedEstimator(): Estimator | null {
  return loaded;
}

/**
 * Loads zxcvbn-ts and its dictionaries on first use. They weigh hundreds of kilobytes, so they
 * are imported only here and only dynamically, never in the initial bundle
 * (scripts/size-budget.mjs checks it).
 */
export function loadEstimator(): Promise<Estimator> {
  loading ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ])
    .then(([core, common, english]) => {
      const factory = new core.ZxcvbnFactory({
        translations: english.translations,
        graphs: common.adjacencyGraphs,
        dictionary: { ...common.dictionary, ...english.dictionary },
      });
      loaded = {
        estimate(password, userInputs = []) {
          const result = factory.check(password, [...userInputs]);
          return {
            score: result.score,
            warning: result.feedback.warning || null,
            suggestions: result.feedback.suggestions,
          };
        },
      };
      return loaded;
    })
    .catch((error: unknown) => {
      // A later use may try again (the chunk may have failed on a flaky network).
      loading = null;
      throw error;
    });
  return loading;
}
