import type {
  ApplicationFormResponse,
  ApplyShowResponse,
  ApplySubmitResponse,
  BookingCancelBody,
  ContactChangeConfirmBody,
  ContactChangeConfirmResponse,
  ContactChangeStartBody,
  ContactChangeStartResponse,
  DiversityHasAnswersResponse,
  FileTypeListResponse,
  GeocodeRetrieveResponse,
  GeocodeSearchResponse,
  LogApplyActionBody,
  OpportunityCountiesResponse,
  OpportunityCountriesResponse,
  OpportunityListResponse,
  OrganisationConsent,
  OrganisationConsentBody,
  OrganisationCountry,
  OrganisationMotivation,
  OrganisationMotivationBody,
  OrganisationReferenceQuestion,
  OrganisationReferenceQuestionBody,
  OrganisationResidentialCancelReason,
  OrganisationResidentialCancelReasonBody,
  OrganisationResponse,
  OrganisationRoleProfile,
  OrganisationRoleProfileBody,
  OrganisationTeam,
  OrganisationTeamBody,
  OrganisationTerm,
  OrganisationTermBody,
  PasswordChangeBody,
  PasswordChangeResponse,
  PortalApplication,
  PortalApplicationListResponse,
  PortalApplicationResponse,
  PortalTeam,
  PortalTeamResponse,
  ReferenceFormResponse,
  TrustComputerBody,
  TrustComputerResponse,
  TwoFactorConfirmBody,
  TwoFactorConfirmResponse,
  TwoFactorStartBody,
  TwoFactorStartResponse,
  UserBooking,
  UserBookingResponse,
  UserBookingsResponse,
  UserConsent,
  UserConsentListResponse,
  UserConsentUpdateBody,
  UserConsentUpdateResponse,
  UserDiversityAnswersResponse,
} from '@muster/contract';

/**
 * What the contract knows about one catalogue entry's wire types. Everything is optional: an
 * entry left out (or a field left out) falls back to the generic shapes of platform-foundation §7
 * (`{data: [...], meta}` for an index, `{data}` for one record) over a plain record.
 */
export type EntryTypes = {
  /** One record, as show, store and update answer it inside `{data}`. */
  item?: unknown;
  /** The body of store and update. */
  body?: unknown;
  storeBody?: unknown;
  updateBody?: unknown;
  /** Whole answers, where they are not the generic envelope around `item`. */
  index?: unknown;
  show?: unknown;
  store?: unknown;
  update?: unknown;
  del?: unknown;
  /** Named calls' answers and bodies, by method name (see `catalogue-api.ts`). */
  calls?: Record<string, unknown>;
  callBodies?: Record<string, unknown>;
};

/**
 * The catalogue entries whose records and answers the contract describes, by entry name. An
 * entry added here changes the default answer and body types of its methods; a caller can
 * still state another answer type (`api.x.index<MyAnswer>(…)`).
 */
export type KnownResources = {
  'organisation.terms': { item: OrganisationTerm; body: OrganisationTermBody };
  'organisation.motivations': { item: OrganisationMotivation; body: OrganisationMotivationBody };
  'organisation.countries': { item: OrganisationCountry };
  'organisation.teams': { item: OrganisationTeam; body: OrganisationTeamBody };
  'organisation.role-profiles': { item: OrganisationRoleProfile; body: OrganisationRoleProfileBody };
  'organisation.consents': { item: OrganisationConsent; body: OrganisationConsentBody };
  'organisation.reference-questions': {
    item: OrganisationReferenceQuestion;
    body: OrganisationReferenceQuestionBody;
  };
  'organisation.residential-cancel-reasons': {
    item: OrganisationResidentialCancelReason;
    body: OrganisationResidentialCancelReasonBody;
  };
  'organisation.detailed': { index: OrganisationResponse };
  'users.consents': {
    item: UserConsent;
    index: UserConsentListResponse;
    update: UserConsentUpdateResponse;
    updateBody: UserConsentUpdateBody;
  };
  'users.residential-bookings': {
    item: UserBooking;
    index: UserBookingsResponse;
    show: UserBookingResponse;
    update: UserBookingResponse;
    updateBody: BookingCancelBody;
  };
  'users.applications': {
    item: PortalApplication;
    index: PortalApplicationListResponse;
    show: PortalApplicationResponse;
  };
  'users.password': { update: PasswordChangeResponse; updateBody: PasswordChangeBody };
  'users.two-factor': {
    store: TwoFactorStartResponse;
    storeBody: TwoFactorStartBody;
    update: TwoFactorConfirmResponse;
    updateBody: TwoFactorConfirmBody;
  };
  'users.two-factor.trust-computer': { update: TrustComputerResponse; body: TrustComputerBody };
  'users.contact-change': {
    store: ContactChangeStartResponse;
    storeBody: ContactChangeStartBody;
    update: ContactChangeConfirmResponse;
    updateBody: ContactChangeConfirmBody;
  };
  'users.diversity': {
    index: UserDiversityAnswersResponse;
    calls: { hasAnswers: DiversityHasAnswersResponse };
  };
  teams: { item: PortalTeam; show: PortalTeamResponse };
  'files.types': { index: FileTypeListResponse };
  'geocode.retrieve': { index: GeocodeSearchResponse; show: GeocodeRetrieveResponse };
  'opportunities.application-form': { index: ApplicationFormResponse };
  'opportunities.apply': { index: ApplyShowResponse; store: ApplySubmitResponse | undefined };
  'opportunities.log-apply-action': { callBodies: { post: LogApplyActionBody } };
  'residential-opportunities': { index: OpportunityListResponse };
  'residential-opportunities.countries': { index: OpportunityCountriesResponse };
  'residential-opportunities.counties': { index: OpportunityCountiesResponse };
  reference: { show: ReferenceFormResponse };
};
