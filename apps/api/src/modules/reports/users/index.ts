import type { ReportDefinition } from '../report.js';
import { usersCheckpoints } from './checkpoints.js';
import { usersDynamicSkillCategoryUser } from './dynamic-skill-category-user.js';
import { usersDynamicSkillCategory } from './dynamic-skill-category.js';
import { usersDynamicSkills } from './dynamic-skills.js';
import { usersLogins } from './logins.js';
import { usersMissingDataUsers } from './missing-data-users.js';
import { usersMissingData } from './missing-data.js';
import { usersSkillsUsers } from './skills-users.js';
import { usersSkills } from './skills.js';
import { usersTouchpoints } from './touchpoints.js';
import { usersVettingByUser } from './vetting-by-user.js';
import { usersVettingUsers } from './vetting-users.js';
import { usersVetting } from './vetting.js';
import { usersByRole } from './by-role.js';
import { usersByTeamUsers } from './by-team-users.js';
import { usersByTeam } from './by-team.js';
import { usersLeavers } from './leavers.js';
import { usersLeavingReasons } from './leaving-reasons.js';
import { usersNewStarters } from './new-starters.js';
import { usersVolunteeringLength } from './volunteering-length.js';

/** `/reports/users/*` (platform-foundation §7 "Reports"). */
export const USER_REPORTS: readonly ReportDefinition[] = [
  usersByRole,
  usersByTeam,
  usersByTeamUsers,
  usersLeavingReasons,
  usersLeavers,
  usersVolunteeringLength,
  usersNewStarters,
  usersLogins,
  usersCheckpoints,
  usersMissingData,
  usersMissingDataUsers,
  usersSkills,
  usersSkillsUsers,
  usersDynamicSkills,
  usersDynamicSkillCategory,
  usersDynamicSkillCategoryUser,
  usersVetting,
  usersVettingUsers,
  usersVettingByUser,
  usersTouchpoints,
];
