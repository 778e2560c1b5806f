import type { SnapshotFrom } from 'xstate';
import type { collaboratorsMachine } from './collaboratorsMachine';
import type { deleteModelMachine } from './deleteModelMachine';
import { exportFileName, type exportMachine } from './exportMachine';
import { hasChanges, type modelSettingsMachine } from './modelSettingsMachine';

/** What the model's form screens read from their machines. */

type SettingsSnapshot = SnapshotFrom<typeof modelSettingsMachine>;
export const selectSettingsName = (s: SettingsSnapshot) => s.context.name;
export const selectSettingsUnits = (s: SettingsSnapshot) => s.context.units;
export const selectSettingsError = (s: SettingsSnapshot) => s.context.error;
export const selectSettingsReadOnly = (s: SettingsSnapshot) => s.hasTag('readOnly');
export const selectSettingsSaving = (s: SettingsSnapshot) => s.hasTag('saving');
export const selectSettingsChanged = (s: SettingsSnapshot) => hasChanges(s.context);

type CollaboratorsSnapshot = SnapshotFrom<typeof collaboratorsMachine>;
export const selectPermissions = (s: CollaboratorsSnapshot) => s.context.model.permissions;
/**
 * The organization owner: the server lists them first, always ADMIN, and refuses to demote or remove them (409),
 * so the people screen offers no role change or Remove on that row.
 */
export const selectOrganizationOwnerId = (s: CollaboratorsSnapshot): string | null =>
  s.context.model.permissions[0]?.user._id ?? null;
export const selectInviteEmail = (s: CollaboratorsSnapshot) => s.context.emailAddress;
export const selectInviteRole = (s: CollaboratorsSnapshot) => s.context.role;
export const selectPeopleError = (s: CollaboratorsSnapshot) => s.context.error;
export const selectPeopleReadOnly = (s: CollaboratorsSnapshot) => s.hasTag('readOnly');
export const selectPeopleBusy = (s: CollaboratorsSnapshot) => s.hasTag('busy');

type ExportSnapshot = SnapshotFrom<typeof exportMachine>;
export const selectExportVersions = (s: ExportSnapshot) => s.context.versions;
export const selectExportVersionId = (s: ExportSnapshot) => s.context.versionId;
export const selectExportFormat = (s: ExportSnapshot) => s.context.format;
export const selectExportError = (s: ExportSnapshot) => s.context.error;
export const selectExportBusy = (s: ExportSnapshot) => s.hasTag('busy');
/** The fidelity certificate of the chosen export (issue #20), null while it loads, for the DXF, or on failure. */
export const selectExportCertificate = (s: ExportSnapshot) => s.context.certificate;
export const selectExportCertifying = (s: ExportSnapshot) => s.hasTag('certifying');
export const selectExportCertificateError = (s: ExportSnapshot) => s.context.certificateError;
/** The name the file will most likely get (the server may name it otherwise). */
export const selectExportFileName = (s: ExportSnapshot) => exportFileName(s.context);

type DeleteSnapshot = SnapshotFrom<typeof deleteModelMachine>;
export const selectDeleteConfirmation = (s: DeleteSnapshot) => s.context.confirmation;
export const selectDeleteError = (s: DeleteSnapshot) => s.context.error;
export const selectDeleteReadOnly = (s: DeleteSnapshot) => s.hasTag('readOnly');
export const selectDeleteBusy = (s: DeleteSnapshot) => s.hasTag('busy') || s.hasTag('deleted');
export const selectModelNameToType = (s: DeleteSnapshot) => s.context.model.name;
