import { useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ownMessages } from '../../contract/errors';
import type { Model } from '../../contract/http/models';
import type { Version } from '../../contract/http/versions';
import { EXPORT_FORMATS, selectExportDrawing, type ExportFormat } from '../../machines/model/exportMachine';
import {
  selectExportBusy,
  selectExportCertificate,
  selectExportCertificateError,
  selectExportCertifying,
  selectExportError,
  selectExportFileName,
  selectExportFormat,
  selectExportVersionId,
} from '../../machines/model/formSelectors';
import { selectModel, selectVersions } from '../../machines/model/selectors';
import { ExportCertificate } from './ExportCertificate';
import { useModelPageSelector } from './ModelPageContext';
import { useExportActor, useExportEvents } from './useExportActor';

const formatLabels: Record<ExportFormat, string> = {
  e2k: 'ETABS text (.e2k)',
  s2k: 'SAP2000 text (.s2k)',
  ifc: 'IFC4 for Revit and Tekla (.ifc)',
  cis2: 'CIS/2 steel model for Tekla, SDS/2 and RISA (.stp)',
  xlsx: 'Excel workbook (.xlsx)',
  json: 'Gusset JSON (.json)',
  dxf: 'AutoCAD DXF (plans + 3-D wireframe)',
};

/**
 * /model/{id}/settings/export: download any version in any format, with the model's filters applied.
 * `?version=` (from a history card or the viewer's toolbar) opens it on that version.
 */
export function ModelExportScreen() {
  const model = useModelPageSelector(selectModel);
  const versions = useModelPageSelector(selectVersions);
  if (!model) return null;
  if (versions.length === 0) return <p className="page__note">This model has no version to export yet.</p>;
  // A new version (upload, restore) starts the form again with the newest one chosen.
  return <ExportForm key={versions[0]?.ID} model={model} versions={versions} />;
}

function ExportForm({ model, versions }: { model: Model; versions: Version[] }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const actor = useExportActor({
    modelId: model._id,
    modelName: model.name,
    versions,
    versionId: searchParams.get('version'),
  });
  const events = useExportEvents(actor);
  const versionId = useSelector(actor, selectExportVersionId);
  // The address names the version chosen, so a reload or a shared link opens it.
  const addressVersion = searchParams.get('version');
  useEffect(() => {
    if (versionId !== null && versionId !== addressVersion) {
      setSearchParams({ version: versionId }, { replace: true });
    }
  }, [versionId, addressVersion, setSearchParams]);
  const format = useSelector(actor, selectExportFormat);
  const error = useSelector(actor, selectExportError);
  const busy = useSelector(actor, selectExportBusy);
  const fileName = useSelector(actor, selectExportFileName);
  const drawing = useSelector(actor, selectExportDrawing);
  const certificate = useSelector(actor, selectExportCertificate);
  const certifying = useSelector(actor, selectExportCertifying);
  const certificateError = useSelector(actor, selectExportCertificateError);
  const versionSelectId = useId();

  return (
    <form
      className="card form export-form"
      aria-label="Export"
      onSubmit={(event) => {
        event.preventDefault();
        events.download();
      }}
    >
      {/* Not wrapped in its label: a wrapped select would lend its chosen option to the label's name. */}
      <div className="form__field">
        <label htmlFor={versionSelectId}>Version</label>
        <select
          id={versionSelectId}
          name="version"
          value={versionId ?? ''}
          onChange={(event) => events.chooseVersion(event.target.value)}
        >
          {versions.map((version) => (
            <option key={version.ID} value={version.ID}>
              Version {version.number}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="form__group">
        <legend>Format</legend>
        {EXPORT_FORMATS.map((option) => (
          <label key={option} className="form-check">
            <input
              type="radio"
              name="format"
              value={option}
              checked={format === option}
              onChange={() => events.chooseFormat(option)}
            />
            {formatLabels[option]}
          </label>
        ))}
      </fieldset>
      <p className="form-hint">
        {format === 'dxf'
          ? `The drawing shows the whole version in the model's units. It downloads as ${fileName}.`
          : `The model's filters apply to the exported file. It downloads as ${fileName}.`}
      </p>
      {format !== 'dxf' && (
        <ExportCertificate
          format={format}
          certificate={certificate}
          certifying={certifying}
          error={certificateError}
          onRetry={events.retryCertificate}
        />
      )}
      {error !== null && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={busy}>
        {drawing ? ownMessages.dxfDrawing : busy ? 'Preparing the file...' : 'Download'}
      </button>
    </form>
  );
}
