import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@cafe/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/lib/paths';
import { AlertMessage, PageHeader } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { useCreateCategory } from '@/features/management/api/create-category';
import { CategoryFormFields } from '@/features/management/components/category-form-fields';
import { CategoryFormSchema, type CategoryFormValues } from '@/features/management/lib/forms';

/** Add Category (/add-category): a name and the venue it is for. */
export function AddCategoryRoute() {
  const navigate = useNavigate();
  const createCategory = useCreateCategory();
  const [showIncomplete, setShowIncomplete] = useState(false);
  const form = useForm<CategoryFormValues>({
    resolver: zodResolver(CategoryFormSchema),
    mode: 'onChange',
    defaultValues: { name: '' },
  });
  const { handleSubmit, getValues } = form;

  const handleValid = async (values: CategoryFormValues) => {
    setShowIncomplete(false);
    try {
      const category = await createCategory.mutateAsync(values);
      toast.success(`Added ${category.name}`);
      void navigate(paths.barista.menuManagement);
    } catch (error) {
      toast.error(isApiError(error) ? error.message : 'Could not add the category. Please try again.');
    }
  };

  // Both questions (name and For) must be answered; the name rule messages show beside the field.
  const handleInvalid = () => {
    const values = getValues();
    setShowIncomplete(!values.name || !values.categoryFor);
  };

  return (
    <section className="mx-auto max-w-xl">
      <PageHeader title="Add Category" backTo={paths.barista.menuManagement} backLabel="Menu Management" />
      <form
        className="card space-y-4 p-4 sm:p-6"
        noValidate
        onSubmit={(e) => void handleSubmit(handleValid, handleInvalid)(e)}
      >
        <CategoryFormFields form={form} />
        {showIncomplete ? (
          <AlertMessage>
            <span lang="th">{MESSAGES.answerBothThai}</span>
          </AlertMessage>
        ) : null}
        <div className="flex justify-end">
          <button type="submit" className="btn-primary" disabled={createCategory.isPending}>
            {createCategory.isPending ? 'Adding...' : 'Add'}
          </button>
        </div>
      </form>
    </section>
  );
}
