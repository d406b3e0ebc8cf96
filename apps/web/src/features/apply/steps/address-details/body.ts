import type { StepBody } from '../step-props';

/** The address-details step's answers: none yet. */
export type AddressDetailsValues = Record<never, never>;

/** The step's answers when nothing is given. */
export function addressDetailsDefaults(): AddressDetailsValues {
  return {};
}

/** The top-level fields (and error paths) the step owns. */
export const addressDetailsFields = ['addresses'] as const;

/** The step asks nothing yet, so it adds nothing to the body. */
export const addressDetailsBody: StepBody = () => ({});
