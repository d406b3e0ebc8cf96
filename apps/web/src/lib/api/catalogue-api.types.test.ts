// @vitest-environment node
import { describe, expectTypeOf, it } from 'vitest';
import {
  catalogue,
  organisationSettingsRoutes,
  type OrganisationTerm,
  type OrganisationTermBody,
  type PaginationMeta,
  type UserConsentListResponse,
  type UserConsentUpdateBody,
} from '@muster/contract';
import {
  areaApiFor,
  createCatalogueApi,
  type CallName,
  type CatalogueApi,
  type PathParams,
} from './catalogue-api';
import { createApiClient } from './client';
import { createTokenStore } from './token-store';

/*
 * Type tests: `tsc -p apps/web` checks this file (the `@ts-expect-error` lines fail the build when
 * the error they expect goes away); vitest runs it too, where `expectTypeOf` costs nothing. The
 * calls sit inside functions that never run, so nothing is sent.
 */

const client = createApiClient({ tokenStore: createTokenStore({ storage: null }) });
const api: CatalogueApi = createCatalogueApi(client, catalogue);

describe('the typed catalogue client', () => {
  it('types path parameters from the {param} placeholders', () => {
    expectTypeOf<PathParams<'/events/{eventId}/sessions/{sessionId}/attendees/'>>().toEqualTypeOf<{
      readonly eventId: string | number;
      readonly sessionId: string | number;
    }>();
    expectTypeOf(api.events.sessions.attendees.index)
      .parameter(0)
      .toEqualTypeOf<PathParams<'/events/{eventId}/sessions/{sessionId}/attendees/'>>();

    const unused = () => {
      void api.events.sessions.attendees.index({ eventId: 1, sessionId: 2 }, { page: 1 });
      // @ts-expect-error sessionId is required by `/events/{eventId}/sessions/{sessionId}/attendees/`.
      void api.events.sessions.attendees.index({ eventId: 1 });
      // @ts-expect-error the parameter object is required.
      void api.events.sessions.attendees.index();
      // @ts-expect-error no such placeholder.
      void api.events.sessions.attendees.show({ eventId: 1, sessionId: 2, userId: 3 }, 4);
      // A route without placeholders takes no parameter object: the first argument is the query.
      void api.organisation.terms.index({ per_page: 100 });
    };
    expectTypeOf(unused).toBeFunction();
  });

  it('has only the enabled operations', () => {
    expectTypeOf(api.users.password).toHaveProperty('update');
    expectTypeOf(api.users.password).not.toHaveProperty('index');
    expectTypeOf(api.users.twoFactor).toHaveProperty('store');
    expectTypeOf(api.users.twoFactor).not.toHaveProperty('del');
    expectTypeOf(api.exports).not.toHaveProperty('index');
    const unused = () => {
      // @ts-expect-error users.password enables update only.
      void api.users.password.index;
      // @ts-expect-error users.two-factor disables index, show and delete.
      void api.users.twoFactor.del;
      // @ts-expect-error exports has no list.
      void api.exports.index;
      // @ts-expect-error teams disables store.
      void api.teams.store;
      // @ts-expect-error not a catalogue entry.
      void api.nothingHere;
    };
    expectTypeOf(unused).toBeFunction();
  });

  it('answers the contract types of known entries and plain records otherwise', () => {
    // Generic methods are checked through calls (their defaults apply there), in a function that never runs.
    const unused = async () => {
      expectTypeOf(api.organisation.terms.index()).resolves.toEqualTypeOf<{
        data: OrganisationTerm[];
        meta: PaginationMeta;
      }>();
      expectTypeOf(api.organisation.terms.show(3)).resolves.toEqualTypeOf<{ data: OrganisationTerm }>();
      expectTypeOf(api.users.consents.index({ userId: 1 })).resolves.toEqualTypeOf<UserConsentListResponse>();
      expectTypeOf(api.events.index()).resolves.toEqualTypeOf<{
        data: Record<string, unknown>[];
        meta: PaginationMeta;
      }>();
      const body: OrganisationTermBody = { name: 'Agreement', link: 'https://example.org' };
      await api.organisation.terms.store(body);
      const answer: UserConsentUpdateBody = { id: 1, answer: 2 };
      await api.users.consents.update({ userId: 1 }, 1, answer);
      await api.organisation.terms.store(new FormData());

      // The caller may state the answer type…
      const stated = await api.events.show<{ data: { id: number; title: string } }>(3);
      expectTypeOf(stated.data.title).toBeString();
      // …but a variable's annotation does not silently change it.
      // @ts-expect-error the default answer is not a number.
      const wrong: number = await api.organisation.terms.show(3);
      // @ts-expect-error a term needs a name and a link.
      await api.organisation.terms.store({ nam: 'Agreement' });
      return wrong;
    };
    expectTypeOf(unused).toBeFunction();
  });

  it('names the named calls after the path past their entry', () => {
    expectTypeOf<
      CallName<
        '/events/{eventId}/sessions/',
        { method: 'PUT'; path: '/events/{eventId}/sessions/bulk-update-location/' }
      >
    >().toEqualTypeOf<'bulkUpdateLocation'>();
    expectTypeOf<CallName<'/auth/api/', { method: 'POST'; path: '/auth/api/' }>>().toEqualTypeOf<'post'>();

    expectTypeOf(api.events.sessions.bulkUpdateLocation)
      .parameter(0)
      .toEqualTypeOf<PathParams<'/events/{eventId}/sessions/bulk-update-location/'>>();
    expectTypeOf(api.users.inductions.selfComplete)
      .parameter(0)
      .toEqualTypeOf<PathParams<'/users/{authUserId}/inductions/self-complete/{id}'>>();

    const unused = () => {
      expectTypeOf(api.rota.pdf({ date: '2026-01-03' }, { team: 1 })).resolves.toEqualTypeOf<Blob>();
      expectTypeOf(
        api.organisation.emailTemplates.newUserPreview({ template: 1 }),
      ).resolves.toEqualTypeOf<string>();
      // @ts-expect-error the rota PDF needs its date.
      void api.rota.pdf({ team: 1 });
      // @ts-expect-error bulk-delete-users is under one session.
      void api.events.sessions.bulkDeleteUsers({ eventId: 1 }, {});
    };
    expectTypeOf(unused).toBeFunction();
  });

  it('types an area client with its own entries only', () => {
    const area = areaApiFor(client, organisationSettingsRoutes);
    expectTypeOf(area.opportunities.applicationForm.index)
      .parameter(0)
      .toEqualTypeOf<PathParams<'/opportunities/{opportunityId}/application-form/'>>();
    expectTypeOf(area.organisation.detailed.index).toEqualTypeOf(api.organisation.detailed.index);
    // Users are another area's.
    expectTypeOf(area).not.toHaveProperty('users');
    expectTypeOf(api).toHaveProperty('users');
  });
});
