/** Relations `GET /api/users/{id}` can include (applicant-flow §7 "GET user {id}"). */
export const USER_INCLUDES = [
  'roles',
  'roles.team',
  'roles.roleProfile',
  'emailAddresses',
  'addresses',
  'historicalAddresses',
  'phoneNumbers',
  'attributes',
  'recruitmentApplications',
  'documents',
] as const;
export type UserInclude = (typeof USER_INCLUDES)[number];
