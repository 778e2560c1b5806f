import { selectCanUpdate, selectModel } from '../../machines/model/selectors';
import { FiltersEditor } from '../filters/FiltersEditor';
import { useModelPageSelector } from './ModelPageContext';

/** /model/{id}/settings/filters: the model's own filters, which override its organization's. */
export function ModelFiltersScreen() {
  const model = useModelPageSelector(selectModel);
  const canUpdate = useModelPageSelector(selectCanUpdate);
  if (!model) return null;
  return (
    <section aria-label="Filters">
      {!canUpdate && <p className="page__note">Only modelers and admins can change the model's filters.</p>}
      <FiltersEditor scope={{ modelId: model._id }} />
    </section>
  );
}
