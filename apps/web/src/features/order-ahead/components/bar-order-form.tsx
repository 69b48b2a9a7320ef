import { zodResolver } from '@hookform/resolvers/zod';
import { dashIfEmpty, textOrEmpty } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { AlertMessage } from '@/components/ui';
import { BarOrderFormSchema, type BarOrderFormValues } from '@/features/order-ahead/lib/order-form-schema';
import type { OrderDraft } from '@/features/order-ahead/stores/order-draft';
import { RemarkField } from '@/components/drink/remark-field';

interface BarOrderFormProps {
  menuId: number;
  menuName: string;
  description: string;
  initialDraft?: OrderDraft | null;
  onNext: (draft: OrderDraft) => void;
}

/** A bar drink: the additional request; the description is kept in the draft's tumblerImage. */
export function BarOrderForm({ menuId, menuName, description, initialDraft, onNext }: BarOrderFormProps) {
  const [showCheck, setShowCheck] = useState(false);
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<BarOrderFormValues>({
    resolver: zodResolver(BarOrderFormSchema),
    mode: 'onChange',
    defaultValues: { remark: textOrEmpty(initialDraft?.remark) },
  });
  const remarkLength = (useWatch({ control, name: 'remark' }) ?? '').length;
  const hasErrors = Object.keys(errors).length > 0;

  const handleValid = (values: BarOrderFormValues) => {
    setShowCheck(false);
    onNext({
      venue: 'bar',
      menu_id: menuId,
      menu_name: menuName,
      remark: dashIfEmpty(values.remark),
      tumblerImage: description,
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(handleValid, () => setShowCheck(true))(event)}
      className="space-y-6"
    >
      <RemarkField length={remarkLength} error={errors.remark?.message} {...register('remark')} />
      <OrderFormNext check={showCheck && hasErrors} />
    </form>
  );
}

/** An order form's end: "Please check your order" after a Next with a problem, and Next. */
export function OrderFormNext({ check, disabled }: { check: boolean; disabled?: boolean }) {
  const { _ } = useLingui();
  return (
    <>
      {check ? <AlertMessage>{_('shared.spec.checkOrder')}</AlertMessage> : null}
      <div className="flex justify-end">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={disabled}>
          {_('order.form.next')}
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
    </>
  );
}
