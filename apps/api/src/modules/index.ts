import type { FastifyInstance } from 'fastify';
import { registerOpportunitiesModule } from './opportunities/routes.js';
import { registerOrganisationModule } from './organisation/routes.js';
import { registerTimezonesModule } from './timezones/routes.js';
import { registerFilesModule } from './files/routes.js';
import { registerAuthModule } from './auth/routes.js';
import { registerCatalogueModule } from '../catalogue/generic-routes.js';
import { registerApplicationsModule } from './applications/routes.js';
import { registerUsersModule } from './users/routes.js';
import { registerDiversityModule } from './diversity/routes.js';
import { registerMotivationsModule } from './motivations/routes.js';
import { registerTermsModule } from './terms/routes.js';
import { registerMaintenanceModule } from './maintenance/routes.js';
import { registerResidentialModule } from './residential/routes.js';
import { registerGeocodeModule } from './geocode/routes.js';
import { registerReferencesModule } from './references/routes.js';
import { registerTwoFactorSettingsModule } from './two-factor-settings/routes.js';
import { registerConsentsModule } from './consents/routes.js';
import { registerAccountModule } from './account/routes.js';
import { registerPortalModule } from './portal/routes.js';
import { registerOpportunityFinderModule } from './opportunity-finder/routes.js';
import { registerEventsModule } from './events/routes.js';
import { registerPermissionsModule } from './permissions/routes.js';
import { registerRotasModule } from './rotas/routes.js';
import { registerOrganisationCallsModule } from './organisation-calls/routes.js';
import { registerPeopleWorkModule } from './people-work/routes.js';
import { registerPerUserModule } from './per-user/routes.js';
import { registerReportsModule } from './reports/routes.js';
import { registerExportsModule } from './exports/routes.js';
import { registerContentModule } from './content/routes.js';

/**
 * Registers every feature module under `/api`. Each module owns its routes; this list is the
 * only place that knows them all.
 */
export async function registerModules(app: FastifyInstance): Promise<void> {
  const modules: Array<(instance: FastifyInstance) => Promise<void>> = [
    registerOrganisationModule,
    registerOpportunitiesModule,
    registerTimezonesModule,
    registerFilesModule,
    registerAuthModule,
    registerApplicationsModule,
    registerUsersModule,
    registerDiversityModule,
    registerMotivationsModule,
    registerTermsModule,
    registerMaintenanceModule,
    registerResidentialModule,
    registerGeocodeModule,
    registerReferencesModule,
    registerTwoFactorSettingsModule,
    registerConsentsModule,
    registerAccountModule,
    registerPortalModule,
    registerOpportunityFinderModule,
    registerEventsModule,
    registerPermissionsModule,
    registerRotasModule,
    registerOrganisationCallsModule,
    registerPeopleWorkModule,
    registerPerUserModule,
    registerReportsModule,
    registerExportsModule,
    registerContentModule,
    // Keep last: plain CRUD from the catalogue skips whatever a hand-written module registered.
    registerCatalogueModule,
  ];
  await app.register(
    async (api) => {
      for (const register of modules) {
        await register(api);
      }
    },
    { prefix: '/api' },
  );
}
