/** The organisation fields the feature model reads (platform-foundation §3, §6). */
export type OrganisationFeatureSource = {
  features?: readonly string[] | null;
  package_features?: Readonly<Record<string, number>> | null;
  tech_features?: Readonly<Record<string, boolean>> | null;
};

/** Which product features an organisation has, and how many of each. */
export type FeatureModel = {
  /** `legacy` when the organisation carries a plain list, `package` when it carries a map. */
  mode: 'legacy' | 'package';
  /** Whether the feature exists for the organisation. */
  has(feature: string): boolean;
  /** Its amount: -1 (unlimited) in legacy mode; the mapped value, or 0 when missing, in package mode. */
  amount(feature: string): number;
  /** A technical flag; false when not listed. */
  tech(flag: string): boolean;
};

const own = (record: object, key: string) => Object.prototype.hasOwnProperty.call(record, key);

/**
 * The feature model of platform-foundation §6. A package map, when present, decides (package
 * mode); otherwise the organisation is in legacy mode, where every feature is allowed with
 * amount -1 whatever its list says. No organisation at all (not loaded, signed out) allows nothing.
 */
export function createFeatureModel(organisation: OrganisationFeatureSource | null | undefined): FeatureModel {
  const techFeatures = organisation?.tech_features ?? {};
  const tech = (flag: string) => own(techFeatures, flag) && techFeatures[flag] === true;
  if (!organisation) {
    return { mode: 'package', has: () => false, amount: () => 0, tech };
  }
  const packageFeatures = organisation.package_features;
  if (packageFeatures && typeof packageFeatures === 'object') {
    return {
      mode: 'package',
      has: (feature) => own(packageFeatures, feature),
      amount: (feature) => (own(packageFeatures, feature) ? (packageFeatures[feature] ?? 0) : 0),
      tech,
    };
  }
  return { mode: 'legacy', has: () => true, amount: () => -1, tech };
}
