import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/lib/paths';
import { AlertMessage, PageHeader } from '@/components/ui';
import { refusalOr } from '@/lib/error-text';
import { useCreateCategory } from '@/features/management/api/categories';
import { CafeTabsWarning } from '@/features/management/components/cafe-tabs-warning';
import { CategoryFormFields, useCategoryForm } from '@/features/management/components/category-form-fields';
import { SaveButton } from '@/features/management/components/save-button';
import type { CategoryFormValues } from '@/features/management/lib/forms';

/** Add Category (/add-category): a name, the venue it is for, and its kind. */
export function AddCategoryRoute() {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const createCategory = useCreateCategory();
  const [showIncomplete, setShowIncomplete] = useState(false);
  // The kind follows the name as it is typed until the person picks one (CategoryFormFields).
  const form = useCategoryForm({ name: '', kind: 'other' });
  const { handleSubmit, getValues } = form;

  const handleValid = async (values: CategoryFormValues) => {
    setShowIncomplete(false);
    try {
      const category = await createCategory.mutateAsync(values);
      toast.success(_('management.toast.added', { name: category.name }));
      void navigate(paths.barista.menuManagement);
    } catch (error) {
      toast.error(refusalOr(error, _('management.addCategory.failed')));
    }
  };

  // Both questions (name and For) must be answered; the name rule messages show beside the field.
  const handleInvalid = () => {
    const values = getValues();
    setShowIncomplete(!values.name || !values.categoryFor);
  };

  return (
    <section className="mx-auto max-w-xl">
      <PageHeader
        title={_('management.addCategory.title')}
        backTo={paths.barista.menuManagement}
        backLabel={_('management.title')}
      />
      <form
        className="card space-y-4 p-4 sm:p-6"
        noValidate
        onSubmit={(e) => void handleSubmit(handleValid, handleInvalid)(e)}
      >
        <CategoryFormFields form={form} kindFollowsName />
        <CafeTabsWarning form={form} />
        {showIncomplete ? <AlertMessage>{_('shared.spec.answerBothThai')}</AlertMessage> : null}
        <div className="flex justify-end">
          <SaveButton adding pending={createCategory.isPending} />
        </div>
      </form>
    </section>
  );
}
