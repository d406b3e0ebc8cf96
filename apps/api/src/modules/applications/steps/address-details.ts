import { hasNoCurrentAddress, insertUserAddresses, replaceApplicationAddresses } from '../repository.js';
import { ready } from '../../../db/write-batch.js';
import type { ApplicationStep } from './step.js';

/**
 * The address-details step (applicant-flow §2.4): the address history on the application and,
 * when the profile has no current address yet, on the profile.
 */
export const addressDetailsStep: ApplicationStep = {
  type: 'address-details',
  async write(batch, { organisation, userId, applicationId, submission }) {
    const organisationId = organisation.id;
    const addresses = submission.addresses;
    if (!addresses) {
      return;
    }
    const tx = await ready(batch);
    if (addresses.length > 0 && (await hasNoCurrentAddress(tx, organisationId, userId))) {
      // The newest address becomes the profile's current address, the rest its history.
      await insertUserAddresses(
        tx,
        addresses.map((address, index) => ({
          organisationId,
          userId,
          ...address,
          historical: index > 0,
        })),
      );
    }
    await replaceApplicationAddresses(
      tx,
      organisationId,
      applicationId,
      addresses.map((address, position) => ({ ...address, position })),
    );
  },
};
